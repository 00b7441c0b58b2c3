import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api/request-json';
import { analysisKeys } from './analysis-keys';
import type { Disagreements } from './assessment-types';

/** Where the model's impact scores and the team's votes disagree most, both ways. */
export function listDisagreements(brainstormId: number) {
  return requestJson<Disagreements>(
    'GET',
    `/api/brainstorms/${String(brainstormId)}/disagreements/`,
  );
}

export function disagreementsQueryOptions(brainstormId: number) {
  return queryOptions({
    queryKey: analysisKeys.disagreements(brainstormId),
    queryFn: () => listDisagreements(brainstormId),
  });
}

export function useDisagreements(brainstormId: number) {
  return useQuery(disagreementsQueryOptions(brainstormId));
}
