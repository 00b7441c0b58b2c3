import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { analysisKeys } from './analysis-keys';
import type { AnalysisKind } from './types';

/** The brainstorm's newest run of a kind, or null when it has none. */
export async function getLatestAnalysis(brainstormId: number, kind: AnalysisKind) {
  const { data, error, response } = await api.GET('/api/brainstorms/{id}/analyses/', {
    params: { path: { id: brainstormId }, query: { kind, page: 1, page_size: 1 } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data.results[0] ?? null;
}

/**
 * Read when a page opens, so the newest proposal or ranking shows at once, whoever started it.
 * Starting a run here puts the new one in its place.
 */
export function latestAnalysisQueryOptions(brainstormId: number, kind: AnalysisKind) {
  return queryOptions({
    queryKey: analysisKeys.latest(brainstormId, kind),
    queryFn: () => getLatestAnalysis(brainstormId, kind),
  });
}

export function useLatestAnalysis(brainstormId: number, kind: AnalysisKind) {
  return useQuery(latestAnalysisQueryOptions(brainstormId, kind));
}
