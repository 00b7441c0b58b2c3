import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { tokenKeys } from './list-tokens';

export type NewToken = components['schemas']['NewPersonalAccessToken'];

export interface CreateTokenInput {
  name: string;
  scope: 'read' | 'write';
  expires_in_days: number;
}

export async function createToken(body: CreateTokenInput) {
  const { data, error, response } = await api.POST('/api/tokens/', { body });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/** Creates a token; its answer holds the secret, which nothing else will show again. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...tokenKeys.all, 'create'],
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
