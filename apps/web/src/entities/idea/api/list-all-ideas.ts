import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { ideaKeys } from './idea-keys';
import type { ServerIdea } from './types';

/**
 * Every idea of the brainstorm, near-duplicates included, in one request (the list's JSON
 * download): the sense-making pages show ideas by id wherever a run or a theme names them.
 */
export async function listAllIdeas(brainstormId: number) {
  const { data, error, response } = await api.GET('/api/ideas/', {
    params: { query: { brainstorm: brainstormId, format: 'json' } },
    parseAs: 'json',
  });
  if (!response.ok) throw new ApiError(response.status, error);
  const ideas: unknown = data;
  if (!Array.isArray(ideas)) throw new ApiError(response.status, ideas);
  return ideas as ServerIdea[];
}

/** Under the idea lists' key, so an idea added, changed or deleted anywhere refreshes it. */
export function allIdeasQueryOptions(brainstormId: number) {
  return queryOptions({
    queryKey: [...ideaKeys.lists(), { brainstormId, all: true }],
    queryFn: () => listAllIdeas(brainstormId),
  });
}

export function useAllIdeas(brainstormId: number) {
  return useQuery(allIdeasQueryOptions(brainstormId));
}
