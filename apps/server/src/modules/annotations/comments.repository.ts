import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ideaAnnotations, ideaComments, type CommentRow } from '../../db/schema/annotations.js';
import { orderBy, type Ordering } from '../../lib/ordering.js';
import type { ChildOrderingField } from './own-annotations.schemas.js';

/** The ids of a user's annotations, as a subquery: a comment is its annotation's user's. */
const annotationsOf = (db: Db, userId: number) =>
  db
    .select({ id: ideaAnnotations.id })
    .from(ideaAnnotations)
    .where(eq(ideaAnnotations.userId, userId));

const mine = (db: Db, userId: number, id: number) =>
  and(eq(ideaComments.id, id), inArray(ideaComments.annotationId, annotationsOf(db, userId)));

export interface CommentListParams {
  idea?: number | undefined;
  ordering: Ordering<ChildOrderingField>;
  limit: number;
  offset: number;
}

/** One page of a user's comments: two statements whatever the page size. */
export async function listComments(db: Db, userId: number, params: CommentListParams) {
  const where = and(
    eq(ideaAnnotations.userId, userId),
    params.idea !== undefined ? eq(ideaAnnotations.ideaId, params.idea) : undefined,
  );
  const joined = eq(ideaAnnotations.id, ideaComments.annotationId);
  const [total] = await db
    .select({ value: count() })
    .from(ideaComments)
    .innerJoin(ideaAnnotations, joined)
    .where(where);
  const rows = await db
    .select(getTableColumns(ideaComments))
    .from(ideaComments)
    .innerJoin(ideaAnnotations, joined)
    .where(where)
    .orderBy(...orderBy(params.ordering, ideaComments, ideaComments.id))
    .limit(params.limit)
    .offset(params.offset);
  return { count: total?.value ?? 0, rows };
}

export async function findComment(db: Db, userId: number, id: number): Promise<CommentRow | null> {
  const [row] = await db
    .select()
    .from(ideaComments)
    .where(mine(db, userId, id));
  return row ?? null;
}

export async function insertComment(
  db: Db,
  values: { annotationId: number; text: string },
): Promise<CommentRow> {
  const [row] = await db.insert(ideaComments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateComment(
  db: Db,
  userId: number,
  id: number,
  values: { text?: string | undefined },
): Promise<CommentRow | null> {
  const [row] = await db
    .update(ideaComments)
    .set({ ...values, modified: sql`now()` })
    .where(mine(db, userId, id))
    .returning();
  return row ?? null;
}

export async function deleteComment(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(ideaComments)
    .where(mine(db, userId, id))
    .returning({ id: ideaComments.id });
  return rows.length > 0;
}
