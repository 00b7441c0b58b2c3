import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ideaKeys } from './idea-keys';
import { readIdeaPage } from './read-idea-page';

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
  return readIdeaPage({
    brainstorm: brainstormId,
    ordering: '-created',
    page: 1,
    page_size: ORIGINAL_CHOICES,
    ...(words === '' ? {} : { search: words }),
  });
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
