import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { teamKeys } from './team-keys';

/** Deactivates (signing them out everywhere) or reactivates a member. */
export async function setMemberActive({ id, active }: { id: number; active: boolean }) {
  const { data, error, response } = await api.PATCH('/api/users/{id}/', {
    params: { path: { id } },
    body: { is_active: active },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useSetMemberActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...teamKeys.all, 'set-active'],
    mutationFn: setMemberActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.lists() }),
  });
}
