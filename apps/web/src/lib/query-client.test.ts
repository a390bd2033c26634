import { toClientError } from '@verity/shared';
import { QUERY_STALE_TIME_MS } from './constants';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
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

  it('retries server and network failures up to three times, never plain 4xx', () => {
    expect(shouldRetryQuery(0, apiError(503))).toBe(true);
    expect(shouldRetryQuery(2, apiError(0))).toBe(true);
    expect(shouldRetryQuery(3, apiError(503))).toBe(false);
    expect(shouldRetryQuery(0, apiError(404))).toBe(false);
    expect(shouldRetryQuery(0, apiError(401))).toBe(false);
    expect(shouldRetryQuery(0, apiError(422))).toBe(false);
    expect(shouldRetryQuery(0, apiError(408))).toBe(true);
    expect(shouldRetryQuery(0, apiError(429))).toBe(true);
  });
});
