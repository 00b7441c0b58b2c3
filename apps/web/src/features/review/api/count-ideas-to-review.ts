import { queryOptions, useQuery } from '@tanstack/react-query';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { listIdeas } from '@/entities/idea/api/list-ideas';

interface ToReviewParams {
  brainstormId: number;
  showHidden: boolean;
}

/**
 * How many of the brainstorm's ideas the caller has yet to review: a one-idea page of the
 * unreviewed list (hidden ones per the toggle), of which the filtered count is read.
 */
export async function countIdeasToReview({ brainstormId, showHidden }: ToReviewParams) {
  const list = await listIdeas({
    brainstormId,
    page: 1,
    pageSize: 1,
    view: 'unreviewed',
    excludeHidden: !showHidden,
  });
  if (list.source === 'unavailable') throw new Error('The ideas to review could not be counted');
  return list.filteredCount;
}

export function ideasToReviewQueryOptions(params: ToReviewParams) {
  return queryOptions({
    queryKey: [...ideaKeys.reviewCounts(), params],
    queryFn: () => countIdeasToReview(params),
  });
}

export function useIdeasToReview(params: ToReviewParams) {
  return useQuery(ideasToReviewQueryOptions(params));
}
