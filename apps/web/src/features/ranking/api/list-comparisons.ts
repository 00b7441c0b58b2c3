import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { analysisKeys } from '@/entities/analysis/api/analysis-keys';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

/** How many comparisons are read at a time. */
export const COMPARISONS_PAGE_SIZE = 50;

/** A page of a ranking's comparisons: which idea won each match, and why. */
export async function listComparisons(analysisId: number, page: number) {
  const { data, error, response } = await api.GET('/api/analyses/{id}/comparisons/', {
    params: { path: { id: analysisId }, query: { page, page_size: COMPARISONS_PAGE_SIZE } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function comparisonsQueryOptions(analysisId: number) {
  return infiniteQueryOptions({
    queryKey: analysisKeys.comparisons(analysisId),
    queryFn: ({ pageParam }) => listComparisons(analysisId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, page) => (last.next ? page + 1 : undefined),
    // A finished ranking's comparisons never change.
    staleTime: Infinity,
  });
}

/** Read once the list is opened. */
export function useComparisons(analysisId: number, enabled: boolean) {
  return useInfiniteQuery({ ...comparisonsQueryOptions(analysisId), enabled });
}
