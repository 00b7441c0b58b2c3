import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type PersonalToken = components['schemas']['PersonalAccessToken'];

export const tokenKeys = {
  all: ['personal-tokens'] as const,
};

/** The most the server lists at once: more than the active tokens one user may have. */
const PAGE_SIZE = 100;

export async function listTokens() {
  const { data, error, response } = await api.GET('/api/tokens/', {
    params: { query: { page_size: PAGE_SIZE } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export const tokensQueryOptions = () =>
  queryOptions({ queryKey: tokenKeys.all, queryFn: listTokens });

/** My personal access tokens, revoked ones left out, newest first. */
export function useTokens() {
  return useQuery(tokensQueryOptions());
}
