import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { WebhookFields } from './types';
import { webhookKeys } from './webhook-keys';

export async function updateWebhook({ id, ...body }: Partial<WebhookFields> & { id: number }) {
  const { data, error, response } = await api.PATCH('/api/webhooks/{id}/', {
    params: { path: { id } },
    body,
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webhookKeys.all, 'update'],
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.lists() }),
  });
}
