import type { DuplicateThresholds } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { fieldError, notFound, permissionDenied } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { pageWindow, type Counted, type Pagination } from '../../lib/pagination.js';
import type { AnnotationChanges } from '../annotations/annotations.schemas.js';
import { annotateIdea } from '../annotations/annotations.service.js';
import { displayName } from '../users/users.service.js';
import * as repo from './ideas.repository.js';
import { brainstormOfIdea, closestIdeas, lockBrainstorm, promoteStack } from './near-duplicates.js';
import type { IdeaChanges, IdeaCommentDto, IdeaCreateInput } from './ideas.schemas.js';

async function findOr404(db: Db, user: UserRow, id: number) {
  const idea = await repo.findIdea(db, id, user.id);
  if (!idea) throw notFound();
  return idea;
}

/** The idea's author, the brainstorm's creator or staff; a generated idea has no author. */
function assertCanChange(actor: UserRow, idea: repo.IdeaWithBrainstorm) {
  const isAuthor = idea.createdBy !== null && idea.createdBy === actor.id;
  if (!isAuthor && idea.brainstormCreatedBy !== actor.id && !actor.isStaff) {
    throw permissionDenied();
  }
}

/** One idea as the API shows it to the user, with their annotation when asked. */
export async function getIdea(db: Db, user: UserRow, id: number, withAnnotations = false) {
  const idea = await repo.findIdeaDto(db, id, user.id, withAnnotations);
  if (!idea) throw notFound();
  return idea;
}

/**
 * Locks a brainstorm's row until the transaction ends, as every write under a brainstorm does
 * first (decisions 017 and 025), so that changes to its ideas and themes take turns; false when
 * the brainstorm is gone.
 */
export const lockBrainstormForWrite = (db: Db, brainstormId: number) =>
  lockBrainstorm(db, brainstormId);

/** The brainstorm an idea is in, or null when there is no such idea. */
export const brainstormOf = (db: Db, ideaId: number) => brainstormOfIdea(db, ideaId);

const missing = (field: string, id: number) =>
  fieldError(field, `Invalid pk "${id}" - object does not exist.`);

/**
 * Writes an idea by hand. It is compared with the brainstorm's ideas under the brainstorm's lock,
 * as a generated one is, and stacked under the one it nearly repeats (decision 025).
 */
export async function createIdea(
  db: Db,
  user: UserRow,
  input: IdeaCreateInput,
  thresholds: DuplicateThresholds,
) {
  const { id } = await db.transaction(async (tx) => {
    if (!(await lockBrainstorm(tx, input.brainstorm)))
      throw missing('brainstorm', input.brainstorm);
    return insertByHand(tx, user, input.brainstorm, input, thresholds);
  });
  return getIdea(db, user, id);
}

/** The text of an idea written by hand, without its brainstorm. */
export type IdeaText = Omit<IdeaCreateInput, 'brainstorm'>;

/**
 * Stores an idea written by hand, stacked under the one it nearly repeats. Call it inside a
 * transaction that holds the brainstorm's lock.
 */
async function insertByHand(
  tx: Db,
  user: UserRow,
  brainstormId: number,
  text: IdeaText,
  thresholds: DuplicateThresholds,
) {
  const [match] = await closestIdeas(tx, brainstormId, [text], thresholds);
  const id = await repo.insertIdea(tx, {
    brainstormId,
    title: text.title,
    summary: text.summary,
    description: text.description,
    createdBy: user.id,
    ...(match?.duplicate && { duplicateOf: match.original, duplicateScore: match.score }),
  });
  return { id, stacked: match?.duplicate ?? false };
}

/**
 * Stores ideas written by hand (an import), all or none: one transaction under the brainstorm's
 * lock, each compared with what the brainstorm holds, the ones stored before it included, and
 * stacked as `createIdea` stacks one. A brainstorm that is gone is a 404.
 */
export async function createIdeas(
  db: Db,
  user: UserRow,
  brainstormId: number,
  texts: IdeaText[],
  thresholds: DuplicateThresholds,
) {
  return db.transaction(async (tx) => {
    if (!(await lockBrainstorm(tx, brainstormId))) throw notFound();
    const stored = [];
    for (const text of texts)
      stored.push(await insertByHand(tx, user, brainstormId, text, thresholds));
    return { ids: stored.map((s) => s.id), stacked: stored.filter((s) => s.stacked).length };
  });
}

/**
 * For each text, the idea of the brainstorm it would be stacked under if it were stored now,
 * with that idea's title; null for one that would stand alone.
 */
export async function wouldStackUnder(
  db: Db,
  brainstormId: number,
  texts: IdeaText[],
  thresholds: DuplicateThresholds,
): Promise<({ id: number; title: string } | null)[]> {
  if (texts.length === 0) return [];
  const matches = await closestIdeas(db, brainstormId, texts, thresholds);
  const originals = matches.flatMap((m) =>
    m.duplicate && m.original !== null ? [m.original] : [],
  );
  const titles = await repo.selectTitles(db, [...new Set(originals)]);
  return matches.map((m) =>
    m.duplicate && m.original !== null
      ? { id: m.original, title: titles.get(m.original) ?? '' }
      : null,
  );
}

