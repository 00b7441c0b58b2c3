import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api/request-json';
import { analysisKeys } from './analysis-keys';
import type { Assessment } from './assessment-types';

/** The newest assessment of each of the brainstorm's ideas. */
export function listAssessments(brainstormId: number) {
  return requestJson<Assessment[]>('GET', `/api/brainstorms/${String(brainstormId)}/assessments/`);
}

export function assessmentsQueryOptions(brainstormId: number) {
  return queryOptions({
    queryKey: analysisKeys.assessments(brainstormId),
    queryFn: () => listAssessments(brainstormId),
  });
}

export function useAssessments(brainstormId: number) {
  return useQuery(assessmentsQueryOptions(brainstormId));
}
