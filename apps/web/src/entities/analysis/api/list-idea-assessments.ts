import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api/request-json';
import { analysisKeys } from './analysis-keys';
import type { Assessment } from './assessment-types';

/** Every assessment of one idea, newest first. */
export function listIdeaAssessments(ideaId: number) {
  return requestJson<Assessment[]>('GET', `/api/ideas/${String(ideaId)}/assessments/`);
}

export function ideaAssessmentsQueryOptions(ideaId: number) {
  return queryOptions({
    queryKey: analysisKeys.ideaAssessment(ideaId),
    queryFn: () => listIdeaAssessments(ideaId),
  });
}

export function useIdeaAssessments(ideaId: number) {
  return useQuery(ideaAssessmentsQueryOptions(ideaId));
}
