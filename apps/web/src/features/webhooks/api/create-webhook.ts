import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { WebhookFields } from './types';
import { webhookKeys } from './webhook-keys';

/** Creates the webhook; the answer carries its signing secret, this once. */
export async function createWebhook(body: WebhookFields) {
  const { data, error, response } = await api.POST('/api/webhooks/', { body });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webhookKeys.all, 'create'],
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.lists() }),
  });
}
