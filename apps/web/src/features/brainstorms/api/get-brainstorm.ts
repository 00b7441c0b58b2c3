import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';

/** Resolves to null when the brainstorm does not exist, so the page can say so. */
export async function getBrainstorm(id: number) {
  const { data, error, response } = await api.GET('/api/brainstorms/{id}/', {
    params: { path: { id } },
  });
  if (response.status === 404) return null;
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function brainstormQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...brainstormKeys.details(), id],
    queryFn: () => getBrainstorm(id),
  });
}

export function useBrainstorm(id: number) {
  // The route's loader has just tried (and retried); after a failure the page offers
  // 'Try again' rather than starting over on mount, which doubled the wait for the error.
  return useQuery({ ...brainstormQueryOptions(id), retryOnMount: false });
}
