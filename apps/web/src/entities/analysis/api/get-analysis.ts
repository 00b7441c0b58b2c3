import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { isFinished } from '../lib/analysis-status';
import { analysisKeys } from './analysis-keys';

/** How often a queued or running run is read. */
export const ANALYSIS_POLL_MS = 1000;

/** One sense-making run: its progress, and its result once done. */
export async function getAnalysis(id: number) {
  const { data, error, response } = await api.GET('/api/analyses/{id}/', {
    params: { path: { id } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/** Read again every second until the run finishes, or the server refuses to say (4xx). */
export function analysisQueryOptions(id: number) {
  return queryOptions({
    queryKey: analysisKeys.detail(id),
    queryFn: () => getAnalysis(id),
    refetchInterval: ({ state }) => {
      const refused = state.error instanceof ApiError && state.error.status < 500;
      const finished = state.data !== undefined && isFinished(state.data.status);
      return refused || finished ? false : ANALYSIS_POLL_MS;
    },
  });
}

/** A run followed until it finishes; nothing is read while `id` is null. */
export function useAnalysis(id: number | null) {
  return useQuery({ ...analysisQueryOptions(id ?? 0), enabled: id !== null });
}
