import { QUERY_MAX_RETRIES, QUERY_STALE_TIME_MS, queryRetryDelay } from './constants';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '../components/ui/toast';
import { NETWORK_ERROR_CODES } from '@verity/shared';
import { isApiError, withholdErrorDialog } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Shown as an error toast once when the query fails after its retries. */
      errorMessage?: string;
    };
  }
}

/**
 * SPEC §8's retryable errors: 429, 500, 502, 503, 504 and the recoverable 500x codes — plus no
 * response at all (a network failure), which a retry may well get past. Anything else (a 4xx,
 * the 50 s time-out, a bug in the page) fails at once.
 */
export function isRetryableFailure(error: unknown): boolean {
  return isApiError(error) && (error.clientError.retryable || NETWORK_ERROR_CODES.has(error.status));
}

/**
 * SPEC §9: up to 3 retries of a retryable failure (the delay, queryRetryDelay, doubles from 1 s
 * to at most 30 s). A query that tries again withholds this attempt's error dialog, so the
 * dialog appears only after the last attempt fails.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const retry = failureCount < QUERY_MAX_RETRIES && isRetryableFailure(error);
  if (retry) withholdErrorDialog(error);
  return retry;
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
