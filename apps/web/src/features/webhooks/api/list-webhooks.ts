import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { Paging } from '@/lib/paging';
import { webhookKeys } from './webhook-keys';

export async function listWebhooks({ page, pageSize }: Paging) {
  const { data, error, response } = await api.GET('/api/webhooks/', {
    params: { query: { page, page_size: pageSize } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function webhookListQueryOptions(paging: Paging) {
  return queryOptions({
    queryKey: [...webhookKeys.lists(), paging],
    queryFn: () => listWebhooks(paging),
    placeholderData: keepPreviousData,
  });
}

export function useWebhookList(paging: Paging) {
  return useQuery(webhookListQueryOptions(paging));
}
