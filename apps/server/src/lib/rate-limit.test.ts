import { describe, expect, test } from 'vitest';
import { AppError } from './errors.ts';
import { createMemoryRateLimitStore, createRateLimiter } from './rate-limit.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error('expected a refusal');
  return error;
}

describe('rate limiter', () => {
  test('allows the limit, then refuses with 429 and the seconds left; a new window starts from zero', async () => {
    const time = clock();
    const limiter = createRateLimiter({
      store: createMemoryRateLimitStore({ now: time.now }),
      name: 't',
      limit: 2,
      windowMs: 60_000,
      now: time.now,
    });
    await limiter.consume('a');
    await limiter.consume('a');
    time.advance(15_000);
    const error = await refusal(limiter.consume('a'));
    expect(error.status).toBe(429);
    expect(error.message).toBe("You've made too many requests. Please wait a moment before trying again.");
    expect(error.headers).toEqual({ 'retry-after': '45' });
    await limiter.consume('b');
    time.advance(45_000);
    await limiter.consume('a');
  });

  test('record counts without refusing; assertOpen refuses once the limit is used, without counting', async () => {
    const time = clock();
    const limiter = createRateLimiter({
      store: createMemoryRateLimitStore({ now: time.now }),
      name: 't',
      limit: 2,
      windowMs: 1_000,
      now: time.now,
    });
    await limiter.assertOpen('k');
    await limiter.record('k');
    await limiter.assertOpen('k');
    await limiter.assertOpen('k');
    await limiter.record('k');
    await limiter.record('k');
    expect((await refusal(limiter.assertOpen('k'))).headers).toEqual({ 'retry-after': '1' });
    time.advance(1_000);
    await limiter.assertOpen('k');
  });

  test('limiters sharing a store keep their keys apart', async () => {
    const store = createMemoryRateLimitStore();
    const one = createRateLimiter({ store, name: 'one', limit: 1, windowMs: 60_000 });
    const two = createRateLimiter({ store, name: 'two', limit: 1, windowMs: 60_000 });
    await one.consume('x');
    await two.consume('x');
    await refusal(one.consume('x'));
  });

  test('expired windows are swept from memory', async () => {
    const time = clock();
    const store = createMemoryRateLimitStore({ now: time.now, sweepEveryMs: 10 });
    for (let i = 0; i < 100; i++) await store.increment(`k${i}`, 5);
    expect(store.size()).toBe(100);
    time.advance(20);
    await store.increment('fresh', 5);
    expect(store.size()).toBe(1);
    expect(await store.peek('fresh')).toEqual({ count: 1, resetAt: time.now() + 5 });
  });
});
