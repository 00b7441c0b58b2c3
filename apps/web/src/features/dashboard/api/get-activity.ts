import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { DASHBOARD_STALE_TIME, dashboardKeys } from './dashboard-keys';

export const ACTIVITY_SHOWN = 12;

export async function getActivity(limit: number) {
  const { data, error, response } = await api.GET('/api/dashboard/activity/', {
    params: { query: { limit } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export const activityQueryOptions = (limit = ACTIVITY_SHOWN) =>
  queryOptions({
    queryKey: dashboardKeys.activity(limit),
    queryFn: () => getActivity(limit),
    staleTime: DASHBOARD_STALE_TIME,
  });

export const useActivity = (limit = ACTIVITY_SHOWN) => useQuery(activityQueryOptions(limit));
