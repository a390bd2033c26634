import { useMutation, useQuery } from '@tanstack/react-query';
import { accountEndpoints, joinEndpoints } from '@verity/shared';
import { api } from '../../lib/api-client';
import { useAuthStore } from '../../lib/auth-store';

export const joinKeys = { status: ['join', 'status'] as const };

/** How often the waiting page asks whether a champion has decided. */
const WAITING_POLL_MS = 30_000;

/** The signed-in person's own request to join; asked again every 30 s while it waits. */
export function useJoinStatus() {
  return useQuery({
    queryKey: joinKeys.status,
    queryFn: ({ signal }) => api(joinEndpoints.status, {}, { signal, background: true }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? WAITING_POLL_MS : false),
    staleTime: 0,
  });
}

/** Loads the profile again (its roles changed on the server), so the route guard lets the person in. */
export async function refreshProfile(): Promise<void> {
  const user = await api(accountEndpoints.info);
  useAuthStore.getState().setUser(user);
}

/** After a declined request: the person's own new organisation, as its champion. */
export function useStartOrganisation() {
  return useMutation({
    mutationFn: () => api(joinEndpoints.startOrganisation, {}, { background: true }),
    onSuccess: refreshProfile,
  });
}

/** Withdraw the request and close the account; the session ends with it. */
export function useLeave() {
  return useMutation({
    mutationFn: () => api(joinEndpoints.leave, {}, { background: true }),
    onSuccess: () => useAuthStore.getState().clearSession(),
  });
}
