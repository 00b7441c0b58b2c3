import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { analysisKeys } from './analysis-keys';

/** Every assessment of one idea, newest first. */
export async function listIdeaAssessments(ideaId: number) {
  const { data, error, response } = await api.GET('/api/ideas/{id}/assessments/', {
    params: { path: { id: ideaId } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
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
