import type { Db } from '../../db/client.js';
import { ideaReactions, type ReactionRow } from '../../db/schema/annotations.js';
import type { UserRow } from '../../db/schema/users.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { pageWindow, type Counted } from '../../lib/pagination.js';
import { emitWebhookEvent, type WebhookOutbox } from '../webhooks/webhooks.service.js';
import * as repo from './annotation-children.repository.js';
import { annotationFor } from './annotations.service.js';
import type {
  OwnReactionDto,
  ReactionChanges,
  ReactionCreateInput,
  ReactionListQuery,
} from './reactions.schemas.js';

const toReactionDto = (row: ReactionRow): OwnReactionDto => ({
  id: row.id,
  reaction_type: row.reactionType,
  created: isoDate(row.created),
  modified: isoDate(row.modified),
  annotation: row.annotationId,
});

export async function listReactions(
  db: Db,
  user: UserRow,
  query: ReactionListQuery,
): Promise<Counted<OwnReactionDto>> {
  const { count, rows } = await repo.listChildren(db, ideaReactions, user.id, {
    ...query,
    reactionType: query.reaction_type,
    ...pageWindow(query),
  });
  return { count, rows: rows.map(toReactionDto) };
}

export async function getReaction(db: Db, user: UserRow, id: number) {
  const row = await repo.findChild(db, ideaReactions, user.id, id);
  if (!row) throw notFound();
  return toReactionDto(row);
}

/** A new thumbtack may pin its idea: the webhooks' event is queued in the write's transaction. */
async function announcePin(tx: Db, webhooks: WebhookOutbox, row: ReactionRow) {
  if (row.reactionType !== 'thumbtack') return;
  await emitWebhookEvent(tx, webhooks, { type: 'idea.pinned', reactionId: row.id });
}

/**
 * Adds a reaction, or finds the one of that type there is, in one statement: parallel identical
 * requests make one. `inserted` tells the two apart.
 */
export async function createReaction(
  db: Db,
  user: UserRow,
  input: ReactionCreateInput,
  webhooks: WebhookOutbox,
) {
  return db.transaction(async (tx) => {
    const annotation = await annotationFor(tx, user, input);
    const saved = await repo
      .saveReaction(tx, annotation.id, input.reaction_type)
      .catch((error: unknown) => {
        // The annotation was deleted after the statement found it, before it wrote.
        throw isForeignKeyViolation(error) ? notFound() : error;
      });
    if (!saved) throw notFound();
    if (saved.inserted) await announcePin(tx, webhooks, saved.row);
    return { inserted: saved.inserted, row: toReactionDto(saved.row) };
  });
}

export async function updateReaction(
  db: Db,
  user: UserRow,
  id: number,
  changes: ReactionChanges,
  webhooks: WebhookOutbox,
) {
  return db.transaction(async (tx) => {
    const before = await repo.findChild(tx, ideaReactions, user.id, id);
    const row = await repo
      .updateChild(tx, ideaReactions, user.id, id, { reactionType: changes.reaction_type })
      .catch((error: unknown) => {
        throw isUniqueViolation(error)
          ? fieldError('reaction_type', 'This annotation already has a reaction of this type.')
          : error;
      });
    if (!row) throw notFound();
    if (before?.reactionType !== row.reactionType) await announcePin(tx, webhooks, row);
    return toReactionDto(row);
  });
}

export async function deleteReaction(db: Db, user: UserRow, id: number) {
  if (!(await repo.deleteChild(db, ideaReactions, user.id, id))) throw notFound();
}
