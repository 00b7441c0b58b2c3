import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { ideaKeys } from './idea-keys';

export interface MarkDuplicateInput {
  ideaId: number;
  /** The idea it repeats. */
  of: number;
}

/** Stacks an idea under another of its brainstorm by hand. */
export async function markDuplicate({ ideaId, of }: MarkDuplicateInput) {
  const { data, error, response } = await api.POST('/api/ideas/{id}/mark-duplicate/', {
    params: { path: { id: ideaId } },
    body: { of },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useMarkDuplicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...ideaKeys.all, 'mark-duplicate'],
    mutationFn: markDuplicate,
    // A refusal is shown under the dialog's field.
    meta: { severity: 'low' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ideaKeys.all }),
  });
}
