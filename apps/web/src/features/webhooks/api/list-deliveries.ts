import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { webhookKeys } from './webhook-keys';

/** The newest deliveries shown in a webhook's log. */
export const DELIVERY_LOG_SIZE = 20;

export async function listDeliveries(id: number) {
  const { data, error, response } = await api.GET('/api/webhooks/{id}/deliveries/', {
    params: { path: { id }, query: { page_size: DELIVERY_LOG_SIZE } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function deliveryListQueryOptions(id: number) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => listDeliveries(id),
    // While a delivery is pending its attempts are still coming: look again shortly.
    refetchInterval: (query) =>
      query.state.data?.results.some((d) => d.status === 'pending') ? 2000 : false,
  });
}

export function useDeliveryList(id: number) {
  return useQuery(deliveryListQueryOptions(id));
}
