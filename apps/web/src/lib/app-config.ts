import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformEndpoints } from '@verity/shared';
import { api } from './api-client';

export const appConfigQueryKey = ['app-config'] as const;

/** Public configuration (support e-mail, 'Trusted by' logos, SSO availability). Changes only on deploy. */
export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => api(platformEndpoints.appConfig, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
