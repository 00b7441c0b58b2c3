import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { projectKeys } from './project-keys';

/** Resolves to null when the project does not exist, so the page can say so. */
export async function getProject(id: number) {
  const { data, error, response } = await api.GET('/api/projects/{id}/', {
    params: { path: { id } },
  });
  if (response.status === 404) return null;
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function projectQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...projectKeys.details(), id],
    queryFn: () => getProject(id),
  });
}

/** The project, or nothing asked while `id` is null. */
export function useProject(id: number | null) {
  return useQuery({ ...projectQueryOptions(id ?? 0), enabled: id !== null, retryOnMount: false });
}
