import { queryOptions, useQuery } from '@tanstack/react-query';
import { startupApi } from './startup-calls';

export const appConfigQueryKey = ['app-config'] as const;

/** Public configuration (support e-mail, 'Trusted by' logos, SSO availability). Changes only on deploy. */
export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => startupApi('appConfig', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
