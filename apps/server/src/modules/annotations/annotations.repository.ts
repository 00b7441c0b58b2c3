import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
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
 */
export async function upsertAnnotation(
  db: Db,
  userId: number,
  ideaId: number,
  values: AnnotationValues,
): Promise<AnnotationRow> {
  return (await saveAnnotation(db, userId, ideaId, values)).row;
}

/** `upsertAnnotation`, telling whether the row was new: `xmax` is 0 only on a fresh insert. */
export async function saveAnnotation(
  db: Db,
  userId: number,
  ideaId: number,
  values: AnnotationValues,
): Promise<{ row: AnnotationRow; inserted: boolean }> {
  const named = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const [result] = await db
    .insert(ideaAnnotations)
    .values({ userId, ideaId, ...named })
    .onConflictDoUpdate({
      target: [ideaAnnotations.userId, ideaAnnotations.ideaId],
      set: { ...named, modified: sql`now()` },
    })
    .returning({ ...getTableColumns(ideaAnnotations), inserted: sql<boolean>`(xmax = 0)` });
  if (!result) throw new Error('upsert returned no row');
  const { inserted, ...row } = result;
  return { row, inserted };
}

export interface AnnotationDetails {
  annotations: AnnotationRow[];
  reactions: ReactionRow[];
  comments: CommentRow[];
}

/** A user's annotations of some ideas with their reactions and comments: three statements. */
export async function annotationsOfIdeas(
  db: Db,
  userId: number,
  ideaIds: number[],
): Promise<AnnotationDetails> {
  if (ideaIds.length === 0) return { annotations: [], reactions: [], comments: [] };
  const annotations = await db
    .select()
    .from(ideaAnnotations)
    .where(and(eq(ideaAnnotations.userId, userId), inArray(ideaAnnotations.ideaId, ideaIds)));
  return {
    annotations,
    ...(await childrenOf(
      db,
      annotations.map((a) => a.id),
    )),
  };
}

/** The reactions and comments of some annotations, oldest first: two statements. */
export async function childrenOf(db: Db, annotationIds: number[]) {
  if (annotationIds.length === 0) return { reactions: [], comments: [] };
  const [reactions, comments] = await Promise.all([
    db
      .select()
      .from(ideaReactions)
      .where(inArray(ideaReactions.annotationId, annotationIds))
      .orderBy(asc(ideaReactions.created), asc(ideaReactions.id)),
    db
      .select()
      .from(ideaComments)
      .where(inArray(ideaComments.annotationId, annotationIds))
      .orderBy(asc(ideaComments.created), asc(ideaComments.id)),
  ]);
  return { reactions, comments };
}
