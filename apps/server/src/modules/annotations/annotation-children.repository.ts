import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  ideaAnnotations,
  ideaComments,
  ideaReactions,
  type CommentRow,
  type ReactionRow,
  type ReactionType,
} from '../../db/schema/annotations.js';
import { orderBy, type Ordering } from '../../lib/ordering.js';
import { lockedAnnotations, lockingIdeas } from './idea-locks.js';
import { rowJson, withDates, type JsonRow } from './json-rows.js';
import type { OwnOrderingField } from './own-rows.schemas.js';

/**
 * Comments and reactions: rows under an annotation, which are its user's. Each kind is read,
 * changed and deleted alike; only adding one differs.
 */
type ChildTable = typeof ideaComments | typeof ideaReactions;
type RowOf<T extends ChildTable> = T['$inferSelect'];

/** The ids of a user's annotations, as a subquery. */
const annotationsOf = (db: Db, userId: number) =>
  db
    .select({ id: ideaAnnotations.id })
    .from(ideaAnnotations)
    .where(eq(ideaAnnotations.userId, userId));

const mine = (db: Db, table: ChildTable, userId: number, id: number) =>
  and(eq(table.id, id), inArray(table.annotationId, annotationsOf(db, userId)));

export interface ChildListParams {
  idea?: number | undefined;
  /** Reactions only. */
  reactionType?: ReactionType | undefined;
  ordering: Ordering<OwnOrderingField>;
  limit: number;
  offset: number;
}

/** One page of a user's comments or reactions: two statements whatever the page size. */
export async function listChildren<T extends ChildTable>(
  db: Db,
  table: T,
  userId: number,
  params: ChildListParams,
): Promise<{ count: number; rows: RowOf<T>[] }> {
  const child: ChildTable = table;
  const condition = and(
    eq(ideaAnnotations.userId, userId),
    params.idea !== undefined ? eq(ideaAnnotations.ideaId, params.idea) : undefined,
    child === ideaReactions && params.reactionType
      ? eq(ideaReactions.reactionType, params.reactionType)
      : undefined,
  );
  const joined = eq(ideaAnnotations.id, child.annotationId);
  const [total] = await db
    .select({ value: count() })
    .from(child)
    .innerJoin(ideaAnnotations, joined)
    .where(condition);
  const rows = await db
    .select(getTableColumns(child))
    .from(child)
    .innerJoin(ideaAnnotations, joined)
    .where(condition)
    .orderBy(...orderBy(params.ordering, child, child.id))
    .limit(params.limit)
    .offset(params.offset);
  return { count: total?.value ?? 0, rows };
}

export async function findChild<T extends ChildTable>(
  db: Db,
  table: T,
  userId: number,
  id: number,
): Promise<RowOf<T> | null> {
  const child: ChildTable = table;
  const [row] = await db
    .select()
    .from(child)
    .where(mine(db, child, userId, id));
  return (row as RowOf<T> | undefined) ?? null;
}

/** The user's comment or reaction of that id, its idea locked first (see `lockingIdeas`). */
const lockingMine = (db: Db, table: ChildTable, userId: number, id: number) =>
  lockedAnnotations(
    db,
    table.annotationId,
    and(eq(table.id, id), eq(ideaAnnotations.userId, userId)),
    { child: table },
  );

/** Writes only the named fields of a user's comment or reaction; null when there is none. */
export async function updateChild<T extends ChildTable>(
  db: Db,
  table: T,
  userId: number,
  id: number,
  values: { text?: string | undefined; reactionType?: ReactionType | undefined },
): Promise<RowOf<T> | null> {
  const child: ChildTable = table;
  const { locked, where } = lockingMine(db, child, userId, id);
  const [row] = await db
    .with(locked)
    .update(child)
    .set({ ...values, modified: sql`now()` })
    .where(and(eq(child.id, id), where))
    .returning();
  return (row as RowOf<T> | undefined) ?? null;
}

export async function deleteChild(
  db: Db,
  table: ChildTable,
  userId: number,
  id: number,
): Promise<boolean> {
  const { locked, where } = lockingMine(db, table, userId, id);
  const rows = await db
    .with(locked)
    .delete(table)
    .where(and(eq(table.id, id), where))
    .returning({ id: table.id });
  return rows.length > 0;
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
