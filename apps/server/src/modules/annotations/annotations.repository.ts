import { and, count, eq, getTableColumns, not, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  ideaAnnotations,
  ideaComments,
  ideaReactions,
  type AnnotationRow,
  type CommentRow,
  type ReactionRow,
} from '../../db/schema/annotations.js';
import { ideas } from '../../db/schema/ideas.js';
import { orderBy, type Ordering } from '../../lib/ordering.js';
import { lockedAnnotations } from './idea-locks.js';
import { rowJson, withDates, type JsonRow } from './json-rows.js';
import type { OwnOrderingField } from './own-rows.schemas.js';

export interface AnnotationValues {
  vote?: number | undefined;
  isBookmarked?: boolean | undefined;
  isHidden?: boolean | undefined;
}

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
  ordering: Ordering<OwnOrderingField>;
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

/** The annotation's settable fields as the statement below writes them. */
const COLUMNS = {
  vote: { name: 'vote', type: 'smallint' },
  isBookmarked: { name: 'is_bookmarked', type: 'boolean' },
  isHidden: { name: 'is_hidden', type: 'boolean' },
} as const;

/**
 * Sets the named fields of a user's annotation of an idea, creating it when there is none, in
 * one statement: concurrent first clicks make one annotation, and no click undoes another's field.
 * Tells whether the row is new (`xmax` is 0 only on a fresh insert), and reads the annotation's
 * reactions and comments in the same statement. Null when the idea is not there (any more).
 */
export async function saveAnnotation(
  db: Db,
  userId: number,
  ideaId: number,
  values: AnnotationValues,
): Promise<({ row: AnnotationRow; inserted: boolean } & Children) | null> {
  const named = (Object.keys(COLUMNS) as (keyof AnnotationValues)[]).flatMap((key) => {
    const value = values[key];
    return value === undefined ? [] : [{ ...COLUMNS[key], value }];
  });
  const columns = named.map((n) => sql`, ${sql.identifier(n.name)}`);
  const params = named.map((n) => sql`, ${n.value}::${sql.raw(n.type)}`);
  const changes = named.map(
    (n) => sql`${sql.identifier(n.name)} = excluded.${sql.identifier(n.name)}, `,
  );
  const [result] = rowsOf<{ annotation: JsonRow<AnnotationRow>; inserted: boolean } & ChildrenJson>(
    await db.execute(sql`with idea as (
        select ${ideas.id} from ${ideas} where ${ideas.id} = ${ideaId} for no key update
      )
      insert into ${ideaAnnotations} (user_id, idea_id${sql.join(columns)})
      select ${userId}::int, id${sql.join(params)} from idea
      on conflict (user_id, idea_id) do update set ${sql.join(changes)}modified = now()
      returning ${rowJson(ideaAnnotations)} as annotation, (xmax = 0) as inserted,
        ${childrenJson.reactions} as reactions, ${childrenJson.comments} as comments`),
  );
  if (!result) return null;
  const { annotation, inserted, ...children } = result;
  return { row: withDates(annotation), inserted, ...childrenOfJson([children]) };
}

/**
 * An annotation's reactions and comments, oldest first, as JSON arrays computed by the statement
 * that reads or writes the annotation: one statement instead of three. The annotation's id is
 * written out in full, as a one-table statement leaves columns unqualified.
 */
const childrenJson = {
  reactions: sql<JsonRow<ReactionRow>[]>`coalesce((
    select json_agg(json_build_object('id', r.id, 'annotationId', r.annotation_id,
      'reactionType', r.reaction_type, 'created', r.created, 'modified', r.modified)
      order by r.created, r.id)
    from ${ideaReactions} r where r.annotation_id = ${ideaAnnotations}.id), '[]')`,
  comments: sql<JsonRow<CommentRow>[]>`coalesce((
    select json_agg(json_build_object('id', c.id, 'annotationId', c.annotation_id,
      'text', c.text, 'created', c.created, 'modified', c.modified)
      order by c.created, c.id)
    from ${ideaComments} c where c.annotation_id = ${ideaAnnotations}.id), '[]')`,
};

interface Children {
  reactions: ReactionRow[];
  comments: CommentRow[];
}

interface ChildrenJson {
  reactions: JsonRow<ReactionRow>[];
  comments: JsonRow<CommentRow>[];
}

function childrenOfJson(rows: ChildrenJson[]): Children {
  return {
    reactions: rows.flatMap((row) => row.reactions.map(withDates)),
    comments: rows.flatMap((row) => row.comments.map(withDates)),
  };
}

/**
 * `column = any($1)`: one array parameter, where `inArray` writes one parameter per id, so a
 * statement's text does not depend on how many ids it names and is prepared once.
 */
const anyOf = (column: AnyPgColumn, ids: number[]) =>
  sql`${column} = any(${sql.param(ids)}::int[])`;

/** The reactions and comments of some annotations, oldest first: one statement. */
export async function childrenOf(db: Db, annotationIds: number[]): Promise<Children> {
  if (annotationIds.length === 0) return { reactions: [], comments: [] };
  const rows = await db
    .select(childrenJson)
    .from(ideaAnnotations)
    .where(anyOf(ideaAnnotations.id, annotationIds));
  return childrenOfJson(rows);
}
