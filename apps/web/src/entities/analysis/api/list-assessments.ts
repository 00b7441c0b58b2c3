import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { analysisKeys } from './analysis-keys';

/** The newest assessment of each of the brainstorm's ideas. */
export async function listAssessments(brainstormId: number) {
  const { data, error, response } = await api.GET('/api/brainstorms/{id}/assessments/', {
    params: { path: { id: brainstormId } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
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
