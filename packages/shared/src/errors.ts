import type { ApiErrorBody, ApiErrorDetail } from './error-body.ts';

/**
 * The one error catalogue. The server answers every failure with ApiErrorBody (its schema is in
 * error-body.ts, so the catalogue needs no zod: the web's first page carries it); the client turns
 * any failure (HTTP status, server error_code, network failure, timeout) into a ClientError.
 */

export type ErrorContext = 'auth' | 'form' | 'network' | 'server';

export interface ClientError {
  code: number;
  title: string;
  description: string;
  context: ErrorContext;
  recoverable: boolean;
  retryable: boolean;
  requestId?: string;
}

/** Server error codes. 4000-4099 auth, 4100-4199 form, 5000-5099 network. */
export const ERROR_CODES = {
  invalidCredentials: { code: 4001, title: 'Sign-in failed', message: 'The e-mail address or password is incorrect.' },
  emailNotVerified: {
    code: 4002,
    title: 'E-mail not verified',
    message: 'Please verify your e-mail address first. We have sent you a new verification link.',
  },
  accountDisabled: { code: 4003, title: 'Account disabled', message: 'This account has been disabled. Please contact your administrator.' },
  invalidActionCode: {
    code: 4004,
    title: 'Link no longer valid',
    message: 'This link is invalid, has expired or has already been used. Please request a new one.',
  },
  sessionExpired: { code: 4005, title: 'Authentication Required', message: 'Your session has expired. Please log in again.' },
  wrongPassword: { code: 4006, title: 'Incorrect password', message: 'Your current password is incorrect.' },
  ssoExpired: {
    code: 4007,
    title: 'Sign-in expired',
    message: 'This Microsoft sign-in has expired, was already used or was started in another window. Please start again.',
  },
  ssoRefused: { code: 4008, title: 'Microsoft sign-in failed', message: 'Microsoft did not complete the sign-in. Please try again.' },
  ssoTenantUnknown: {
    code: 4009,
    title: 'Organisation not linked',
    message:
      "Your organisation's Microsoft account is not linked to Verity yet. Ask your Verity administrator to add your organisation's Microsoft tenant, or sign in with your e-mail address and password.",
  },
  ssoEmailUnverified: {
    code: 4010,
    title: 'E-mail address not confirmed',
    message:
      'Microsoft did not confirm the e-mail address of this account, so Verity cannot tell whose account it is. Sign in with your e-mail address and password instead.',
  },
  ssoOtherOrganisation: {
    code: 4011,
    title: 'Different organisation',
    message:
      "Your Verity account belongs to a different organisation from this Microsoft account's. Sign in with your e-mail address and password.",
  },
  forumSignOnRefused: { code: 4012, title: 'Forum sign-in refused', message: 'Login failed. Please try again.' },
  emailTaken: { code: 4101, title: 'Account exists', message: 'An account with this e-mail address already exists.' },
  weakPassword: { code: 4102, title: 'Password too weak', message: 'Please choose a stronger password.' },
  passwordMismatch: { code: 4103, title: 'Passwords do not match', message: 'The passwords do not match.' },
  invalidUpload: { code: 4104, title: 'Unsupported file', message: 'Please upload a PNG, JPEG, GIF or WebP image.' },
  fileTooLarge: { code: 4105, title: 'File too large', message: 'The file is larger than the upload limit.' },
  unsupportedDocument: {
    code: 4106,
    title: 'Unsupported document',
    message: 'Please upload a PDF, Word (.docx), HTML, Markdown or plain-text file.',
  },
  notATranscript: {
    code: 4107,
    title: 'Not a transcript',
    message: 'This does not read as a meeting transcript. Upload the transcript of a meeting, or paste its text.',
  },
  transcriptTooLarge: {
    code: 4108,
    title: 'Transcript too long',
    message: 'This transcript is longer than the writing assistant can take in one go. Split it and write each part separately.',
  },
  writeConflict: {
    code: 4109,
    title: 'Changed elsewhere',
    message:
      'This document was changed in another tab or window after you opened it. Reload to see the latest version; the changes made here since then will be lost.',
  },
  serviceUnavailable: {
    code: 5001,
    title: 'Service unavailable',
    message: 'The service is temporarily unavailable. Please try again shortly.',
  },
  upstreamTimeout: { code: 5002, title: 'Service timed out', message: 'A service we depend on took too long to answer. Please try again.' },
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;

export const RECOVERABLE_CODES: ReadonlySet<number> = new Set([429, 5001, 5002, 5005, 5006, 5007]);
export const RETRYABLE_CODES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504, 5001, 5002, 5005, 5006, 5007]);

