import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';
import { projectKeys } from '@/entities/project/api/project-keys';
import type { CreateBrainstormInput } from './types';

export async function createBrainstorm(input: CreateBrainstormInput) {
  const { data, error, response } = await api.POST('/api/brainstorms/', { body: input });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useCreateBrainstorm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...brainstormKeys.all, 'create'],
    mutationFn: createBrainstorm,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: brainstormKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
      ]),
  });
}
