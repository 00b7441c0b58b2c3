import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { generationKeys } from '@/entities/brainstorm/api/generation-keys';

/** The brainstorm's newest generation, or null when it has none. */
export async function getLatestGeneration(brainstormId: number) {
  const { data, error, response } = await api.GET('/api/brainstorms/{id}/generations/', {
    params: { path: { id: brainstormId }, query: { page_size: 1 } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data.results[0] ?? null;
}

/**
 * Read once when the controls open: a generation still under way (started before a reload, or
 * by a teammate) shows its progress. Its own query follows it from there.
 */
export function latestGenerationQueryOptions(brainstormId: number) {
  return queryOptions({
    queryKey: generationKeys.latest(brainstormId),
    queryFn: () => getLatestGeneration(brainstormId),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useLatestGeneration(brainstormId: number) {
  return useQuery(latestGenerationQueryOptions(brainstormId));
}
