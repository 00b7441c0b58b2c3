import type { Db } from '../../db/client.js';
import type { AnnotationRow, CommentRow, ReactionRow } from '../../db/schema/annotations.js';
import type { UserRow } from '../../db/schema/users.js';
import { notFound } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import * as repo from './annotations.repository.js';
import type { AnnotationChanges, AnnotationDto } from './annotations.schemas.js';

const stamps = (row: { created: Date; modified: Date }) => ({
  created: isoDate(row.created),
  modified: isoDate(row.modified),
});

export function toAnnotationDto(
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

/** The caller's annotations of the given ideas, by idea id, in a fixed number of statements. */
export async function annotationsByIdea(
  db: Db,
  user: UserRow,
  ideaIds: number[],
): Promise<Map<number, AnnotationDto>> {
  const { annotations, reactions, comments } = await repo.annotationsOfIdeas(db, user.id, ideaIds);
  return new Map(
    annotations.map((a) => [
      a.ideaId,
      toAnnotationDto(
        a,
        reactions.filter((r) => r.annotationId === a.id),
        comments.filter((c) => c.annotationId === a.id),
      ),
    ]),
  );
}

/** Sets any of vote, is_bookmarked and is_hidden on the caller's annotation, creating it. */
export async function annotateIdea(
  db: Db,
  user: UserRow,
  ideaId: number,
  changes: AnnotationChanges,
): Promise<AnnotationDto> {
  const saved = await repo.saveAnnotation(db, user.id, ideaId, {
    vote: changes.vote,
    isBookmarked: changes.is_bookmarked,
    isHidden: changes.is_hidden,
  });
  if (!saved) throw notFound();
  return toAnnotationDto(saved.row, saved.reactions, saved.comments);
}
