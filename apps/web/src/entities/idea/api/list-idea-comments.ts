import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { ideaKeys } from './idea-keys';
import { requireParam } from './required-param';

/** The team's comments on an idea, oldest first (the first 100: the server's largest page). */
export async function listIdeaComments(ideaId: number | null | undefined) {
  const id = requireParam(ideaId, 'id', 'listIdeaComments');
  const { data, error, response } = await api.GET('/api/ideas/{id}/comments/', {
    params: { path: { id }, query: { page_size: 100 } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function ideaCommentsQueryOptions(ideaId: number) {
  return queryOptions({
    queryKey: ideaKeys.comments(ideaId),
    queryFn: () => listIdeaComments(ideaId),
  });
}

export function useIdeaComments(ideaId: number) {
  return useQuery(ideaCommentsQueryOptions(ideaId));
}
