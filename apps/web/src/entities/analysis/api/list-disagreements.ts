import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { analysisKeys } from './analysis-keys';

/** Where the model's impact scores and the team's votes disagree most, both ways. */
export async function listDisagreements(brainstormId: number) {
  const { data, error, response } = await api.GET('/api/brainstorms/{id}/disagreements/', {
    params: { path: { id: brainstormId } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
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