/** An idea a model wrote by merging others ('Combine'), with who asked and what it cost. */
export interface CombinedIdea {
  brainstormId: number;
  title: string;
  summary: string;
  description: string;
  /** The ideas it merges: it links to them, and they stay as they were. */
  sources: number[];
  /** Who asked for it: as its author, they may delete it, which is the undo. */
  createdBy: number;
  provider: string;
  model: string;
  technique: string;
  promptVersion: string;
  settings: { temperature: number; max_tokens: number };
  inputTokens: number;
  outputTokens: number;
}

/** A combined idea was recorded on its run before: the one stored now is rolled back. */
class AlreadyRecorded extends Error {}

/**
 * Stores a combined idea in one transaction under the brainstorm's lock, compared with its
 * ideas as every stored idea is (decision 025), and stacked under the one it nearly repeats.
 * Its sources and what is stacked under them are left out of that comparison: a combination
 * shares their words by nature, and stacking it under one would hide what was asked for.
 * `record` notes the idea where it was asked for, in the same transaction; when it answers false
 * (the idea was recorded there before) nothing is stored. Null when nothing was: the brainstorm
 * is gone, or the idea was recorded before.
 */
export async function storeCombinedIdea(
  db: Db,
  idea: CombinedIdea,
  thresholds: DuplicateThresholds,
  record: (tx: Db, ideaId: number) => Promise<boolean>,
): Promise<number | null> {
  const { sources, brainstormId, ...values } = idea;
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockBrainstorm(tx, brainstormId))) return null;
      const [match] = await closestIdeas(tx, brainstormId, [idea], thresholds, {
        stacks: sources,
      });
      const id = await repo.insertIdea(tx, {
        ...values,
        brainstormId,
        combinedFrom: sources,
        ...(match?.duplicate && { duplicateOf: match.original, duplicateScore: match.score }),
      });
      if (!(await record(tx, id))) throw new AlreadyRecorded();
      return id;
    });
  } catch (error) {
    if (error instanceof AlreadyRecorded) return null;
    throw error;
  }
}

export async function updateIdea(db: Db, user: UserRow, id: number, changes: IdeaChanges) {
  const idea = await findOr404(db, user, id);
  assertCanChange(user, idea);
  if (changes.brainstorm !== undefined && changes.brainstorm !== idea.brainstormId) {
    throw fieldError('brainstorm', 'An idea stays in its brainstorm.');
  }
  const { title, summary, description } = changes;
  const named = Object.entries({ title, summary, description }).filter(([, v]) => v !== undefined);
  await repo.updateIdea(db, id, Object.fromEntries(named));
  return getIdea(db, user, id);
}

/** Deletes an idea; what was stacked under it stays, under the earliest of its stack. */
export async function deleteIdea(db: Db, user: UserRow, id: number) {
  const idea = await findOr404(db, user, id);
  assertCanChange(user, idea);
  await db.transaction(async (tx) => {
    if (!(await lockBrainstorm(tx, idea.brainstormId))) return;
    await promoteStack(tx, id);
    await repo.deleteIdea(tx, id);
  });
}

export const annotate = (db: Db, user: UserRow, id: number, changes: AnnotationChanges) =>
  annotateIdea(db, user, id, changes);

type CommentRow = Awaited<ReturnType<typeof repo.selectComments>>[number];

const toCommentDto = (row: CommentRow): IdeaCommentDto => ({
  id: row.id,
  text: row.text,
  created: isoDate(row.created),
  modified: isoDate(row.modified),
  author: { id: row.author.id, name: displayName(row.author) },
});

/**
 * Everyone's comments on an idea, oldest first, with each author's display name. Under blind
 * review, an idea the caller has not reviewed answers an empty page marked `totalsHidden`.
 */
export async function listComments(
  db: Db,
  user: UserRow,
  ideaId: number,
  query: Pagination,
): Promise<Counted<IdeaCommentDto> & { totalsHidden: boolean }> {
  const { count, ideaExists, totalsHidden } = await repo.countComments(db, ideaId, user.id);
  if (!ideaExists) throw notFound();
  if (totalsHidden) return { count: 0, rows: [], totalsHidden };
  const rows = await repo.selectComments(db, ideaId, pageWindow(query));
  return { count, rows: rows.map(toCommentDto), totalsHidden };
}

/** One comment as the idea's comment list shows it, or null when it is not there. */
export async function findComment(db: Db, id: number): Promise<IdeaCommentDto | null> {
  const row = await repo.selectComment(db, id);
  return row ? toCommentDto(row) : null;
}
