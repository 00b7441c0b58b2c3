import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { ideaKeys } from './idea-keys';

/** How many ideas the brainstorm has in all: a one-idea page, of which only `count` is read. */
export async function getIdeaTotal(brainstormId: number) {
  const { data, error, response } = await api.GET('/api/ideas/', {
    params: { query: { brainstorm: brainstormId, page: 1, page_size: 1 } },
  });
  if (!data) throw new ApiError(response.status, error);
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new Error('Unexpected ideas response shape');
  }
  return data.count;
}

export function ideaTotalQueryOptions(brainstormId: number) {
  return queryOptions({
    queryKey: [...ideaKeys.totals(), brainstormId],
    queryFn: () => getIdeaTotal(brainstormId),
  });
}

export function useIdeaTotal(brainstormId: number) {
  return useQuery(ideaTotalQueryOptions(brainstormId));
}
