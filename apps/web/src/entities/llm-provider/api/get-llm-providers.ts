import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

/** The key the spec names; the providers are the deployment's, so they load once. */
export const llmProvidersQueryKey = ['llmProviders'] as const;

export async function getLlmProviders() {
  const { data, error, response } = await api.GET('/api/llm-providers/');
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function llmProvidersQueryOptions() {
  return queryOptions({
    queryKey: llmProvidersQueryKey,
    queryFn: getLlmProviders,
    staleTime: Infinity,
  });
}

export function useLlmProviders() {
  return useQuery(llmProvidersQueryOptions());
}
