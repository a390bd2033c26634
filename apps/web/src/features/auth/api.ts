import { useMutation, useQuery } from '@tanstack/react-query';
import { authEndpoints, joinEndpoints, type User } from '@verity/shared';
import { api, type EndpointBody } from '../../lib/api-client';
import { useAuthStore } from '../../lib/auth-store';

/** The server answered 200 but gave no token; its own words explain why. */
export class LoginRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoginRejectedError';
  }
}

/** Sign in, then load the profile and sign the user in. */
export async function signIn(input: EndpointBody<typeof authEndpoints.login>): Promise<User> {
  const response = await api(authEndpoints.login, { body: input });
  if (!response.auth_token) throw new LoginRejectedError(response.error ?? response.message);
  return useAuthStore.getState().login(response.auth_token);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

/** The user stays signed out until the e-mail is verified. */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: EndpointBody<typeof authEndpoints.signup>) => api(authEndpoints.signup, { body: input }),
  });
}

/** E-mails a reset link if the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: EndpointBody<typeof authEndpoints.requestPasswordReset>) =>
      api(authEndpoints.requestPasswordReset, { body: input }),
  });
}

/** Consumes the single-use code from the e-mail link. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (input: EndpointBody<typeof authEndpoints.verifyEmail>) => api(authEndpoints.verifyEmail, { body: input }),
  });
}

/**
 * Whether a reset link's code is still good, asked before the new-password form shows (it uses
 * nothing up). Asked once per code: a refusal is the answer, not a glitch to retry.
 */
export function useCheckResetCode(oobCode: string) {
  return useQuery({
    queryKey: ['auth', 'reset-code', oobCode] as const,
    queryFn: ({ signal }) => api(authEndpoints.checkResetCode, { body: { oobCode } }, { signal }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}

/** Sets a new password with the single-use code from the e-mail link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: EndpointBody<typeof authEndpoints.resetPassword>) => api(authEndpoints.resetPassword, { body: input }),
  });
}

/**
 * What signing up with the address would do (join the organisation that verified its domain, or
 * choose between a new organisation and an invitation). Background: the page says what failed.
 */
export function checkSignupDomain(email: string) {
  return api(joinEndpoints.domain, { query: { email } }, { background: true });
}
