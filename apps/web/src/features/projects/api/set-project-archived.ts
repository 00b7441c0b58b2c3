import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/entities/project/api/project-keys';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { projectChanged } from './update-project';

export interface SetProjectArchivedInput {
  id: number;
  archived: boolean;
}

export async function setProjectArchived({ id, archived }: SetProjectArchivedInput) {
  const options = { params: { path: { id } } };
  const { data, error, response } = archived
    ? await api.POST('/api/projects/{id}/archive/', options)
    : await api.POST('/api/projects/{id}/restore/', options);
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useSetProjectArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...projectKeys.all, 'archive'],
    mutationFn: setProjectArchived,
    onSuccess: (project) => projectChanged(queryClient, project),
  });
}
