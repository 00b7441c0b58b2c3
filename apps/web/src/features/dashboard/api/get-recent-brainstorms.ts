import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { DASHBOARD_STALE_TIME, dashboardKeys } from './dashboard-keys';
import type { BrainstormScope } from './types';

export async function getRecentBrainstorms(scope: BrainstormScope) {
  const { data, error, response } = await api.GET('/api/dashboard/recent-brainstorms/', {
    params: { query: { scope } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export const recentBrainstormsQueryOptions = (scope: BrainstormScope) =>
  queryOptions({
    queryKey: dashboardKeys.recentBrainstorms(scope),
    queryFn: () => getRecentBrainstorms(scope),
    staleTime: DASHBOARD_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export const useRecentBrainstorms = (scope: BrainstormScope) =>
  useQuery(recentBrainstormsQueryOptions(scope));
