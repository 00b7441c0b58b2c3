import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { themeKeys } from './theme-keys';

/** The brainstorm's themes, in their order. */
export async function listThemes(brainstormId: number) {
  const { data, error, response } = await api.GET('/api/brainstorms/{id}/themes/', {
    params: { path: { id: brainstormId } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function themeListQueryOptions(brainstormId: number) {
  return queryOptions({
    queryKey: themeKeys.list(brainstormId),
    queryFn: () => listThemes(brainstormId),
  });
}

export function useThemes(brainstormId: number) {
  return useQuery(themeListQueryOptions(brainstormId));
}
