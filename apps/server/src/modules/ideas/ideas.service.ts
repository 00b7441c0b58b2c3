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
import { closestEarlierRows, placeRows } from './batch-comparison.js';
import { compareEarly, compareSince } from './early-comparison.js';
import { brainstormOfIdea, inWriteTurn, lockBrainstorm, promoteStack } from './near-duplicates.js';
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
 * Writes an idea by hand. It is compared with the brainstorm's ideas, and again under the
 * brainstorm's lock with those stored meanwhile, as a generated one is, and stacked under the
 * one it nearly repeats (decisions 025 and 039).
 */
export async function createIdea(
  db: Db,
  user: UserRow,
  input: IdeaCreateInput,
  thresholds: DuplicateThresholds,
) {
  const early = await compareEarly(db, input.brainstorm, [input], thresholds);
  const id = await inWriteTurn(db, input.brainstorm, () =>
    db.transaction(async (tx) => {
      if (!(await lockBrainstorm(tx, input.brainstorm)))
        throw missing('brainstorm', input.brainstorm);
      const [match] = await compareSince(tx, input.brainstorm, [input], early, thresholds);
      return repo.insertIdea(tx, {
        brainstormId: input.brainstorm,
        title: input.title,
        summary: input.summary,
        description: input.description,
        createdBy: user.id,
        ...(match?.duplicate && { duplicateOf: match.original, duplicateScore: match.score }),
      });
    }),
  );
  return getIdea(db, user, id);
}

/** The text of an idea written by hand, without its brainstorm. */
export type IdeaText = Omit<IdeaCreateInput, 'brainstorm'>;

/**
 * How many ideas of a batch one statement compares: each statement holds the database for a
 * moment only, whatever the batch's size (decision 039).
 */
const COMPARED_PER_STATEMENT = 1;
/** How many of a batch's statements run at once: on PostgreSQL, two cores' worth. */
const COMPARED_AT_ONCE = 2;
const EARLIER_ROWS_PER_STATEMENT = 4;

/**
 * Stores ideas written by hand (an import), all or none. They are compared with the brainstorm
 * and with each other first, then, in one transaction under the brainstorm's lock, with the ideas
 * stored meanwhile, and stored together, each stacked as `createIdea` stacks one, as if stored
 * one after another. A brainstorm that is gone is a 404.
 */
export async function createIdeas(
  db: Db,
  user: UserRow,
  brainstormId: number,
  texts: IdeaText[],
  thresholds: DuplicateThresholds,
) {
  const early = await compareEarly(db, brainstormId, texts, thresholds, {
    chunk: COMPARED_PER_STATEMENT,
    parallel: COMPARED_AT_ONCE,
  });
  const earlier = await closestEarlierRows(db, texts, EARLIER_ROWS_PER_STATEMENT);
  const store = () =>
    db.transaction(async (tx) => {
      if (!(await lockBrainstorm(tx, brainstormId))) throw notFound();
      const matches = await compareSince(tx, brainstormId, texts, early, thresholds);
      const placed = placeRows(matches, earlier, thresholds);
      const ids = await repo.insertIdeasInOrder(
        tx,
        brainstormId,
        user.id,
        texts.map((text, i) => ({
          ...text,
          duplicateOf: placed[i]?.under ?? null,
          duplicateScore: placed[i]?.score ?? null,
        })),
      );
      return { ids, stacked: placed.filter((place) => place.under !== null).length };
    });
  return inWriteTurn(db, brainstormId, store);
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
  const { matches } = await compareEarly(db, brainstormId, texts, thresholds, {
    chunk: COMPARED_PER_STATEMENT,
    parallel: COMPARED_AT_ONCE,
  });
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
  const early = await compareEarly(db, brainstormId, [idea], thresholds, {
    excluding: { stacks: sources },
  });
  try {
    return await inWriteTurn(db, brainstormId, () =>
      db.transaction(async (tx) => {
        if (!(await lockBrainstorm(tx, brainstormId))) return null;
        const [match] = await compareSince(tx, brainstormId, [idea], early, thresholds, {
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
      }),
    );
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
  await inWriteTurn(db, idea.brainstormId, () =>
    db.transaction(async (tx) => {
      if (!(await lockBrainstorm(tx, idea.brainstormId))) return;
      await promoteStack(tx, id);
      await repo.deleteIdea(tx, id);
    }),
  );
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
