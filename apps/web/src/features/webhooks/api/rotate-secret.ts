import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { webhookKeys } from './webhook-keys';

/** Replaces the signing secret; the answer carries the new one, this once. */
export async function rotateSecret(id: number) {
  const { data, error, response } = await api.POST('/api/webhooks/{id}/rotate-secret/', {
    params: { path: { id } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useRotateSecret() {
  return useMutation({ mutationKey: [...webhookKeys.all, 'rotate'], mutationFn: rotateSecret });
}
