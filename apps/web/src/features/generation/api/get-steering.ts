import { queryOptions, useQuery } from '@tanstack/react-query';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

/** The liked and rejected ideas a generation started now would carry. */
export async function getSteering(brainstormId: number) {
  const { data, error, response } = await api.GET('/api/brainstorms/{id}/steering/', {
    params: { path: { id: brainstormId } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/**
 * Under the idea keys: a review changes it (the annotation mutations refresh it), and so does a
 * generation's end, which refreshes every idea query.
 */
export function steeringQueryOptions(brainstormId: number) {
  return queryOptions({
    queryKey: ideaKeys.steering(brainstormId),
    queryFn: () => getSteering(brainstormId),
  });
}

export function useSteering(brainstormId: number) {
  return useQuery(steeringQueryOptions(brainstormId));
}
