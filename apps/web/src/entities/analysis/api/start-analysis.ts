import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { analysisKeys } from './analysis-keys';
import { analysisQueryOptions } from './get-analysis';
import type { AnalysisRequest } from './types';

export interface StartAnalysisInput {
  brainstormId: number;
  request: AnalysisRequest;
}

/** Queues a run; the server answers at once (202) with the run to follow. */
export async function startAnalysis({ brainstormId, request }: StartAnalysisInput) {
  const { data, error, response } = await api.POST('/api/brainstorms/{id}/analyses/', {
    params: { path: { id: brainstormId } },
    body: request,
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/**
 * Starts a run. The new run becomes the brainstorm's latest of its kind at once, so the page
 * shows its progress; a refusal (a limit, too few ideas) is shown by the launcher.
 */
export function useStartAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...analysisKeys.all, 'start'],
    meta: { severity: 'low' },
    mutationFn: startAnalysis,
    onSuccess: (analysis, { brainstormId }) => {
      queryClient.setQueryData(analysisQueryOptions(analysis.id).queryKey, analysis);
      queryClient.setQueryData(analysisKeys.latest(brainstormId, analysis.kind), analysis);
      // A run reserves budget: what the next one may cost has changed.
      void queryClient.invalidateQueries({ queryKey: analysisKeys.plans() });
    },
  });
}
