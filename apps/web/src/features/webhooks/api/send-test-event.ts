import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { webhookKeys } from './webhook-keys';

/** Queues a `webhook.test` event for the webhook, delivered like any other. */
export async function sendTestEvent(id: number) {
  const { data, error, response } = await api.POST('/api/webhooks/{id}/test/', {
    params: { path: { id } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webhookKeys.all, 'test'],
    mutationFn: sendTestEvent,
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
