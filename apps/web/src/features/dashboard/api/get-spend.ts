import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { DASHBOARD_STALE_TIME, dashboardKeys } from './dashboard-keys';

export async function getSpend() {
  const { data, error, response } = await api.GET('/api/dashboard/spend/');
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export const spendQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.spend(),
    queryFn: getSpend,
    staleTime: DASHBOARD_STALE_TIME,
  });

export const useSpend = () => useQuery(spendQueryOptions());
