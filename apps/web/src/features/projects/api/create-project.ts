import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/entities/project/api/project-keys';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

export interface CreateProjectInput {
  name: string;
  description: string;
}

export async function createProject(body: CreateProjectInput) {
  const { data, error, response } = await api.POST('/api/projects/', { body });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...projectKeys.all, 'create'],
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  });
}
