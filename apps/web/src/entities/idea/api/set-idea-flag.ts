import { annotationOf, withAnnotationOf } from '../lib/annotation-cache';
import { setBookmarked, setHidden } from '../lib/annotation-changes';
import { createAnnotation } from './create-annotation';
import { updateAnnotation } from './update-annotation';
import { useAnnotationMutation } from './use-annotation-mutation';
import type { Idea } from './types';

type Flag = 'is_bookmarked' | 'is_hidden';

const setters = { is_bookmarked: setBookmarked, is_hidden: setHidden } satisfies Record<
  Flag,
  (idea: Idea, value: boolean) => Idea
>;

/**
 * Sets one of the caller's flags on an idea to the value given (the button passes the opposite
 * of what it shows): a value rather than a flip, so a repeated request cannot undo itself.
 */
function useSetIdeaFlag(flag: Flag, ideaId: number | null | undefined) {
  const set = setters[flag];
  return useAnnotationMutation({
    operation: flag === 'is_bookmarked' ? 'bookmark' : 'hide',
    ideaId,
    apply: (idea, { value }: { value: boolean }) => set(idea, value),
    send: (id, annotationId, { value }) =>
      annotationId === null
        ? createAnnotation(id, { [flag]: value })
        : updateAnnotation(annotationId, { [flag]: value }),
    settle: (idea, saved) => {
      const annotation = annotationOf(idea);
      return annotation
        ? withAnnotationOf(idea, { ...annotation, id: saved.id, user: saved.user })
        : idea;
    },
    revert: (idea, before) => set(idea, annotationOf(before)?.[flag] ?? false),
  });
}

/** Bookmarks an idea for the caller's private future reference, or takes the bookmark off. */
export function useSetBookmark(ideaId: number | null | undefined) {
  return useSetIdeaFlag('is_bookmarked', ideaId);
}

/** Hides an idea from the caller's lists, or shows it again. */
export function useSetHidden(ideaId: number | null | undefined) {
  return useSetIdeaFlag('is_hidden', ideaId);
}
