import { queryOptions, useQuery } from '@tanstack/react-query';
import { furthestGeneration } from '@/entities/brainstorm/api/furthest-generation';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

const POLL_MS = 1000;
/** While the live stream brings its progress. */
const LIVE_CHECK_MS = 5000;

type Status = 'queued' | 'running' | 'done' | 'failed' | 'partly_failed';

export function isRunning(status: Status) {
  return status === 'queued' || status === 'running';
}

async function getAskedGeneration(id: number) {
  const { data, error, response } = await api.GET('/api/generations/{id}/', {
    params: { path: { id } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/**
 * A 'More like this' or 'Flip it' generation, read every second until it finishes (every five
 * while the brainstorm's live stream brings its progress, to heal what the stream cannot): the
 * review list does not poll, so its end is what brings the new ideas in.
 */
export function askedGenerationQueryOptions(id: number, live = false) {
  return queryOptions({
    queryKey: ideaKeys.askedGeneration(id),
    queryFn: () => getAskedGeneration(id),
    structuralSharing: furthestGeneration,
    refetchInterval: ({ state }) => {
      const refused = state.error instanceof ApiError && state.error.status < 500;
      const finished = state.data !== undefined && !isRunning(state.data.status);
      if (refused || finished) return false;
      return live ? LIVE_CHECK_MS : POLL_MS;
    },
  });
}

export function useAskedGeneration(id: number | null, live = false) {
  return useQuery({ ...askedGenerationQueryOptions(id ?? 0, live), enabled: id !== null });
}
