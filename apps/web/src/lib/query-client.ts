import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { logError } from '@/lib/logger';

const MAX_RETRIES = 2;

function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        logError(`Query ${JSON.stringify(query.queryKey)} failed`, error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        logError(`Mutation ${JSON.stringify(mutation.options.mutationKey ?? [])} failed`, error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
    },
  });
}
