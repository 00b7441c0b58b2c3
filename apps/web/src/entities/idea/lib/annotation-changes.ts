import type { ReactionType } from '../api/add-reaction';
import type { Idea, IdeaAnnotation, TempId } from '../api/types';
import { annotationOf, blankAnnotation, withAnnotationOf } from './annotation-cache';

/**
 * The changes an action makes to an idea, applied here at once and again, with the server's
 * answer, when it comes. Each keeps the idea's team aggregates (votes, reaction counts, the
 * comment count) in step with the caller's own annotation; aggregates withheld under blind
 * review (null) stay withheld until the server sends them.
 */
function edit(idea: Idea, change: (annotation: IdeaAnnotation) => IdeaAnnotation) {
  const annotation = annotationOf(idea) ?? blankAnnotation(idea.id);
  return withAnnotationOf(idea, change(annotation));
}

export function voteOf(idea: Idea) {
  return annotationOf(idea)?.vote ?? 0;
}

export function setVote(idea: Idea, vote: number): Idea {
  const before = voteOf(idea);
  const votes = idea.votes === null ? null : idea.votes + vote - before;
  return { ...edit(idea, (a) => ({ ...a, vote })), votes };
}

export function setBookmarked(idea: Idea, is_bookmarked: boolean) {
  return edit(idea, (a) => ({ ...a, is_bookmarked }));
}

export function setHidden(idea: Idea, is_hidden: boolean) {
  return edit(idea, (a) => ({ ...a, is_hidden }));
}

export function hasReaction(idea: Idea, type: ReactionType) {
  return annotationOf(idea)?.reactions.some((r) => r.reaction_type === type) ?? false;
}

/** Adds (with `reactionId`, a temporary id) or removes the caller's reaction of a type. */
export function setReaction(
  idea: Idea,
  type: ReactionType,
  on: boolean,
  reactionId?: TempId,
): Idea {
  if (hasReaction(idea, type) === on) return idea;
  const now = new Date().toISOString();
  const changed = edit(idea, (a) => ({
    ...a,
    reactions: on
      ? [
          ...a.reactions,
          {
            id: reactionId ?? `temp-${type}`,
            reaction_type: type,
            created: now,
            modified: now,
          },
        ]
      : a.reactions.filter((r) => r.reaction_type !== type),
  }));
  const counts = idea.reaction_counts;
  if (counts === null) return changed;
  const count = counts[type] + (on ? 1 : -1);
  return { ...changed, reaction_counts: { ...counts, [type]: Math.max(0, count) } };
}

export interface AnnotationComment {
  id: number | TempId;
  text: string;
  created: string;
  modified: string;
}

/** The annotation's comments: a JSON-encoded list, malformed treated as empty (spec 3). */
export function parseComments(annotation: Pick<IdeaAnnotation, 'comments'> | null) {
  if (!annotation) return [];
  try {
    const parsed: unknown = JSON.parse(annotation.comments);
    return Array.isArray(parsed) ? (parsed as AnnotationComment[]) : [];
  } catch {
    return [];
  }
}

export function addComment(idea: Idea, comment: AnnotationComment): Idea {
  const changed = edit(idea, (a) => ({
    ...a,
    comments: JSON.stringify([...parseComments(a), comment]),
  }));
  const count = idea.comments_count;
  return { ...changed, comments_count: count === null ? null : count + 1 };
}

export function removeComment(idea: Idea, commentId: number | TempId): Idea {
  const annotation = annotationOf(idea);
  const comments = parseComments(annotation);
  if (!annotation || !comments.some((c) => c.id === commentId)) return idea;
  return {
    ...withAnnotationOf(idea, {
      ...annotation,
      comments: JSON.stringify(comments.filter((c) => c.id !== commentId)),
    }),
    comments_count: idea.comments_count === null ? null : Math.max(0, idea.comments_count - 1),
  };
}

/** An annotation made here that nothing has been set on: as good as none. */
export function isBlank(annotation: IdeaAnnotation) {
  return (
    annotation.vote === 0 &&
    !annotation.is_bookmarked &&
    !annotation.is_hidden &&
    annotation.reactions.length === 0 &&
    parseComments(annotation).length === 0
  );
}
