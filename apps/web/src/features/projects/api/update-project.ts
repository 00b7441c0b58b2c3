import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { projectQueryOptions } from '@/entities/project/api/get-project';
import { projectKeys } from '@/entities/project/api/project-keys';
import type { Project } from '@/entities/project/api/types';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

export interface UpdateProjectInput {
  id: number;
  name: string;
  description: string;
}

export async function updateProject({ id, ...body }: UpdateProjectInput) {
  const { data, error, response } = await api.PATCH('/api/projects/{id}/', {
    params: { path: { id } },
    body,
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/** The changed project into its detail, and every list fetched again. */
export function projectChanged(queryClient: QueryClient, project: Project) {
  queryClient.setQueryData(projectQueryOptions(project.id).queryKey, project);
  return queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...projectKeys.all, 'update'],
    mutationFn: updateProject,
    onSuccess: (project) => projectChanged(queryClient, project),
  });
}
