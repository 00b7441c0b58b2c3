import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { projectKeys } from './project-keys';

/** Which projects: the active ones, the archived ones, or all. */
export type ProjectScope = 'active' | 'archived' | 'all';

const ARCHIVED = { active: 'false', archived: 'true', all: undefined } as const;

/** Up to a hundred projects, the most recently active first: a team has a handful. */
export async function listProjects(scope: ProjectScope) {
  const archived = ARCHIVED[scope];
  const { data, error, response } = await api.GET('/api/projects/', {
    params: {
      query: { page_size: 100, ordering: '-last_activity', ...(archived && { archived }) },
    },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function projectListQueryOptions(scope: ProjectScope) {
  return queryOptions({
    queryKey: [...projectKeys.lists(), scope],
    queryFn: () => listProjects(scope),
  });
}

export function useProjectList(scope: ProjectScope) {
  return useQuery(projectListQueryOptions(scope));
}
