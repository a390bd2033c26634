import { type ApiErrorDetail, ERROR_CODES, type ErrorCodeName } from '@verity/shared';
import type { ZodError } from 'zod';

/** A failure with a status the client should see. Anything else thrown becomes a 500. */
export class AppError extends Error {
  readonly status: number;
  readonly errorCode?: number;
  readonly errorTitle?: string;
  readonly detail?: ApiErrorDetail[];
  readonly headers?: Record<string, string>;

  constructor(
    status: number,
    message: string,
    options: { errorCode?: number; errorTitle?: string; detail?: ApiErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.errorCode = options.errorCode;
    this.errorTitle = options.errorTitle;
    this.detail = options.detail;
    this.headers = options.headers;
  }
}

/** An error from the shared catalogue of server error codes. */
export function catalogued(status: number, name: ErrorCodeName, message?: string): AppError {
  const entry = ERROR_CODES[name];
  return new AppError(status, message ?? entry.message, { errorCode: entry.code, errorTitle: entry.title });
}

export const unauthorised = (message = 'Your session has expired. Please log in again.') => new AppError(401, message);
export const forbidden = (message = "You don't have permission to perform this action.") => new AppError(403, message);
export const notFound = (message = 'The requested resource could not be found.') => new AppError(404, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, "You've made too many requests. Please wait a moment before trying again.", {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

export function validationError(detail: ApiErrorDetail[]): AppError {
  return new AppError(422, detail.map((d) => d.msg).join(', ') || 'The submitted data is not valid.', { detail });
}

export function fromZodError(error: ZodError, location: string): AppError {
  return validationError(
    error.issues.map((issue) => ({
      loc: [location, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      msg: issue.message,
    })),
  );
}
