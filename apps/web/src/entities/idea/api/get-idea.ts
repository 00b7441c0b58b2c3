import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { ideaKeys } from './idea-keys';
import { requireParam } from './required-param';

/** One idea with the caller's annotation. */
export async function getIdea(ideaId: number | null | undefined) {
  const id = requireParam(ideaId, 'id', 'getIdea');
  const { data, error, response } = await api.GET('/api/ideas/{id}/', {
    params: { path: { id }, query: { with_annotations: 'true' } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function ideaQueryOptions(ideaId: number) {
  return queryOptions({ queryKey: ideaKeys.detail(ideaId), queryFn: () => getIdea(ideaId) });
}
