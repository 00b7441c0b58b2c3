import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
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
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas } from '../../db/schema/ideas.js';

export interface AnnotationValues {
  vote?: number | undefined;
  isBookmarked?: boolean | undefined;
  isHidden?: boolean | undefined;
}

/**
 * Every write under an idea locks the idea's row first, within its one statement: the triggers
 * of migrations 0004 and 0011 update the idea after the write's own row, while deleting the idea
 * (or its brainstorm) locks the idea and then cascades to its annotations. Locked the other way
 * round, the two deadlocked. This query finds the annotations matching `where` (joined to the
 * child table when given) and locks their ideas; a write takes its rows from it, as a CTE, and
 * finds nothing once the idea has gone. A subquery's rows are locked before the write's own.
 *
 * A write that updates the idea more than once (deleting an annotation with its reactions and
 * comments) also makes PostgreSQL check the idea's foreign keys, which locks its brainstorm:
 * that write locks the brainstorm first (`brainstormFirst`), as deleting the brainstorm does.
 */
export function lockingIdeas(
  db: Db,
  where: SQL | undefined,
  { child, brainstormFirst = false }: LockingOptions = {},
) {
  const annotations = (from: Pick<Db, 'select'>, id: AnyPgColumn) => {
    const query = from
      .select({ id })
      .from(ideaAnnotations)
      .innerJoin(ideas, eq(ideas.id, ideaAnnotations.ideaId))
      .$dynamic();
    return child ? query.innerJoin(child, eq(child.annotationId, ideaAnnotations.id)) : query;
  };
  if (!brainstormFirst) {
    return annotations(db, ideaAnnotations.id).where(where).for('no key update', { of: ideas });
  }
  const brainstorm = db
    .$with('brainstorm')
    .as(
      annotations(db, brainstorms.id)
        .innerJoin(brainstorms, eq(brainstorms.id, ideas.brainstormId))
        .where(where)
        .for('key share', { of: brainstorms }),
    );
  const inBrainstorm = inArray(
    ideas.brainstormId,
    db.select({ id: brainstorm.id }).from(brainstorm),
  );
  return annotations(db.with(brainstorm), ideaAnnotations.id)
    .where(and(where, inBrainstorm))
    .for('no key update', { of: ideas });
}

interface LockingOptions {
  child?: typeof ideaReactions | typeof ideaComments | undefined;
  brainstormFirst?: boolean | undefined;
}

/** `lockingIdeas` as the CTE of a write and the condition that takes the write's rows from it. */
export function lockedAnnotations(
  db: Db,
  column: AnyPgColumn,
  where: SQL | undefined,
  options: LockingOptions = {},
) {
  const locked = db.$with('locked').as(lockingIdeas(db, where, options));
  return { locked, where: inArray(column, db.select({ id: locked.id }).from(locked)) };
}

/** A table's row as a JSON object keyed like the ORM's rows, for a statement written in SQL. */
export const rowJson = (
  table: typeof ideaAnnotations | typeof ideaReactions | typeof ideaComments,
) =>
  sql`json_build_object(${sql.join(
    Object.entries(getTableColumns(table)).map(
      ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`,
    ),
    sql`, `,
  )})`;

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

/** JSON rows built by the database, whose timestamps arrive as text. */
export type JsonRow<T> = Omit<T, 'created' | 'modified'> & { created: string; modified: string };

export const withDates = <T>(row: JsonRow<T>) => ({
  ...row,
  created: new Date(row.created),
  modified: new Date(row.modified),
});

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

export interface AnnotationDetails {
  annotations: AnnotationRow[];
  reactions: ReactionRow[];
  comments: CommentRow[];
}

/** A user's annotations of some ideas with their reactions and comments: one statement. */
export async function annotationsOfIdeas(
  db: Db,
  userId: number,
  ideaIds: number[],
): Promise<AnnotationDetails> {
  if (ideaIds.length === 0) return { annotations: [], reactions: [], comments: [] };
  const rows = await db
    .select({ annotation: getTableColumns(ideaAnnotations), ...childrenJson })
    .from(ideaAnnotations)
    .where(and(eq(ideaAnnotations.userId, userId), anyOf(ideaAnnotations.ideaId, ideaIds)));
  return { annotations: rows.map((row) => row.annotation), ...childrenOfJson(rows) };
}

/** The reactions and comments of some annotations, oldest first: one statement. */
export async function childrenOf(db: Db, annotationIds: number[]): Promise<Children> {
  if (annotationIds.length === 0) return { reactions: [], comments: [] };
  const rows = await db
    .select(childrenJson)
    .from(ideaAnnotations)
    .where(anyOf(ideaAnnotations.id, annotationIds));
  return childrenOfJson(rows);
}
