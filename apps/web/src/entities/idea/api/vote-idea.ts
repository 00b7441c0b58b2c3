import { createAnnotation } from './create-annotation';
import { setVote, voteOf } from '../lib/annotation-changes';
import { annotationOf, withAnnotationOf } from '../lib/annotation-cache';
import { useAnnotationMutation } from './use-annotation-mutation';
import { voteAnnotation, type VoteValue } from './vote-annotation';

/** Up after up, or down after down, clears the vote; otherwise the new direction counts (spec 4). */
export function nextVote(current: number, direction: 1 | -1): VoteValue {
  return current === direction ? 0 : direction;
}

/** Sets the caller's vote on an idea, creating the annotation when there is none. */
export function useVoteIdea(ideaId: number | null | undefined) {
  return useAnnotationMutation({
    operation: 'vote',
    ideaId,
    apply: (idea, { value }: { value: VoteValue }) => setVote(idea, value),
    send: (id, annotationId, { value }) =>
      annotationId === null
        ? createAnnotation(id, { vote: value })
        : voteAnnotation(annotationId, value),
    settle: (idea, saved) => {
      const annotation = annotationOf(idea);
      return annotation
        ? withAnnotationOf(idea, { ...annotation, id: saved.id, user: saved.user })
        : idea;
    },
    revert: (idea, before) => setVote(idea, voteOf(before)),
  });
}
