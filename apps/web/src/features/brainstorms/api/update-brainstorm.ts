import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';
import { projectKeys } from '@/entities/project/api/project-keys';
import { isBrainstormIdeaQuery } from '@/entities/idea/api/idea-keys';
import { brainstormQueryOptions } from './get-brainstorm';

export interface UpdateBrainstormInput {
  id: number;
  title: string;
  description: string;
  /** Blind review (decision 026); left as it is when not given. */
  blind_review?: boolean;
  /** The project it moves to (null: none); left as it is when not given. */
  project?: number | null;
}

export async function updateBrainstorm({ id, ...body }: UpdateBrainstormInput) {
  const { data, error, response } = await api.PATCH('/api/brainstorms/{id}/', {
    params: { path: { id } },
    body,
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
      // Its project's count and last activity, in either project it was or is in.
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      // Blind review turned on or off changes which totals its ideas show.
      void queryClient.invalidateQueries({
        predicate: (query) => isBrainstormIdeaQuery(query.queryKey, brainstorm.id),
      });
    },
  });
}
