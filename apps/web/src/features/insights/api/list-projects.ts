import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { insightsKeys } from './insights-keys';

const MAX_PROJECTS = 100;

/** The team's projects, newest first, for the project filter (the first hundred). */
export async function listProjects() {
  const { data, error, response } = await api.GET('/api/projects/', {
    params: { query: { page_size: MAX_PROJECTS } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data.results.map((project) => ({ id: project.id, name: project.name }));
}

export function useProjects() {
  return useQuery(queryOptions({ queryKey: insightsKeys.projects(), queryFn: listProjects }));
}
