import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { openTestDatabase } from '../test/database.ts';
import { redisReachable, TEST_REDIS_URL } from '../test/redis.ts';
import { newId } from './ids.ts';
import { createMemoryRateLimitStore, type RateLimitStore, rateLimitSource } from './rate-limit.ts';
import { createDatabaseRateLimitStore } from './rate-limit-database.ts';
import { createRedisRateLimitStore } from './rate-limit-redis.ts';

const hasRedis = await redisReachable();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The same behaviour from every store: each case uses its own keys. */
function storeContract(name: string, open: () => Promise<{ store: RateLimitStore; close(): Promise<void> }>, enabled = true) {
  describe.skipIf(!enabled)(`${name} rate-limit store`, () => {
    let store: RateLimitStore;
    let close: () => Promise<void>;
    const key = (label: string) => `${label}:${newId()}`;

    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => {
      await close();
    });

    test('counts in a window and peeks without counting', async () => {
      const k = key('count');
      expect(await store.peek(k)).toBeNull();
      expect((await store.increment(k, 60_000)).count).toBe(1);
      const second = await store.increment(k, 60_000);
      expect(second.count).toBe(2);
      expect(second.resetAt).toBeGreaterThan(Date.now() + 50_000);
      expect((await store.peek(k))?.count).toBe(2);
    });

    test('a window ends and the count starts again', async () => {
      const k = key('window');
      await store.increment(k, 300);
      await store.increment(k, 300);
      await sleep(450);
      expect(await store.peek(k)).toBeNull();
      expect((await store.increment(k, 300)).count).toBe(1);
    });

    test('slide pushes the end of the window on every count', async () => {
      const k = key('slide');
      await store.increment(k, 600, { slide: true });
      await sleep(400);
      await store.increment(k, 600, { slide: true });
      await sleep(400);
      expect((await store.peek(k))?.count).toBe(2);
    });

    test('without slide a later count leaves the end of the window where the first count put it', async () => {
      const k = key('fixed');
      await store.increment(k, 600);
      await sleep(400);
      expect((await store.increment(k, 600)).count).toBe(2);
      await sleep(350);
      expect(await store.peek(k)).toBeNull();
      expect((await store.increment(k, 600)).count).toBe(1);
    });

    test('decrement never goes below zero', async () => {
      const k = key('decrement');
      await store.increment(k, 60_000);
      await store.decrement(k);
      await store.decrement(k);
      expect((await store.peek(k))?.count).toBe(0);
      await store.decrement(key('missing'));
    });

    test('claim is taken once until it expires', async () => {
      const k = key('claim');
      expect(await store.claim(k, 400)).toBeNull();
      const holder = await store.claim(k, 400);
      expect(holder?.resetAt).toBeGreaterThan(Date.now());
      await sleep(550);
      expect(await store.claim(k, 400)).toBeNull();
    });

    test('concurrent claims: exactly one wins', async () => {
      const k = key('race');
      const results = await Promise.all(Array.from({ length: 8 }, () => store.claim(k, 60_000)));
      expect(results.filter((r) => r === null)).toHaveLength(1);
    });

    test('concurrent increments lose no count', async () => {
      const k = key('concurrent');
      await Promise.all(Array.from({ length: 20 }, () => store.increment(k, 60_000)));
      expect((await store.peek(k))?.count).toBe(20);
    });

    test('put and delete', async () => {
      const k = key('put');
      await store.increment(k, 60_000);
      await store.increment(k, 60_000);
      await store.put(k, 60_000);
      expect((await store.peek(k))?.count).toBe(1);
      await store.delete(k);
      expect(await store.peek(k)).toBeNull();
    });
  });
}

storeContract('memory', async () => ({ store: createMemoryRateLimitStore(), close: async () => {} }));

let database: DatabaseHandle | undefined;
storeContract('database', async () => {
  database = await openTestDatabase();
  return {
    store: createDatabaseRateLimitStore({ db: database.db, sweepEveryMs: 100 }),
    close: () => database?.close() ?? Promise.resolve(),
  };
});

storeContract(
  'Redis',
  async () => {
    const store = createRedisRateLimitStore({ url: TEST_REDIS_URL, prefix: `verity-test:${newId()}:` });
    return { store, close: async () => store.close?.() };
  },
  hasRedis,
);

describe('rateLimitSource', () => {
  test('IPv4 as it is, IPv6 by its /64', () => {
    expect(rateLimitSource('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitSource('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitSource('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitSource('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(rateLimitSource('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitSource('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitSource(undefined)).toBe('unknown');
  });
});
