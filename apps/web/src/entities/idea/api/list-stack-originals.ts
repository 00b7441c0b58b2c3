import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { ideaKeys } from './idea-keys';
import type { Idea } from './types';

/** How many ideas 'Mark as duplicate' offers at once; a search finds the others. */
export const ORIGINAL_CHOICES = 50;

export interface StackOriginalsParams {
  brainstormId: number;
  /** Words in the title, summary or description; blank lists the newest. */
  search: string;
}

/**
 * The brainstorm's ideas an idea may be stacked under: originals and ideas not stacked (the
 * list's default), newest first, narrowed by the search, with how many match in all.
 */
export async function listStackOriginals({ brainstormId, search }: StackOriginalsParams) {
  const words = search.trim();
  const { data, error, response } = await api.GET('/api/ideas/', {
    params: {
      query: {
        brainstorm: brainstormId,
        ordering: '-created',
        page: 1,
        page_size: ORIGINAL_CHOICES,
        ...(words === '' ? {} : { search: words }),
      },
    },
  });
  if (!data) throw new ApiError(response.status, error);
  // A CSV download or an unpaged array answer only other queries than this one.
  if (typeof data !== 'object' || !('results' in data)) throw new ApiError(response.status, data);
  return { count: data.count, results: data.results as Idea[] };
}

export function stackOriginalsQueryOptions(params: StackOriginalsParams) {
  return queryOptions({
    // Under the lists' key with the brainstorm's id: whatever refreshes its lists refreshes these.
    queryKey: [...ideaKeys.lists(), { ...params, originals: true }],
    queryFn: () => listStackOriginals(params),
    placeholderData: keepPreviousData,
  });
}

export function useStackOriginals(params: StackOriginalsParams) {
  return useQuery(stackOriginalsQueryOptions(params));
}
