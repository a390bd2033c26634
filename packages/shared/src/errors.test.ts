import { describe, expect, test } from 'vitest';
import {
  errorContextForCode,
  joinValidationDetail,
  RECOVERABLE_CODES,
  RETRYABLE_CODES,
  shouldRaiseErrorDialog,
  toClientError,
  USER_ACTIONABLE_CODES,
  userActionFor,
} from './errors.ts';

describe('error catalogue', () => {
  test.each([
    [0, 'Network Error', 'Unable to connect to the server. Please check your internet connection.'],
    [999, 'Network Error', 'Unable to connect to the server. Please check your internet connection.'],
    [408, 'Request Timeout', 'The request took too long to complete. Please try again.'],
    [401, 'Authentication Required', 'Your session has expired. Please log in again.'],
    [403, 'Access Denied', "You don't have permission to perform this action."],
    [429, 'Too Many Requests', "You've made too many requests. Please wait a moment before trying again."],
    [500, 'Server Error', 'Something went wrong on our end. Please try again later.'],
    [501, 'Server Error', 'Something went wrong on our end. Please try again later.'],
    [502, 'Server Error', 'Something went wrong on our end. Please try again later.'],
    [503, 'Server Error', 'Something went wrong on our end. Please try again later.'],
    [504, 'Server Error', 'Something went wrong on our end. Please try again later.'],
  ])('status %i → %s', (status, title, description) => {
    const error = toClientError(status, { message: 'server words', request_id: 'r1' });
    expect(error).toMatchObject({ code: status, title, description, requestId: 'r1' });
  });

  test('404 is Resource Not Found and keeps the server message', () => {
    expect(toClientError(404, { message: 'Document not found', request_id: 'x' })).toMatchObject({
      title: 'Resource Not Found',
      description: 'Document not found',
    });
    expect(toClientError(404).title).toBe('Resource Not Found');
  });

  test('422 joins the detail messages with a comma', () => {
    const error = toClientError(422, {
      message: 'ignored',
      detail: [
        { loc: ['body', 'email'], msg: 'Enter a valid e-mail address' },
        { loc: ['body', 'password'], msg: 'Password must be at least 12 characters' },
      ],
      request_id: 'r',
    });
    expect(error.title).toBe('Validation Error');
    expect(error.description).toBe('Enter a valid e-mail address, Password must be at least 12 characters');
    expect(joinValidationDetail([])).toBeUndefined();
  });

  test('other statuses are Request Error', () => {
    expect(toClientError(409, { message: 'Conflict here', request_id: 'r' })).toMatchObject({
      title: 'Request Error',
      description: 'Conflict here',
    });
    expect(toClientError(418).title).toBe('Request Error');
  });

  test('a server error_code with error_title is shown with its own description', () => {
    const error = toClientError(401, { error_code: 4001, error_title: 'Sign-in failed', message: 'Wrong password', request_id: 'r' });
    expect(error).toMatchObject({ code: 4001, title: 'Sign-in failed', description: 'Wrong password', context: 'auth' });
    // Without a title the status decides.
    expect(toClientError(401, { error_code: 4001, message: 'x', request_id: 'r' }).title).toBe('Authentication Required');
  });

  test('code ranges give the context', () => {
    expect(errorContextForCode(4000)).toBe('auth');
    expect(errorContextForCode(4099)).toBe('auth');
    expect(errorContextForCode(4100)).toBe('form');
    expect(errorContextForCode(4199)).toBe('form');
    expect(errorContextForCode(5000)).toBe('network');
    expect(errorContextForCode(5099)).toBe('network');
    expect(errorContextForCode(4200)).toBe('server');
  });

  test('recoverable and retryable sets', () => {
    expect([...RECOVERABLE_CODES].sort()).toEqual([429, 5001, 5002, 5005, 5006, 5007]);
    expect([...RETRYABLE_CODES].sort()).toEqual([429, 500, 5001, 5002, 5005, 5006, 5007, 502, 503, 504].sort());
    expect(toClientError(429)).toMatchObject({ recoverable: true, retryable: true });
    expect(toClientError(500)).toMatchObject({ recoverable: false, retryable: true });
    expect(toClientError(501)).toMatchObject({ recoverable: false, retryable: false });
    expect(toClientError(503, { error_code: 5001, error_title: 'Service unavailable', message: 'm', request_id: 'r' })).toMatchObject({
      recoverable: true,
      retryable: true,
      context: 'network',
    });
  });

  test('the dialog opens on request, on 401, or on network codes of 500 or more, never for background calls', () => {
    expect(shouldRaiseErrorDialog(toClientError(401))).toBe(true);
    expect(shouldRaiseErrorDialog(toClientError(500))).toBe(true);
    expect(shouldRaiseErrorDialog(toClientError(503))).toBe(true);
    expect(shouldRaiseErrorDialog(toClientError(404))).toBe(false);
    expect(shouldRaiseErrorDialog(toClientError(422))).toBe(false);
    expect(shouldRaiseErrorDialog(toClientError(0))).toBe(false);
    expect(shouldRaiseErrorDialog(toClientError(404), { requested: true })).toBe(true);
    expect(shouldRaiseErrorDialog(toClientError(500), { background: true })).toBe(false);
    expect(shouldRaiseErrorDialog(toClientError(401), { background: true })).toBe(false);
  });
});

describe('what the person is told to do', () => {
  test('gives each user-actionable failure its own step, and sends the rest to support', () => {
    for (const code of USER_ACTIONABLE_CODES) expect(userActionFor(code)).not.toMatch(/quote the request ID/);
    expect([...USER_ACTIONABLE_CODES].sort((a, b) => a - b)).toEqual([401, 422, 429, 5001, 5002]);
    for (const code of [0, 403, 404, 500, 503, 4004]) expect(userActionFor(code)).toMatch(/contact support and quote the request ID/);
  });

  test('every recoverable failure is retryable, and every actionable network failure is recoverable', () => {
    for (const code of RECOVERABLE_CODES) expect(RETRYABLE_CODES.has(code)).toBe(true);
    for (const code of USER_ACTIONABLE_CODES) if (code >= 5000) expect(RECOVERABLE_CODES.has(code)).toBe(true);
  });
});
