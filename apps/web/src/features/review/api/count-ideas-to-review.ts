import { queryOptions, useQuery } from '@tanstack/react-query';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { listIdeas } from '@/entities/idea/api/list-ideas';

interface ToReviewParams {
  brainstormId: number;
  showHidden: boolean;
}

export interface IdeasToReview {
  toReview: number;
  /** Near-duplicates stacked under their originals, which the list leaves out. */
  stacked: number;
}

/**
 * How many of the brainstorm's ideas the caller has yet to review: a one-idea page of the
 * unreviewed list (hidden ones per the toggle), of which the filtered and stacked counts are read.
 */
export async function countIdeasToReview({
  brainstormId,
  showHidden,
}: ToReviewParams): Promise<IdeasToReview> {
  const list = await listIdeas({
    brainstormId,
    page: 1,
    pageSize: 1,
    view: 'unreviewed',
    excludeHidden: !showHidden,
  });
  if (list.source === 'unavailable') throw new Error('The ideas to review could not be counted');
  return { toReview: list.filteredCount, stacked: list.stackedCount };
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
