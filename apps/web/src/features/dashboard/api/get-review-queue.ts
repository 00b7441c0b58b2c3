import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { DASHBOARD_STALE_TIME, dashboardKeys } from './dashboard-keys';

export async function getReviewQueue() {
  const { data, error, response } = await api.GET('/api/dashboard/review-queue/');
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export const reviewQueueQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.reviewQueue(),
    queryFn: getReviewQueue,
    staleTime: DASHBOARD_STALE_TIME,
  });

export const useReviewQueue = () => useQuery(reviewQueueQueryOptions());
