import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { webhookKeys } from './webhook-keys';

export async function deleteWebhook(id: number) {
  const { error, response } = await api.DELETE('/api/webhooks/{id}/', {
    params: { path: { id } },
  });
  if (!response.ok) throw new ApiError(response.status, error);
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webhookKeys.all, 'delete'],
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.lists() }),
  });
}
