import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';
import { projectKeys } from '@/entities/project/api/project-keys';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

export interface DeleteProjectInput {
  id: number;
  /** The project that takes its brainstorms; without it they stay, in no project. */
  moveTo?: number | undefined;
}

export async function deleteProject({ id, moveTo }: DeleteProjectInput) {
  const { error, response } = await api.DELETE('/api/projects/{id}/', {
    params: { path: { id }, query: moveTo === undefined ? {} : { move_to: moveTo } },
  });
  if (!response.ok) throw new ApiError(response.status, error);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...projectKeys.all, 'delete'],
    mutationFn: deleteProject,
    // Every project but the deleted one, whose page is being left: fetched again, it would
    // flash Not Found first.
    onSuccess: (_, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: projectKeys.all,
          predicate: (query) => query.queryKey[2] !== id,
        }),
        queryClient.invalidateQueries({ queryKey: brainstormKeys.all }),
      ]),
  });
}
