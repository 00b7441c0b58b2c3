import type { Db } from '../../db/client.js';
import { ideaComments, type CommentRow } from '../../db/schema/annotations.js';
import type { UserRow } from '../../db/schema/users.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { notFound } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { pageWindow, type Counted } from '../../lib/pagination.js';
import { emitWebhookEvent, type WebhookOutbox } from '../webhooks/webhooks.service.js';
import * as repo from './annotation-children.repository.js';
import { annotationFor } from './annotations.service.js';
import type {
  CommentChanges,
  CommentCreateInput,
  CommentDto,
  CommentListQuery,
} from './comments.schemas.js';

const toCommentDto = (row: CommentRow): CommentDto => ({
  id: row.id,
  text: row.text,
  created: isoDate(row.created),
  modified: isoDate(row.modified),
  annotation: row.annotationId,
});

export async function listComments(
  db: Db,
  user: UserRow,
  query: CommentListQuery,
): Promise<Counted<CommentDto>> {
  const { count, rows } = await repo.listChildren(db, ideaComments, user.id, {
    ...query,
    ...pageWindow(query),
  });
  return { count, rows: rows.map(toCommentDto) };
}

export async function getComment(db: Db, user: UserRow, id: number) {
  const row = await repo.findChild(db, ideaComments, user.id, id);
  if (!row) throw notFound();
  return toCommentDto(row);
}

/**
 * Always a new comment (`inserted`), unlike an annotation or a reaction. The webhooks' event for
 * it is queued in the same transaction.
 */
export async function createComment(
  db: Db,
  user: UserRow,
  input: CommentCreateInput,
  webhooks: WebhookOutbox,
) {
  return db.transaction(async (tx) => {
    const annotation = await annotationFor(tx, user, input);
    const row = await repo
      .insertComment(tx, { annotationId: annotation.id, text: input.text })
      .catch((error: unknown) => {
        // The annotation was deleted after the statement found it, before it wrote.
        throw isForeignKeyViolation(error) ? notFound() : error;
      });
    if (!row) throw notFound();
    await emitWebhookEvent(tx, webhooks, { type: 'comment.created', commentId: row.id });
    return { inserted: true, row: toCommentDto(row) };
  });
}

export async function updateComment(db: Db, user: UserRow, id: number, changes: CommentChanges) {
  const row = await repo.updateChild(db, ideaComments, user.id, id, changes);
  if (!row) throw notFound();
  return toCommentDto(row);
}

export async function deleteComment(db: Db, user: UserRow, id: number) {
  if (!(await repo.deleteChild(db, ideaComments, user.id, id))) throw notFound();
}
