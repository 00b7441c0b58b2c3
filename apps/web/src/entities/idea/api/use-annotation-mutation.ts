import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  annotationOf,
  findCachedIdea,
  isTempId,
  patchCachedIdea,
  savedId,
  withAnnotationOf,
} from '../lib/annotation-cache';
import { isBlank } from '../lib/annotation-changes';
import { getIdea } from './get-idea';
import { ideaKeys } from './idea-keys';
import { requireIdeaId } from './required-param';
import type { Idea } from './types';

export interface AnnotationMutationConfig<Variables, Result> {
  /** Names the mutation in its key, and so in the log when it fails. */
  operation: string;
  ideaId: number | null | undefined;
  /** The idea as it should look at once. */
  apply: (idea: Idea, variables: Variables) => Idea;
  /**
   * Asks the server, given the annotation's id when the server has one and the idea as cached
   * when the request starts (after the changes made before this one were answered).
   */
  send: (
    ideaId: number,
    annotationId: number | null,
    variables: Variables,
    current: Idea | null,
  ) => Promise<Result>;
  /** The idea once the server has answered: temporary ids replaced by the server's. */
  settle: (idea: Idea, result: Result, variables: Variables) => Idea;
  /** The idea with this change undone, given the idea before it. */
  revert: (idea: Idea, before: Idea, variables: Variables) => Idea;
}

/**
 * Blind review withheld the idea's totals until the caller reviewed it, which they now have: the
 * totals as the server has them now, into every copy the cache holds. The caller's annotation
 * there is left as it is. Should the idea not come, the lists show them when next fetched.
 */
async function revealTotals(queryClient: QueryClient, ideaId: number) {
  try {
    const { votes, reaction_counts, comments_count, totals_hidden } = await getIdea(ideaId);
    patchCachedIdea(queryClient, ideaId, (idea) => ({
      ...idea,
      votes,
      reaction_counts,
      comments_count,
      totals_hidden,
    }));
  } catch {
    await queryClient.invalidateQueries({ queryKey: ideaKeys.lists() });
  }
}

/**
 * An optimistic change to the caller's annotation of an idea: applied in the query cache at
 * once, sent, settled with the server's ids, or undone when the server refuses (and logged, by
 * the query client, with no message to the user: spec 8). The first change to an idea whose
 * totals blind review withheld brings them. The changes to one idea are sent one
 * after another (a shared mutation scope), so a second click finds the annotation the first one
 * created and the server applies them in the order they were made.
 */
export function useAnnotationMutation<Variables, Result>(
  config: AnnotationMutationConfig<Variables, Result>,
) {
  const queryClient = useQueryClient();
  const { ideaId } = config;
  return useMutation({
    mutationKey: [...ideaKeys.all, config.operation, ideaId ?? null],
    scope: { id: `idea-annotation-${String(ideaId)}` },
    onMutate: (variables: Variables) => {
      if (!ideaId) return { before: null };
      const before = findCachedIdea(queryClient, ideaId);
      patchCachedIdea(queryClient, ideaId, (idea) => config.apply(idea, variables));
      return { before };
    },
    mutationFn: async (variables: Variables) => {
      const id = requireIdeaId(ideaId);
      const current = findCachedIdea(queryClient, id);
      return config.send(id, savedId(current && annotationOf(current)), variables, current);
    },
    onSuccess: async (result, variables, context) => {
      if (!ideaId) return;
      patchCachedIdea(queryClient, ideaId, (idea) => config.settle(idea, result, variables));
      // Awaited, so the next change to this idea (its scope waits) starts from the totals.
      if (context.before?.totals_hidden) await revealTotals(queryClient, ideaId);
    },
    onError: (_error, variables, context) => {
      const before = context?.before;
      if (!ideaId || !before) return;
      patchCachedIdea(queryClient, ideaId, (idea) => {
        const undone = config.revert(idea, before, variables);
        const annotation = annotationOf(undone);
        // An annotation this change made, with nothing left on it, was never there.
        return !annotationOf(before) && annotation && isTempId(annotation.id) && isBlank(annotation)
          ? withAnnotationOf(undone, null)
          : undone;
      });
    },
    onSettled: () => {
      // The counts of ideas left to review and the team's comments: the server has the last word.
      if (!ideaId) return;
      void queryClient.invalidateQueries({ queryKey: ideaKeys.reviewCounts() });
      void queryClient.invalidateQueries({ queryKey: ideaKeys.comments(ideaId) });
      // A vote, a pin, or a second bookmark or hidden flag can change what steers a generation.
      void queryClient.invalidateQueries({ queryKey: ideaKeys.steerings() });
    },
  });
}
