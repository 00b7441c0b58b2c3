import { and, count, eq, getTableColumns, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ideaAnnotations, type AnnotationRow } from '../../db/schema/annotations.js';
import { ideas } from '../../db/schema/ideas.js';
import { orderBy, type Ordering } from '../../lib/ordering.js';
import { lockedAnnotations, type AnnotationValues } from './annotations.repository.js';
import type { ChildOrderingField } from './own-annotations.schemas.js';

/** An annotation with what its API answer shows of the idea. */
export type AnnotationWithIdea = AnnotationRow & { ideaTitle: string; brainstormId: number };

const withIdea = {
  ...getTableColumns(ideaAnnotations),
  ideaTitle: ideas.title,
  brainstormId: ideas.brainstormId,
};

const mine = (userId: number, id: number) =>
  and(eq(ideaAnnotations.id, id), eq(ideaAnnotations.userId, userId));

export interface AnnotationListParams {
  idea?: number | undefined;
  isBookmarked?: boolean | undefined;
  isHidden?: boolean | undefined;
  ordering: Ordering<ChildOrderingField>;
  limit: number;
  offset: number;
}

/** One page of a user's annotations with their ideas: two statements whatever the page size. */
export async function listAnnotations(db: Db, userId: number, params: AnnotationListParams) {
  const where = and(
    eq(ideaAnnotations.userId, userId),
    params.idea !== undefined ? eq(ideaAnnotations.ideaId, params.idea) : undefined,
    params.isBookmarked !== undefined
      ? eq(ideaAnnotations.isBookmarked, params.isBookmarked)
      : undefined,
    params.isHidden !== undefined ? eq(ideaAnnotations.isHidden, params.isHidden) : undefined,
  );
  const [total] = await db.select({ value: count() }).from(ideaAnnotations).where(where);
  const rows = await db
    .select(withIdea)
    .from(ideaAnnotations)
    .innerJoin(ideas, eq(ideas.id, ideaAnnotations.ideaId))
    .where(where)
    .orderBy(...orderBy(params.ordering, ideaAnnotations, ideaAnnotations.id))
    .limit(params.limit)
    .offset(params.offset);
  return { count: total?.value ?? 0, rows };
}

export async function findAnnotation(
  db: Db,
  userId: number,
  id: number,
): Promise<AnnotationWithIdea | null> {
  const [row] = await db
    .select(withIdea)
    .from(ideaAnnotations)
    .innerJoin(ideas, eq(ideas.id, ideaAnnotations.ideaId))
    .where(mine(userId, id));
  return row ?? null;
}

/** The user's annotation of that id, its idea locked first (see `lockingIdeas`). */
const lockingMine = (db: Db, userId: number, id: number, brainstormFirst = false) =>
  lockedAnnotations(db, ideaAnnotations.id, mine(userId, id), { brainstormFirst });

/** Writes only the named fields of a user's annotation; null when the user has no such one. */
export async function updateAnnotation(
  db: Db,
  userId: number,
  id: number,
  values: AnnotationValues,
): Promise<AnnotationRow | null> {
  const named = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const { locked, where } = lockingMine(db, userId, id);
  const [row] = await db
    .with(locked)
    .update(ideaAnnotations)
    .set({ ...named, modified: sql`now()` })
    .where(where)
    .returning();
  return row ?? null;
}

/** Flips a flag in SQL, so concurrent toggles each count. */
export async function toggleAnnotation(
  db: Db,
  userId: number,
  id: number,
  flag: 'isBookmarked' | 'isHidden',
): Promise<AnnotationRow | null> {
  const { locked, where } = lockingMine(db, userId, id);
  const [row] = await db
    .with(locked)
    .update(ideaAnnotations)
    .set({ [flag]: not(ideaAnnotations[flag]), modified: sql`now()` })
    .where(where)
    .returning();
  return row ?? null;
}

/**
 * Deletes a user's annotation (its reactions and comments go with it); false when none. Each of
 * them updates the idea, so the brainstorm is locked first (see `lockingIdeas`).
 */
export async function deleteAnnotation(db: Db, userId: number, id: number): Promise<boolean> {
  const { locked, where } = lockingMine(db, userId, id, true);
  const rows = await db
    .with(locked)
    .delete(ideaAnnotations)
    .where(where)
    .returning({ id: ideaAnnotations.id });
  return rows.length > 0;
}

export async function findAnnotationRow(
  db: Db,
  userId: number,
  id: number,
): Promise<AnnotationRow | null> {
  const [row] = await db.select().from(ideaAnnotations).where(mine(userId, id));
  return row ?? null;
}
