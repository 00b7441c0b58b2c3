import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { fieldErrorsOf, type FieldErrors } from '@/lib/api/field-errors';
import { analysisKeys } from './analysis-keys';
import type { AnalysisPlan, AnalysisRequest } from './types';

export interface PlanInput {
  brainstormId: number;
  request: AnalysisRequest;
}

/** A plan, or the server's reasons why such a run cannot start (its 400 field messages). */
export type PlanAnswer = { plan: AnalysisPlan; errors: null } | { plan: null; errors: FieldErrors };

/**
 * What a run would cost at most, asked before it starts. A refusal (too few ideas, a provider
 * that cannot do it) is an answer to show, not a failure: only other errors throw.
 */
export async function planAnalysis({ brainstormId, request }: PlanInput): Promise<PlanAnswer> {
  const { data, error, response } = await api.POST('/api/brainstorms/{id}/analyses/plan/', {
    params: { path: { id: brainstormId } },
    body: request,
  });
  if (data) return { plan: data, errors: null };
  const failure = new ApiError(response.status, error);
  const errors = fieldErrorsOf(failure);
  if (errors) return { plan: null, errors };
  throw failure;
}

/**
 * The plan for the request as chosen; the last plan stays on screen while the next one loads. A
 * new idea or vote may change it, so it is read again when the page comes back into view.
 */
export function planQueryOptions(input: PlanInput) {
  return queryOptions({
    queryKey: [...analysisKeys.plans(), input],
    queryFn: () => planAnalysis(input),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** Nothing is asked until `enabled` (a provider and model chosen, enough ideas picked). */
export function usePlan(input: PlanInput, enabled: boolean) {
  return useQuery({ ...planQueryOptions(input), enabled });
}
