import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { ideaKeys } from './idea-keys';

/** Takes a stacked idea out from under its original: it becomes an idea of its own. */
export async function markNotDuplicate(ideaId: number) {
  const { data, error, response } = await api.POST('/api/ideas/{id}/not-duplicate/', {
    params: { path: { id: ideaId } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useNotDuplicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...ideaKeys.all, 'not-duplicate'],
    mutationFn: markNotDuplicate,
    // The lists, their stacks and every count change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ideaKeys.all }),
  });
}
