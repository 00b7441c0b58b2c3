import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  ideaAnnotations,
  ideaReactions,
  type ReactionRow,
  type ReactionType,
} from '../../db/schema/annotations.js';
import { orderBy, type Ordering } from '../../lib/ordering.js';
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

/** Adds a reaction unless the annotation has that type already: then null, and nothing changes. */
export async function insertReaction(
  db: Db,
  values: { annotationId: number; reactionType: ReactionType },
): Promise<ReactionRow | null> {
  const [row] = await db.insert(ideaReactions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findReactionOfType(
  db: Db,
  annotationId: number,
  reactionType: ReactionType,
): Promise<ReactionRow | null> {
  const [row] = await db
    .select()
    .from(ideaReactions)
    .where(
      and(
        eq(ideaReactions.annotationId, annotationId),
        eq(ideaReactions.reactionType, reactionType),
      ),
    );
  return row ?? null;
}

export async function updateReaction(
  db: Db,
  userId: number,
  id: number,
  values: { reactionType?: ReactionType | undefined },
): Promise<ReactionRow | null> {
  const [row] = await db
    .update(ideaReactions)
    .set({ ...values, modified: sql`now()` })
    .where(mine(db, userId, id))
    .returning();
  return row ?? null;
}

export async function deleteReaction(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(ideaReactions)
    .where(mine(db, userId, id))
    .returning({ id: ideaReactions.id });
  return rows.length > 0;
}
