import { toClientError } from '@verity/shared';
import { QUERY_STALE_TIME_MS } from './constants';
import { documentsEndpoints } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi } from '../test/mock-api';
import { resetStores } from '../test/reset-stores';
import { ApiError, api } from './api-client';
import { useErrorDialogStore } from './error-dialog-store';
import { createQueryClient, shouldRetryQuery } from './query-client';

const apiError = (status: number) => new ApiError(status, toClientError(status));

describe('query client', () => {
  it('uses a 5 minute stale time, no refetch on focus and the doubling retry delay', () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(options?.refetchOnWindowFocus).toBe(false);
    const delay = options?.retryDelay as (attempt: number) => number;
    expect([0, 1, 2, 5, 10].map((n) => delay(n))).toEqual([1000, 2000, 4000, 30000, 30000]);
  });

  it('retries up to three times', () => {
    expect(shouldRetryQuery(0, apiError(503))).toBe(true);
    expect(shouldRetryQuery(2, apiError(503))).toBe(true);
    expect(shouldRetryQuery(3, apiError(503))).toBe(false);
  });

  it("retries only SPEC §8's retryable errors and a failure to connect", () => {
    for (const status of [429, 500, 502, 503, 504, 0, 999]) expect(shouldRetryQuery(0, apiError(status)), String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 408, 409, 413, 422, 501, 505])
      expect(shouldRetryQuery(0, apiError(status)), String(status)).toBe(false);
    // A server error code is judged by its code: 5001 (service unavailable) is retryable, 4004 is not.
    const unavailable = new ApiError(
      503,
      toClientError(503, { error_code: 5001, error_title: 'Service unavailable', message: 'x', request_id: 'r' }),
    );
    expect(shouldRetryQuery(0, unavailable)).toBe(true);
    const badLink = new ApiError(
      500,
      toClientError(500, { error_code: 4004, error_title: 'Link no longer valid', message: 'x', request_id: 'r' }),
    );
    expect(shouldRetryQuery(0, badLink)).toBe(false);
    // Not a failure of the API: a bug does not go away on a retry.
    expect(shouldRetryQuery(0, new TypeError('x is undefined'))).toBe(false);
  });
});

describe('the error dialog of a retried query', () => {
  beforeEach(() => {
    resetStores();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('appears only after the last attempt fails, with its Request ID', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    mockApi({
      'GET /api/docs/document/01J00000000000000000000001': () => {
        attempts += 1;
        return failure(503, { message: 'Service Unavailable', request_id: `req_${attempts}` });
      },
    });
    const client = createQueryClient();
    const dialog = () => useErrorDialogStore.getState().payload;
    const pending = client
      .fetchQuery({
        queryKey: ['document'],
        queryFn: ({ signal }) => api(documentsEndpoints.document, { params: { id: '01J00000000000000000000001' } }, { signal }),
      })
      .catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(10);
    expect(attempts).toBe(1);
    expect(dialog()).toBeNull();
    // Retries after 1 s, 2 s and 4 s: still no dialog until the fourth attempt has failed.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(attempts).toBe(3);
    expect(dialog()).toBeNull();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(attempts).toBe(4);
    expect(await pending).toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(10);
    expect(dialog()).toMatchObject({ code: 503, title: 'Server Error', requestId: 'req_4' });
  });

  it('never appears when a retry succeeds', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    mockApi({
      'GET /api/docs/my-favourites': () => {
        attempts += 1;
        return attempts === 1 ? failure(502, { message: 'Bad Gateway' }) : { favourites: [] };
      },
    });
    const client = createQueryClient();
    const pending = client.fetchQuery({
      queryKey: ['favourites'],
      queryFn: ({ signal }) => api(documentsEndpoints.myFavourites, {}, { signal }),
    });
    await vi.advanceTimersByTimeAsync(1_100);
    await pending;
    expect(attempts).toBe(2);
    expect(useErrorDialogStore.getState().payload).toBeNull();
  });

  it('a call outside a query raises it at once', async () => {
    mockApi({ 'POST /api/docs/set_favourite': failure(500, { message: 'Internal Server Error', request_id: 'req_now' }) });
    await api(documentsEndpoints.setFavourite, { body: { external_id: '01J00000000000000000000001', like: true } }).catch(() => undefined);
    expect(useErrorDialogStore.getState().payload).toMatchObject({ code: 500, requestId: 'req_now' });
  });
});
