import { queryOptions, useQuery } from '@tanstack/react-query';
import { deferredApi } from './deferred-api';

export const appConfigQueryKey = ['app-config'] as const;

/** Public configuration (support e-mail, 'Trusted by' logos, SSO availability). Changes only on deploy. */
export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => deferredApi((c) => c.platformEndpoints.appConfig, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