/** SPEC §8: the failures the person can do something about themselves. */
export const USER_ACTIONABLE_CODES: ReadonlySet<number> = new Set([401, 422, 429, 5001, 5002]);

/** What the person can do about each of them, said once for every screen. */
const USER_ACTIONS: Readonly<Record<number, string>> = {
  401: 'Sign in again to carry on where you were.',
  422: 'Correct what is marked and send it again.',
  429: 'Wait a minute, then try again.',
  5001: 'Try again in a few minutes. If it keeps happening, contact support.',
  5002: 'Try again. If it keeps happening, contact support.',
};

/**
 * What the person is told to do about a failure: their own step for a user-actionable one, or,
 * for anything else (a fault on our side, a permission they lack), to tell support.
 */
export function userActionFor(code: number): string {
  return USER_ACTIONABLE_CODES.has(code)
    ? (USER_ACTIONS[code] as string)
    : 'If it keeps happening, contact support and quote the request ID.';
}

export const NETWORK_ERROR_CODES: ReadonlySet<number> = new Set([0, 999]);

interface CatalogueEntry {
  title: string;
  description: string;
}

const STATUS_CATALOGUE: Record<number, CatalogueEntry> = {
  0: { title: 'Network Error', description: 'Unable to connect to the server. Please check your internet connection.' },
  408: { title: 'Request Timeout', description: 'The request took too long to complete. Please try again.' },
  401: { title: 'Authentication Required', description: 'Your session has expired. Please log in again.' },
  403: { title: 'Access Denied', description: "You don't have permission to perform this action." },
  404: { title: 'Resource Not Found', description: 'The requested resource could not be found.' },
  422: { title: 'Validation Error', description: 'The submitted data is not valid.' },
  429: {
    title: 'Too Many Requests',
    description: "You've made too many requests. Please wait a moment before trying again.",
  },
  500: { title: 'Server Error', description: 'Something went wrong on our end. Please try again later.' },
};

const OTHER: CatalogueEntry = { title: 'Request Error', description: 'The request could not be completed.' };

export function errorContextForCode(code: number): ErrorContext {
  if (code >= 4000 && code <= 4099) return 'auth';
  if (code >= 4100 && code <= 4199) return 'form';
  if (code >= 5000 && code <= 5099) return 'network';
  return 'server';
}

/** A 422 shows its detail messages joined with a comma. */
export function joinValidationDetail(detail: readonly ApiErrorDetail[] | undefined): string | undefined {
  const messages = (detail ?? []).map((d) => d.msg).filter((m) => m.trim() !== '');
  return messages.length > 0 ? messages.join(', ') : undefined;
}

function catalogueEntry(status: number): CatalogueEntry {
  if (NETWORK_ERROR_CODES.has(status)) return STATUS_CATALOGUE[0] as CatalogueEntry;
  if (status >= 500 && status <= 599) return STATUS_CATALOGUE[500] as CatalogueEntry;
  return STATUS_CATALOGUE[status] ?? OTHER;
}

function withFlags(code: number, rest: Omit<ClientError, 'code' | 'recoverable' | 'retryable'>): ClientError {
  return { code, ...rest, recoverable: RECOVERABLE_CODES.has(code), retryable: RETRYABLE_CODES.has(code) };
}

/**
 * Map an HTTP outcome to the client error object. `status` is 0 (or 999) when no response
 * arrived and 408 on a client-side timeout. A server error_code with an error_title is shown
 * with its own description.
 */
export function toClientError(status: number, body?: Partial<ApiErrorBody> | null): ClientError {
  const requestId = body?.request_id;
  if (body?.error_code !== undefined && body.error_title) {
    return withFlags(body.error_code, {
      title: body.error_title,
      description: body.message ?? catalogueEntry(status).description,
      context: errorContextForCode(body.error_code),
      requestId,
    });
  }
  const entry = catalogueEntry(status);
  let description = entry.description;
  if (status === 422) description = joinValidationDetail(body?.detail) ?? body?.message ?? description;
  else if ((status === 404 || entry === OTHER) && body?.message) description = body.message;
  return withFlags(status, { title: entry.title, description, context: 'network', requestId });
}

/** The global error dialog opens on request, on a 401, or on a network-context code of 500 or more. */
export function shouldRaiseErrorDialog(error: ClientError, options: { background?: boolean; requested?: boolean } = {}): boolean {
  if (options.background) return false;
  if (options.requested) return true;
  if (error.code === 401) return true;
  return error.context === 'network' && error.code >= 500;
}
