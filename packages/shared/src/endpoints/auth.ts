import {
  loginResponseSchema,
  loginSchema,
  messageResponseSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signupSchema,
  verifyEmailSchema,
} from '../api/account.ts';
import { ACCOUNT, defineEndpoint, json, PUBLIC } from '../contract/endpoint.ts';

/** Sign-in, sign-up, sign-out, password reset and e-mail verification. */

export const login = defineEndpoint({
  id: 'auth.login',
  summary: 'Sign in',
  description:
    'Answers with a session token for the auth-token header. Wrong credentials or an unknown address: 401 error_code 4001; ' +
    'an unverified address: 403 error_code 4002 (a new link is e-mailed); a disabled user or organisation: 403 error_code 4003.',
  method: 'POST',
  path: '/auth/login',
  access: PUBLIC,
  body: loginSchema,
  bodyEncoding: 'multipart',
  status: 200,
  response: json(loginResponseSchema),
  errors: [401, 403, 429],
});

export const signup = defineEndpoint({
  id: 'auth.signup',
  summary: 'Create an account',
  description: 'The same answer whether or not the address is taken (the owner is e-mailed instead); the account is verified by e-mail.',
  method: 'POST',
  path: '/auth/signup',
  access: PUBLIC,
  body: signupSchema,
  bodyEncoding: 'multipart',
  status: 201,
  response: json(messageResponseSchema),
  errors: [429],
});

export const signout = defineEndpoint({
  id: 'auth.signout',
  summary: 'Sign out',
  description: 'The token stops working.',
  method: 'GET',
  path: '/auth/signout',
  access: ACCOUNT,
  status: 200,
  response: json(messageResponseSchema),
});

export const requestPasswordReset = defineEndpoint({
  id: 'auth.requestPasswordReset',
  summary: 'E-mail a password reset link',
  description: 'The same answer whether or not the account exists.',
  method: 'POST',
  path: '/auth/reset_password',
  access: PUBLIC,
  body: requestPasswordResetSchema,
  bodyEncoding: 'multipart',
  status: 200,
  response: json(messageResponseSchema),
  errors: [429],
});

export const resetPassword = defineEndpoint({
  id: 'auth.resetPassword',
  summary: 'Set a new password with the code from a reset link',
  description:
    'Every session of the user ends. A bad, used or expired code: 400 error_code 4004; a weak password: 422 (the link stays usable).',
  method: 'POST',
  path: '/auth/reset-password',
  access: PUBLIC,
  body: resetPasswordSchema,
  status: 200,
  response: json(messageResponseSchema),
  errors: [400, 429],
});

export const checkResetCode = defineEndpoint({
  id: 'auth.checkResetCode',
  summary: 'Check the code of a password reset link before asking for a new password',
  description:
    'Uses nothing up: the reset page calls it first, so a bad link shows its error instead of the form. ' +
    'A bad, used or expired code (or a disabled account): 400 error_code 4004. Counted with the reset attempts per address.',
  method: 'POST',
  path: '/auth/check-reset-code',
  access: PUBLIC,
  body: verifyEmailSchema,
  status: 200,
  response: json(messageResponseSchema),
  errors: [400, 429],
});

export const verifyEmail = defineEndpoint({
  id: 'auth.verifyEmail',
  summary: 'Verify an e-mail address with the code from its link',
  description: 'A bad, used or expired code: 400 error_code 4004.',
  method: 'POST',
  path: '/auth/verify-email',
  access: PUBLIC,
  body: verifyEmailSchema,
  status: 200,
  response: json(messageResponseSchema),
  errors: [400],
});
