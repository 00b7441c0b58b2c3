import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { furthestGeneration } from '@/entities/brainstorm/api/furthest-generation';
import { generationKeys } from '@/entities/brainstorm/api/generation-keys';
import type { GenerationStatus } from './types';

/** How often a running generation's progress is read. */
export const GENERATION_POLL_MS = 1000;

/**
 * How often it is read while the live stream brings its progress: only to heal what the stream
 * cannot, such as events that came before the page followed the generation.
 */
export const GENERATION_LIVE_CHECK_MS = 5000;

export function isFinished(status: GenerationStatus) {
  switch (status) {
    case 'queued':
    case 'running':
      return false;
    case 'done':
    case 'failed':
    case 'partly_failed':
      return true;
  }
}

export async function getGeneration(id: number) {
  const { data, error, response } = await api.GET('/api/generations/{id}/', {
    params: { path: { id } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/**
 * Read again every second until the generation finishes, or the server refuses to say (4xx);
 * every five while the brainstorm's live stream brings its progress (`live`).
 */
export function generationQueryOptions(id: number, live = false) {
  return queryOptions({
    queryKey: generationKeys.detail(id),
    queryFn: () => getGeneration(id),
    structuralSharing: furthestGeneration,
    refetchInterval: ({ state }) => {
      const refused = state.error instanceof ApiError && state.error.status < 500;
      const finished = state.data !== undefined && isFinished(state.data.status);
      if (refused || finished) return false;
      return live ? GENERATION_LIVE_CHECK_MS : GENERATION_POLL_MS;
    },
  });
}

export function useGeneration(id: number, live = false) {
  return useQuery(generationQueryOptions(id, live));
}
