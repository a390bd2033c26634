import { QUERY_MAX_RETRIES, QUERY_STALE_TIME_MS, queryRetryDelay } from './constants';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '../components/ui/toast';
import { isApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Shown as an error toast once when the query fails after its retries. */
      errorMessage?: string;
    };
  }
}

/**
 * Client errors (4xx) will not change on a retry, so they fail at once; a client-side time-out
 * (408) and rate limiting (429) are worth retrying, as are network and server errors.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_MAX_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (_error, query) => {
        if (query.meta?.errorMessage) toast.error(query.meta.errorMessage);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
