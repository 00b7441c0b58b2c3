import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { Paging } from '@/lib/paging';
import { teamKeys } from './team-keys';

/** A page of the team, newest member first: one just added heads the list. */
export async function listMembers({ page, pageSize }: Paging) {
  const { data, error, response } = await api.GET('/api/users/', {
    params: { query: { page, page_size: pageSize, ordering: '-created' } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function memberListQueryOptions(paging: Paging) {
  return queryOptions({
    queryKey: [...teamKeys.lists(), paging],
    queryFn: () => listMembers(paging),
    placeholderData: keepPreviousData,
  });
}

export function useMemberList(paging: Paging) {
  return useQuery(memberListQueryOptions(paging));
}
