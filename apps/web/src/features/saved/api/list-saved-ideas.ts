import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { pageCount, type Paging } from '@/lib/paging';
import { savedKeys } from './saved-keys';
import type { SavedIdea } from './types';

/**
 * The caller's own bookmarks, never anyone else's: the list and its export both ask this. A
 * bookmark is a choice of that very idea, so one stacked as a near-duplicate is listed too.
 */
export const SAVED_FILTER = {
  user_filter: 'current',
  is_bookmarked: 'true',
  include_duplicates: 'true',
} as const;

export interface SavedIdeaList {
  /** Every saved idea, on all pages. */
  total: number;
  hasNext: boolean;
  results: SavedIdea[];
  /** Set when the page asked for is past the end (an unsave emptied it): the last page now. */
  lastPage?: number;
}

/** A page of saved ideas, of one project's brainstorms when `project` is given. */
export interface SavedPaging extends Paging {
  project?: number | undefined;
}

async function getSavedPage(page: number, pageSize: number, project?: number) {
  const { data, error, response } = await api.GET('/api/ideas/reviewed/', {
    params: {
      query: {
        ...SAVED_FILTER,
        with_annotations: 'true',
        page,
        page_size: pageSize,
        ...(project !== undefined && { project }),
      },
    },
  });
  if (!data) throw new ApiError(response.status, error);
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new Error('Unexpected saved ideas response shape');
  }
  return data;
}

function isPastTheEnd(error: unknown, page: number) {
  return page > 1 && error instanceof ApiError && error.status === 404;
}

export async function listSavedIdeas({
  page,
  pageSize,
  project,
}: SavedPaging): Promise<SavedIdeaList> {
  try {
    // `filteredCount` counts the bookmarks; `count` also the ideas the filters left aside.
    const { filteredCount, next, results } = await getSavedPage(page, pageSize, project);
    return { total: filteredCount, hasNext: next !== null, results };
  } catch (error) {
    if (!isPastTheEnd(error, page)) throw error;
  }
  const { filteredCount } = await getSavedPage(1, 1, project);
  const lastPage = Math.min(pageCount(filteredCount, pageSize), page - 1);
  return { total: filteredCount, hasNext: false, results: [], lastPage };
}

export function savedIdeaListQueryOptions(paging: SavedPaging) {
  return queryOptions({
    queryKey: [...savedKeys.lists(), paging],
    queryFn: () => listSavedIdeas(paging),
    placeholderData: keepPreviousData,
  });
}

export function useSavedIdeaList(paging: SavedPaging) {
  return useQuery(savedIdeaListQueryOptions(paging));
}
