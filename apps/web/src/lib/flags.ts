import { FEATURE_FLAGS, type FeatureFlag, type FlagValues, platformEndpoints } from '@verity/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useAuthStore } from './auth-store';

/** Flags can differ per user, so the cache is keyed by who is signed in. */
export function flagsQueryKey(userId: string | null) {
  return ['flags', userId ?? 'anonymous'] as const;
}

export function flagsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: flagsQueryKey(userId),
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

export function useFlags(): FlagsState {
  const userId = useAuthStore((s) => s.user?.user_id ?? null);
  const initialised = useAuthStore((s) => s.initialised);
  const query = useQuery({
    ...flagsQueryOptions(userId),
    // Wait for the session to settle so the request carries the right token.
    enabled: initialised,
    select: (data) => data.flags,
  });
  const flags = query.data ?? (query.isError ? FLAGS_UNAVAILABLE : undefined);
  return {
    flags,
    isLoading: flags === undefined,
    isEnabled: (flag) => flags?.[flag] === true,
  };
}
