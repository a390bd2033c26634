import { isApiError } from './api-client';

/** Inline messages keyed by form field name (the same names the API uses). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The part of a zod issue this module reads; kept structural so the web app needs no zod import. */
interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** What a failed submit shows: messages on fields, and/or one message for the whole form. */
export interface SubmitErrors<F extends string> {
  fieldErrors: FieldErrors<F>;
  formError?: string;
}

/** The first message for each field, from a failed `schema.safeParse`. */
export function issuesToFieldErrors<F extends string>(issues: readonly IssueLike[]): FieldErrors<F> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = issue.path[issue.path.length - 1];
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors as FieldErrors<F>;
}

/**
 * The message to show for a failed call. The server's own words win when it explains itself
 * (an error_code such as 4001 or 4006, a 422's details, a 4xx message, the rate limit); a
 * network or server failure shows the call's own message from the specification instead.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const { status, body, clientError } = error;
  if (body?.error_code !== undefined && body.message) return body.message;
  if (status === 429) return withWait(clientError.description, error.retryAfterSeconds);
  if (status === 422 || status === 408) return clientError.description;
  if (status >= 400 && status < 500 && body?.message) return body.message;
  return fallback;
}

/**
 * The specification's 429 sentence stays as it is; how long to wait follows it, so a person
 * held back at sign-in knows whether to wait a few seconds or come back later.
 */
function withWait(sentence: string, seconds: number | undefined): string {
  return seconds === undefined || seconds <= 0 ? sentence : `${sentence} ${waitSentence(seconds)}`;
}

/** "Try again in 20 seconds." / "… in 3 minutes." / "… in 2 hours.", rounded up. */
export function waitSentence(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return `Try again in ${unit(Math.ceil(seconds), 'second')}.`;
  if (seconds < 3600) return `Try again in ${unit(Math.ceil(seconds / 60), 'minute')}.`;
  return `Try again in ${unit(Math.ceil(seconds / 3600), 'hour')}.`;
}

/**
 * Place a 422's detail messages on the fields they name (the last element of `loc`); anything
 * that names no field of this form becomes the form-level message. A server error_code that
 * is about one field (e.g. 4102 weak password) goes on that field when `codeFields` says so.
 * Other failures are one form-level message (see errorMessage).
 */
export function submitErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
  codeFields: Partial<Record<number, F>> = {},
): SubmitErrors<F> {
  const code = isApiError(error) ? error.body?.error_code : undefined;
  const codeField = code === undefined ? undefined : codeFields[code];
  if (codeField !== undefined) {
    const fieldErrors: FieldErrors<F> = {};
    fieldErrors[codeField] = errorMessage(error, fallback);
    return { fieldErrors };
  }

  const detail = isApiError(error) && error.status === 422 ? (error.body?.detail ?? []) : [];
  if (detail.length === 0) return { fieldErrors: {}, formError: errorMessage(error, fallback) };

  const known = new Set<string>(fields);
  const fieldErrors: Partial<Record<string, string>> = {};
  const unplaced: string[] = [];
  for (const item of detail) {
    const field = item.loc[item.loc.length - 1];
    if (typeof field === 'string' && known.has(field)) {
      fieldErrors[field] = fieldErrors[field] ? `${fieldErrors[field]}, ${item.msg}` : item.msg;
    } else if (item.msg.trim() !== '') {
      unplaced.push(item.msg);
    }
  }
  const formError = unplaced.length > 0 ? unplaced.join(', ') : undefined;
  if (Object.keys(fieldErrors).length === 0 && formError === undefined) {
    return { fieldErrors: {}, formError: errorMessage(error, fallback) };
  }
  return { fieldErrors: fieldErrors as FieldErrors<F>, formError };
}

/**
 * `submitErrors` for a form whose surname field the API calls `last_name` (invitations, forum
 * accounts): the server's refusal of `last_name` is shown on the surname field.
 */
export function submitErrorsWithSurname<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
  codeFields: Partial<Record<number, F>> = {},
): SubmitErrors<F | 'surname'> {
  const result = submitErrors<F | 'last_name'>(error, [...fields, 'last_name'], fallback, codeFields);
  const { last_name, ...fieldErrors } = result.fieldErrors;
  return {
    fieldErrors: { ...fieldErrors, ...(last_name ? { surname: last_name } : {}) } as FieldErrors<F | 'surname'>,
    formError: result.formError,
  };
}

/** True when the failure carries this server error_code (e.g. 4002 e-mail not verified). */
export function hasErrorCode(error: unknown, code: number): boolean {
  return isApiError(error) && error.body?.error_code === code;
}
