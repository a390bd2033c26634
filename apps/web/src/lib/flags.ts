import { FEATURE_FLAGS, type FeatureFlag, type FlagValues, platformEndpoints } from '@verity/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useAuthStore } from './auth-store';

/** The flags for nobody in particular (GET /api/flags without a session): the pages before sign-in. */
export function flagsQueryOptions() {
  return queryOptions({
    queryKey: ['flags'] as const,
    queryFn: ({ signal }) => api(platformEndpoints.flags, {}, { signal }),
  });
}

/** When the flags cannot be loaded, flagged features stay hidden rather than half-working. */
export const FLAGS_UNAVAILABLE: FlagValues = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as FlagValues;

export interface FlagsState {
  /** Undefined while loading. */
  flags: FlagValues | undefined;
  isLoading: boolean;
  isEnabled: (flag: FeatureFlag) => boolean;
}

/**
 * The flags as evaluated for whoever is using the app. A signed-in user's come with them from
 * account/info (evaluated for their organisation and roles), so a flagged page or menu entry is
 * known before the shell draws; before sign-in they are fetched on their own.
 */
export function useFlags(): FlagsState {
  const userFlags = useAuthStore((s) => s.user?.flags);
  const initialised = useAuthStore((s) => s.initialised);
  const query = useQuery({
    ...flagsQueryOptions(),
    // Wait for the session to settle: a signed-in user's flags need no request of their own.
    enabled: initialised && userFlags === undefined,
    select: (data) => data.flags,
  });
  const flags = userFlags ?? query.data ?? (query.isError ? FLAGS_UNAVAILABLE : undefined);
  return {
    flags,
    isLoading: flags === undefined,
    isEnabled: (flag) => flags?.[flag] === true,
  };
}
