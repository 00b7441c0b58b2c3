import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  ideaAnnotations,
  ideaComments,
  ideaReactions,
  type AnnotationRow,
  type CommentRow,
  type ReactionRow,
} from '../../db/schema/annotations.js';

export interface AnnotationValues {
  vote?: number | undefined;
  isBookmarked?: boolean | undefined;
  isHidden?: boolean | undefined;
}

/**
 * Sets the named fields of a user's annotation of an idea, creating it when there is none, in
 * one statement: concurrent first clicks make one annotation, and no click undoes another's field.
 * Tells whether the row is new (`xmax` is 0 only on a fresh insert), and reads the annotation's
 * reactions and comments in the same statement.
 */
export async function saveAnnotation(
  db: Db,
  userId: number,
  ideaId: number,
  values: AnnotationValues,
): Promise<{ row: AnnotationRow; inserted: boolean } & Children> {
  const named = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const [result] = await db
    .insert(ideaAnnotations)
    .values({ userId, ideaId, ...named })
    .onConflictDoUpdate({
      target: [ideaAnnotations.userId, ideaAnnotations.ideaId],
      set: { ...named, modified: sql`now()` },
    })
    .returning({
      ...getTableColumns(ideaAnnotations),
      inserted: sql<boolean>`(xmax = 0)`,
      ...childrenJson,
    });
  if (!result) throw new Error('upsert returned no row');
  const { inserted, reactions, comments, ...row } = result;
  return { row, inserted, ...childrenOfJson([{ reactions, comments }]) };
}

/** JSON rows built by the database, whose timestamps arrive as text. */
type JsonRow<T> = Omit<T, 'created' | 'modified'> & { created: string; modified: string };

const withDates = <T>(row: JsonRow<T>) => ({
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

function childrenOfJson(
  rows: { reactions: JsonRow<ReactionRow>[]; comments: JsonRow<CommentRow>[] }[],
): Children {
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
