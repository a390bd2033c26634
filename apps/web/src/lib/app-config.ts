import type { AppConfig } from '@verity/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const appConfigQueryKey = ['app-config'] as const;

export function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return apiRequest<AppConfig>('app-config', { background: true, signal });
}

/** Public configuration (support e-mail, 'Trusted by' logos, SSO availability). Changes only on deploy. */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => fetchAppConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
