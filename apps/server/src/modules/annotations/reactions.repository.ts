import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  ideaAnnotations,
  ideaReactions,
  type ReactionRow,
  type ReactionType,
} from '../../db/schema/annotations.js';
import { orderBy, type Ordering } from '../../lib/ordering.js';
import {
  lockedAnnotations,
  lockingIdeas,
  rowJson,
  withDates,
  type JsonRow,
} from './annotations.repository.js';
import type { ChildOrderingField } from './own-annotations.schemas.js';

/** The ids of a user's annotations, as a subquery: a reaction is its annotation's user's. */
const annotationsOf = (db: Db, userId: number) =>
  db
    .select({ id: ideaAnnotations.id })
    .from(ideaAnnotations)
    .where(eq(ideaAnnotations.userId, userId));

const mine = (db: Db, userId: number, id: number) =>
  and(eq(ideaReactions.id, id), inArray(ideaReactions.annotationId, annotationsOf(db, userId)));

export interface ReactionListParams {
  idea?: number | undefined;
  reactionType?: ReactionType | undefined;
  ordering: Ordering<ChildOrderingField>;
  limit: number;
  offset: number;
}

/** One page of a user's reactions: two statements whatever the page size. */
export async function listReactions(db: Db, userId: number, params: ReactionListParams) {
  const where = and(
    eq(ideaAnnotations.userId, userId),
    params.idea !== undefined ? eq(ideaAnnotations.ideaId, params.idea) : undefined,
    params.reactionType ? eq(ideaReactions.reactionType, params.reactionType) : undefined,
  );
  const joined = eq(ideaAnnotations.id, ideaReactions.annotationId);
  const [total] = await db
    .select({ value: count() })
    .from(ideaReactions)
    .innerJoin(ideaAnnotations, joined)
    .where(where);
  const rows = await db
    .select(getTableColumns(ideaReactions))
    .from(ideaReactions)
    .innerJoin(ideaAnnotations, joined)
    .where(where)
    .orderBy(...orderBy(params.ordering, ideaReactions, ideaReactions.id))
    .limit(params.limit)
    .offset(params.offset);
  return { count: total?.value ?? 0, rows };
}

export async function findReaction(
  db: Db,
  userId: number,
  id: number,
): Promise<ReactionRow | null> {
  const [row] = await db
    .select()
    .from(ideaReactions)
    .where(mine(db, userId, id));
  return row ?? null;
}

/**
 * Adds a reaction, or finds the annotation's reaction of that type: `inserted` tells which. One
 * statement, which locks the idea first (see `lockingIdeas`); null when the annotation or its
 * idea is not there (any more).
 */
export async function saveReaction(
  db: Db,
  annotationId: number,
  reactionType: ReactionType,
): Promise<{ row: ReactionRow; inserted: boolean } | null> {
  const [result] = rowsOf<{ reaction: JsonRow<ReactionRow>; inserted: boolean }>(
    await db.execute(sql`with locked as (${lockingIdeas(db, eq(ideaAnnotations.id, annotationId))})
      insert into ${ideaReactions} (annotation_id, reaction_type)
      select id, ${reactionType}::text from locked
      on conflict (annotation_id, reaction_type) do update set modified = ${ideaReactions.modified}
      returning ${rowJson(ideaReactions)} as reaction, (xmax = 0) as inserted`),
  );
  return result ? { row: withDates(result.reaction), inserted: result.inserted } : null;
}

/** The user's reaction of that id, its idea locked first (see `lockingIdeas`). */
const lockingMine = (db: Db, userId: number, id: number) =>
  lockedAnnotations(
    db,
    ideaReactions.annotationId,
    and(eq(ideaReactions.id, id), eq(ideaAnnotations.userId, userId)),
    { child: ideaReactions },
  );

export async function updateReaction(
  db: Db,
  userId: number,
  id: number,
  values: { reactionType?: ReactionType | undefined },
): Promise<ReactionRow | null> {
  const { locked, where } = lockingMine(db, userId, id);
  const [row] = await db
    .with(locked)
    .update(ideaReactions)
    .set({ ...values, modified: sql`now()` })
    .where(and(eq(ideaReactions.id, id), where))
    .returning();
  return row ?? null;
}

export async function deleteReaction(db: Db, userId: number, id: number): Promise<boolean> {
  const { locked, where } = lockingMine(db, userId, id);
  const rows = await db
    .with(locked)
    .delete(ideaReactions)
    .where(and(eq(ideaReactions.id, id), where))
    .returning({ id: ideaReactions.id });
  return rows.length > 0;
}
