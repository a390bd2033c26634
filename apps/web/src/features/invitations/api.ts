import { useMutation, useQuery } from '@tanstack/react-query';
import { type CompleteProfileInput, endpointUrl, invitationsEndpoints, type LoginResponse, type User } from '@verity/shared';
import { api, fetchApi, toFormData } from '../../lib/api-client';
import { useAuthStore } from '../../lib/auth-store';

/**
 * Checks the invitation link's token, which answers the invited person's details and the token
 * the profile form is sent with. Asked once per link: a refusal is the answer, not a glitch to
 * retry, and the answer is kept (each check replaces the form's token on the server, so a second
 * check would leave the first answer's token spent).
 */
export function useVerifyInvitation(token: string) {
  return useQuery({
    queryKey: ['invitations', 'verify', token] as const,
    // No abort signal: a page mounted twice (StrictMode) must not cancel the check and make a second one.
    queryFn: () => api(invitationsEndpoints.verify, { query: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
  });
}

/** E-mails a new link to the invited address in place of the link's (expired) token. */
export function useRenewInvitation() {
  return useMutation({ mutationFn: (token: string) => api(invitationsEndpoints.renew, { body: { token } }, { background: true }) });
}

/**
 * Completes the invited profile, then signs in with the session it answers. The form's token goes
 * in the Authorization header (not the session header api() sends), so this call is made directly.
 * The page shows its failures itself: a refused token is about the invitation, not a session.
 */
export async function completeProfile(options: { token: string; input: CompleteProfileInput }): Promise<User> {
  const endpoint = invitationsEndpoints.completeProfile;
  const response = await fetchApi(
    endpointUrl(endpoint),
    {
      method: endpoint.method,
      headers: { Accept: 'application/json', Authorization: `Bearer ${options.token}` },
      body: toFormData(options.input),
    },
    { background: true },
    null,
    async (answer) => (await answer.json()) as LoginResponse,
  );
  if (!response.auth_token) throw new Error(response.error ?? response.message);
  return useAuthStore.getState().login(response.auth_token);
}

export function useCompleteProfile() {
  return useMutation({ mutationFn: completeProfile });
}
