import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { logError } from '@/lib/logger';

// One quick retry for a dropped connection or a 5xx, none for a 4xx (it would only fail again):
// the error shows within about a second, and the page offers 'Try again' from there.
const MAX_RETRIES = 1;
const RETRY_DELAY_MS = 300;

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
        logError(
          `Mutation ${JSON.stringify(mutation.options.mutationKey ?? [])} failed`,
          error,
          mutation.meta?.severity,
        );
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, retryDelay: RETRY_DELAY_MS },
    },
  });
}
