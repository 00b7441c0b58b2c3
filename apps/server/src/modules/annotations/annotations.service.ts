import type { Db } from '../../db/client.js';
import type { AnnotationRow, CommentRow, ReactionRow } from '../../db/schema/annotations.js';
import type { UserRow } from '../../db/schema/users.js';
import { fieldError, notFound } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { pageWindow, type Counted } from '../../lib/pagination.js';
import * as repo from './annotations.repository.js';
import type {
  AnnotationChanges,
  AnnotationCreateInput,
  AnnotationDto,
  AnnotationListQuery,
  AnnotationUpdateInput,
  AnnotationWithIdeaDto,
} from './annotations.schemas.js';
import type { ChildTarget } from './own-rows.schemas.js';

/*
 * The caller's own annotations: their routes under /idea-annotations/annotations/, the ideas
 * module's view of them (`annotateIdea`, and `annotationJson` for the ideas it reads), and the annotation a new comment
 * or reaction goes on (`annotationFor`).
 */

const stamps = (row: { created: Date; modified: Date }) => ({
  created: isoDate(row.created),
  modified: isoDate(row.modified),
});

function toAnnotationDto(
  row: AnnotationRow,
  reactions: ReactionRow[],
  comments: CommentRow[],
): AnnotationDto {
  return {
    id: row.id,
    user: row.userId,
    idea: row.ideaId,
    vote: row.vote,
    is_bookmarked: row.isBookmarked,
    is_hidden: row.isHidden,
    reactions: reactions.map((r) => ({ id: r.id, reaction_type: r.reactionType, ...stamps(r) })),
    comments: JSON.stringify(comments.map((c) => ({ id: c.id, text: c.text, ...stamps(c) }))),
    ...stamps(row),
  };
}

/** Annotations as the API shows them, each with its own reactions and comments. */
function withChildren<Row extends AnnotationRow, Dto>(
  rows: Row[],
  { reactions, comments }: { reactions: ReactionRow[]; comments: CommentRow[] },
  toDto: (row: Row, reactions: ReactionRow[], comments: CommentRow[]) => Dto,
): Dto[] {
  return rows.map((row) =>
    toDto(
      row,
      reactions.filter((r) => r.annotationId === row.id),
      comments.filter((c) => c.annotationId === row.id),
    ),
  );
}

const withIdea = (
  row: repo.AnnotationWithIdea,
  reactions: ReactionRow[],
  comments: CommentRow[],
): AnnotationWithIdeaDto => ({
  ...toAnnotationDto(row, reactions, comments),
  idea_detail: { id: row.ideaId, title: row.ideaTitle, brainstorm: row.brainstormId },
});

const columns = (changes: AnnotationChanges) => ({
  vote: changes.vote,
  isBookmarked: changes.is_bookmarked,
  isHidden: changes.is_hidden,
});

/** A body's idea that is not there is a field error, as DRF answers for a related field. */
const noIdea = (ideaId: number) =>
  fieldError('idea_id', `Invalid pk "${ideaId}" - object does not exist.`);

export async function listAnnotations(
  db: Db,
  user: UserRow,
  query: AnnotationListQuery,
): Promise<Counted<AnnotationWithIdeaDto>> {
  const { count, rows } = await repo.listAnnotations(db, user.id, {
    ...query,
    isBookmarked: query.is_bookmarked,
    isHidden: query.is_hidden,
    ...pageWindow(query),
  });
  const children = await repo.childrenOf(
    db,
    rows.map((r) => r.id),
  );
  return { count, rows: withChildren(rows, children, withIdea) };
}

/** The caller's annotation with its idea, reactions and comments; 404 for anyone else's. */
export async function getAnnotation(db: Db, user: UserRow, id: number) {
  const row = await repo.findAnnotation(db, user.id, id);
  if (!row) throw notFound();
  const { reactions, comments } = await repo.childrenOf(db, [row.id]);
  return withIdea(row, reactions, comments);
}

/** Creates the caller's annotation of an idea, or updates the one there is: never two. */
export async function createAnnotation(db: Db, user: UserRow, input: AnnotationCreateInput) {
  const saved = await repo.saveAnnotation(db, user.id, input.idea_id, columns(input));
  if (!saved) throw noIdea(input.idea_id);
  return { inserted: saved.inserted, row: await getAnnotation(db, user, saved.row.id) };
}

export async function updateAnnotation(
  db: Db,
  user: UserRow,
  id: number,
  changes: AnnotationUpdateInput,
) {
  if (changes.idea_id !== undefined) {
    const current = await repo.findAnnotation(db, user.id, id);
    if (!current) throw notFound();
    if (current.ideaId !== changes.idea_id) {
      throw fieldError('idea_id', 'An annotation stays on its idea; annotate the other idea.');
    }
  }
  if (!(await repo.updateAnnotation(db, user.id, id, columns(changes)))) throw notFound();
  return getAnnotation(db, user, id);
}

export async function toggleAnnotation(
  db: Db,
  user: UserRow,
  id: number,
  flag: 'isBookmarked' | 'isHidden',
) {
  if (!(await repo.toggleAnnotation(db, user.id, id, flag))) throw notFound();
  return getAnnotation(db, user, id);
}

export async function deleteAnnotation(db: Db, user: UserRow, id: number) {
  if (!(await repo.deleteAnnotation(db, user.id, id))) throw notFound();
}

/** Sets any of vote, is_bookmarked and is_hidden on the caller's annotation, creating it. */
export async function annotateIdea(
  db: Db,
  user: UserRow,
  ideaId: number,
  changes: AnnotationChanges,
): Promise<AnnotationDto> {
  const saved = await repo.saveAnnotation(db, user.id, ideaId, columns(changes));
  if (!saved) throw notFound();
  return toAnnotationDto(saved.row, saved.reactions, saved.comments);
}

/**
 * The annotation a new reaction or comment goes on: the one named, which must be the caller's
 * (404) and of the idea (400), or the caller's annotation of the idea, created if need be.
 */
export async function annotationFor(
  db: Db,
  user: UserRow,
  target: ChildTarget,
): Promise<AnnotationRow> {
  if (target.annotation_id === undefined) {
    const saved = await repo.saveAnnotation(db, user.id, target.idea_id, {});
    if (!saved) throw noIdea(target.idea_id);
    return saved.row;
  }
  const annotation = await repo.findAnnotationRow(db, user.id, target.annotation_id);
  if (!annotation) throw notFound();
  if (annotation.ideaId !== target.idea_id) {
    throw fieldError('annotation_id', `This annotation is not of idea ${target.idea_id}.`);
  }
  return annotation;
}
