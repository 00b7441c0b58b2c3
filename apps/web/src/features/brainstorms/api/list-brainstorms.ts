import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';

export interface BrainstormListParams {
  page: number;
  pageSize: number;
  /** A project's brainstorms, or with 'none' those in no project. */
  project?: number | 'none' | undefined;
}

export async function listBrainstorms({ page, pageSize, project }: BrainstormListParams) {
  const { data, error, response } = await api.GET('/api/brainstorms/', {
    params: {
      query: {
        page,
        page_size: pageSize,
        ordering: '-created',
        ...(project !== undefined && { project }),
      },
    },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function brainstormListQueryOptions(params: BrainstormListParams) {
  return queryOptions({
    queryKey: [...brainstormKeys.lists(), params],
    queryFn: () => listBrainstorms(params),
    placeholderData: keepPreviousData,
  });
}

export function useBrainstormList(params: BrainstormListParams) {
  return useQuery(brainstormListQueryOptions(params));
}
