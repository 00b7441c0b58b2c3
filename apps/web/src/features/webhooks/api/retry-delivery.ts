import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { webhookKeys } from './webhook-keys';

/** Sends a finished delivery again, with the same message id and body. */
export async function retryDelivery({ id, deliveryId }: { id: number; deliveryId: number }) {
  const { data, error, response } = await api.POST(
    '/api/webhooks/{id}/deliveries/{deliveryId}/retry/',
    { params: { path: { id, deliveryId } } },
  );
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webhookKeys.all, 'retry'],
    mutationFn: retryDelivery,
    onSuccess: (_, { id }) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
