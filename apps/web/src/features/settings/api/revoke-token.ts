import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { tokenKeys } from './list-tokens';

export async function revokeToken(id: number) {
  const { error, response } = await api.DELETE('/api/tokens/{id}/', {
    params: { path: { id } },
  });
  if (!response.ok) throw new ApiError(response.status, error);
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...tokenKeys.all, 'revoke'],
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
