import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { paths } from '@/lib/api/schema';
import { logWarning } from '@/lib/logger';
import type { ThemeFilter } from '@/entities/theme/api/types';
import { matchesThemeFilter, themeQueryValue } from '@/entities/theme/lib/theme-filter';
import type { Paging } from '@/lib/paging';
import { ideaKeys } from './idea-keys';
import type { Idea } from './types';

/**
 * Which of the brainstorm's ideas: all of them (the default), those the caller has reviewed, or
 * those the caller has not.
 */
export type IdeaListView = 'all' | 'reviewed' | 'unreviewed';

export interface IdeaListParams extends Paging {
  brainstormId: number;
  view?: IdeaListView;
  /** Leave out the ideas the caller hid (`is_hidden=false`); by default they are kept. */
  excludeHidden?: boolean;
  /** Only one theme's ideas, or the unsorted ones ('none'); every idea when absent or null. */
  theme?: ThemeFilter;
  /** Only the ideas stored up to this one (an earlier read's `newestId`): the list as it was. */
  upTo?: number;
}

/**
 * A page of a brainstorm's ideas. `source` says how it was obtained: the brainstorm's list,
 * the plain list filtered here (the fallback), or nothing at all (`unavailable`).
 */
export interface IdeaList {
  count: number;
  filteredCount: number;
  hasNext: boolean;
  results: Idea[];
  /** Near-duplicates left out of the list, stacked under their originals. */
  stackedCount: number;
  /** The brainstorm's newest idea when the list was read, to read it again as it was. */
  newestId: number | null;
  /** Read up to an idea: the ideas stored since that the list would hold now. */
  laterCount: number;
  source: 'list' | 'fallback' | 'unavailable';
}

interface IdeaPage {
  count: number;
  filteredCount: number;
  next: string | null;
  results: Idea[];
  stackedCount: number;
  newestId: number | null;
  laterCount: number;
}

/** The fallback reads this many of the newest ideas, the most the server gives in one page. */
export const FALLBACK_SCAN_SIZE = 100;

const unavailable: IdeaList = {
  count: 0,
  filteredCount: 0,
  hasNext: false,
  results: [],
  stackedCount: 0,
  newestId: null,
  laterCount: 0,
  source: 'unavailable',
};

function asIdeaPage(body: unknown): IdeaPage | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { count, filteredCount, next, results, stackedCount, newestId, laterCount } =
    body as Record<string, unknown>;
  if (typeof count !== 'number' || !Array.isArray(results)) return null;
  return {
    count,
    filteredCount: typeof filteredCount === 'number' ? filteredCount : count,
    next: typeof next === 'string' ? next : null,
    results: results as Idea[],
    stackedCount: typeof stackedCount === 'number' ? stackedCount : 0,
    newestId: typeof newestId === 'number' ? newestId : null,
    laterCount: typeof laterCount === 'number' ? laterCount : 0,
  };
}

type ListQuery = NonNullable<paths['/api/ideas/unreviewed/']['get']['parameters']['query']>;

function fetchPage(view: IdeaListView, query: ListQuery) {
  switch (view) {
    case 'all':
      return api.GET('/api/ideas/', { params: { query } });
    case 'reviewed':
      return api.GET('/api/ideas/reviewed/', {
        params: { query: { ...query, user_filter: 'current' } },
      });
    case 'unreviewed':
      return api.GET('/api/ideas/unreviewed/', { params: { query } });
  }
}

async function getIdeaPage(query: ListQuery, view: IdeaListView = 'all') {
  const { data, error, response } = await fetchPage(view, query);
  if (!data) throw new ApiError(response.status, error);
  const page = asIdeaPage(data);
  if (!page) logWarning('Unexpected ideas response shape', data);
  return page;
}

/** A page past the end (the server's 404) is the caller's to handle: it starts over at 1. */
function isPastTheEnd(error: unknown, page: number) {
  return page > 1 && error instanceof ApiError && error.status === 404;
}

function isReviewed(idea: Idea) {
  return Boolean(idea.user_annotation ?? idea.annotation);
}

function isHidden(idea: Idea) {
  return (idea.user_annotation ?? idea.annotation)?.is_hidden === true;
}

/**
 * The newest ideas of every brainstorm, this one's kept and paged here, filtered the way the
 * list that failed would have filtered them.
 */
async function listIdeasFromPlainList(params: IdeaListParams) {
  const { brainstormId, page, pageSize, view = 'all', excludeHidden = false, theme } = params;
  try {
    const plain = await getIdeaPage({
      page: 1,
      page_size: FALLBACK_SCAN_SIZE,
      ordering: '-created',
      with_annotations: 'true',
    });
    if (!plain) return unavailable;
    const matching = plain.results.filter((idea) => idea.brainstorm === brainstormId);
    const ideas = matching.filter(
      (idea) =>
        (view === 'all' || isReviewed(idea) === (view === 'reviewed')) &&
        !(excludeHidden && isHidden(idea)) &&
        matchesThemeFilter(idea.theme, theme),
    );
    const start = (page - 1) * pageSize;
    return {
      count: matching.length,
      filteredCount: ideas.length,
      hasNext: start + pageSize < ideas.length,
      results: ideas.slice(start, start + pageSize),
      stackedCount: 0,
      newestId: null,
      laterCount: 0,
      source: 'fallback',
    } satisfies IdeaList;
  } catch (error) {
    logWarning('Loading the plain ideas list failed too; showing no ideas', error);
    return unavailable;
  }
}

export async function listIdeas(params: IdeaListParams): Promise<IdeaList> {
  const { brainstormId, page, pageSize, view, excludeHidden, theme, upTo } = params;
  const themeValue = themeQueryValue(theme);
  let list: IdeaPage | null;
  try {
    list = await getIdeaPage(
      {
        brainstorm: brainstormId,
        page,
        page_size: pageSize,
        ordering: '-created',
        with_annotations: 'true',
        ...(excludeHidden ? { is_hidden: 'false' as const } : {}),
        ...(themeValue === undefined ? {} : { theme: themeValue }),
        ...(upTo === undefined ? {} : { up_to: upTo }),
      },
      view,
    );
  } catch (error) {
    if (isPastTheEnd(error, page)) throw error;
    logWarning("Loading the brainstorm's ideas failed; trying the plain list", error);
    return listIdeasFromPlainList(params);
  }
  if (!list) return unavailable;
  return {
    count: list.count,
    filteredCount: list.filteredCount,
    hasNext: list.next !== null,
    results: list.results,
    stackedCount: list.stackedCount,
    newestId: list.newestId,
    laterCount: list.laterCount,
    source: 'list',
  };
}

export function ideaListQueryOptions(params: IdeaListParams) {
  return queryOptions({
    queryKey: [...ideaKeys.lists(), params],
    queryFn: () => listIdeas(params),
    placeholderData: keepPreviousData,
  });
}

/** A read already made that answers these params, with when it was made: it is not made again. */
export interface IdeaListSeed {
  data: IdeaList;
  updatedAt: number;
}

export function useIdeaList(params: IdeaListParams, seed?: IdeaListSeed) {
  return useQuery({
    ...ideaListQueryOptions(params),
    ...(seed ? { initialData: seed.data, initialDataUpdatedAt: seed.updatedAt } : {}),
  });
}
