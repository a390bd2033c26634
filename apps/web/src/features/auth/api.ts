import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse, MessageResponse, SignupInput, User } from '@verity/shared';
import { apiRequest } from '../../lib/api-client';
import { useAuthStore } from '../../lib/auth-store';

function toFormData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The server answered 200 but gave no token; its own words explain why. */
export class LoginRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoginRejectedError';
  }
}

/** POST auth/login (multipart), then load the profile and sign the user in. */
export async function signIn(input: LoginInput): Promise<User> {
  const response = await apiRequest<LoginResponse>('auth/login', { method: 'POST', form: toFormData(input) });
  if (!response.auth_token) throw new LoginRejectedError(response.error ?? response.message);
  return useAuthStore.getState().login(response.auth_token);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

/** POST auth/signup (multipart). The user stays signed out until the e-mail is verified. */
export function signUp(input: SignupInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('auth/signup', { method: 'POST', form: toFormData(input) });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

/** POST auth/reset_password (multipart): e-mails a reset link if the account exists. */
export function requestPasswordReset(input: { email: string }): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('auth/reset_password', { method: 'POST', form: toFormData(input) });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /auth/verify-email: consumes the single-use code from the e-mail link. */
export function verifyEmail(input: { oobCode: string }): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/verify-email', { method: 'POST', json: input });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

/** POST /auth/reset-password: sets a new password with the single-use code from the e-mail link. */
export function resetPassword(input: { oobCode: string; newPassword: string }): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/reset-password', { method: 'POST', json: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
