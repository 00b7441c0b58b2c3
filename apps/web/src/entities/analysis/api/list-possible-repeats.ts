import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { analysisKeys } from './analysis-keys';

/** Of the top `top` ideas a ranking would compare, the pairs that may say the same thing. */
export async function listPossibleRepeats(brainstormId: number, top: number) {
  const { data, error, response } = await api.GET('/api/brainstorms/{id}/possible-repeats/', {
    params: { path: { id: brainstormId }, query: { top } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data.pairs;
}

export function possibleRepeatsQueryOptions(brainstormId: number, top: number) {
  return queryOptions({
    queryKey: analysisKeys.possibleRepeats(brainstormId, top),
    queryFn: () => listPossibleRepeats(brainstormId, top),
  });
}

/** Nothing is asked while `top` is not a valid number of ideas (null). */
export function usePossibleRepeats(brainstormId: number, top: number | null) {
  return useQuery({
    ...possibleRepeatsQueryOptions(brainstormId, top ?? 0),
    enabled: top !== null,
  });
}
