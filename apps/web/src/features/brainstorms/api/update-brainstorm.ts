import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';
import { brainstormQueryOptions } from './get-brainstorm';

export interface UpdateBrainstormInput {
  id: number;
  title: string;
  description: string;
}

export async function updateBrainstorm({ id, title, description }: UpdateBrainstormInput) {
  const { data, error, response } = await api.PATCH('/api/brainstorms/{id}/', {
    params: { path: { id } },
    body: { title, description },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useUpdateBrainstorm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...brainstormKeys.all, 'update'],
    mutationFn: updateBrainstorm,
    onSuccess: (brainstorm) => {
      const detail = brainstormQueryOptions(brainstorm.id);
      queryClient.setQueryData(detail.queryKey, brainstorm);
      void queryClient.invalidateQueries({ queryKey: detail.queryKey });
      void queryClient.invalidateQueries({ queryKey: brainstormKeys.lists() });
    },
  });
}
