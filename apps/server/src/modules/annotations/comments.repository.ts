import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { ideaAnnotations, ideaComments, type CommentRow } from '../../db/schema/annotations.js';
import { orderBy, type Ordering } from '../../lib/ordering.js';
import {
  lockedAnnotations,
  lockingIdeas,
  rowJson,
  withDates,
  type JsonRow,
} from './annotations.repository.js';
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

/**
 * Adds a comment in one statement, which locks the idea first (see `lockingIdeas`); null when
 * the annotation or its idea is not there (any more).
 */
export async function insertComment(
  db: Db,
  values: { annotationId: number; text: string },
): Promise<CommentRow | null> {
  const locking = lockingIdeas(db, eq(ideaAnnotations.id, values.annotationId));
  const [result] = rowsOf<{ comment: JsonRow<CommentRow> }>(
    await db.execute(sql`with locked as (${locking})
      insert into ${ideaComments} (annotation_id, text) select id, ${values.text}::text from locked
      returning ${rowJson(ideaComments)} as comment`),
  );
  return result ? withDates(result.comment) : null;
}

/** The user's comment of that id, its idea locked first (see `lockingIdeas`). */
const lockingMine = (db: Db, userId: number, id: number) =>
  lockedAnnotations(
    db,
    ideaComments.annotationId,
    and(eq(ideaComments.id, id), eq(ideaAnnotations.userId, userId)),
    { child: ideaComments },
  );

export async function updateComment(
  db: Db,
  userId: number,
  id: number,
  values: { text?: string | undefined },
): Promise<CommentRow | null> {
  const { locked, where } = lockingMine(db, userId, id);
  const [row] = await db
    .with(locked)
    .update(ideaComments)
    .set({ ...values, modified: sql`now()` })
    .where(and(eq(ideaComments.id, id), where))
    .returning();
  return row ?? null;
}

export async function deleteComment(db: Db, userId: number, id: number): Promise<boolean> {
  const { locked, where } = lockingMine(db, userId, id);
  const rows = await db
    .with(locked)
    .delete(ideaComments)
    .where(and(eq(ideaComments.id, id), where))
    .returning({ id: ideaComments.id });
  return rows.length > 0;
}
