import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DatabaseHandle, openDatabase } from '../../db/connect.ts';
import { AppError } from '../../lib/errors.ts';
import { createMemoryRateLimitStore } from '../../lib/rate-limit.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { onPostgres, openTestDatabase, openThrowawayPostgres } from '../../test/database.ts';
import { redisReachable, TEST_REDIS_URL } from '../../test/redis.ts';
import { buildUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { createLoginGuard } from './rate-limits.ts';

const TOO_MANY = "You've made too many requests. Please wait a moment before trying again.";
const SMALL_LIMITS = { AUTH_RATE_LIMIT_PER_IP: '5', AUTH_RATE_LIMIT_PER_ACCOUNT: '3', AUTH_RATE_LIMIT_WINDOW_MINUTES: '15' };
let counter = 0;
const uniqueEmail = () => `probe.${++counter}.${Date.now()}@example.org`;

async function postLogin(app: TestApp, email: string, password: string, options: { remoteAddress?: string; forwardedFor?: string } = {}) {
  const body = await multipart({ email, password });
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: options.remoteAddress,
    payload: body.payload,
    headers: { ...body.headers, ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}) },
  });
}

function expectTooMany(response: Awaited<ReturnType<typeof postLogin>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json().message).toBe(TOO_MANY);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('TRUST_PROXY', () => {
  test('"true" is refused at start with a sentence saying what to give instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies in front of Verity \(e\.g\. TRUST_PROXY=1\)/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });

  test('a hop count, a list of addresses and CIDRs, or off', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).TRUST_PROXY).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  for (const setting of ['1', '10.0.0.0/8']) {
    test(`TRUST_PROXY=${setting}: spoofed X-Forwarded-For entries do not escape the per-address limit`, async () => {
      const t = await buildTestApp({ TRUST_PROXY: setting, AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 25; i++) {
          // The client writes whatever it likes; the proxy (10.0.0.5) appends the address it saw.
          const response = await postLogin(t, uniqueEmail(), 'wrong-password-here', {
            remoteAddress: '10.0.0.5',
            forwardedFor: `203.0.113.${i + 1}, 198.51.100.77`,
          });
          statuses.push(response.statusCode);
          if (response.statusCode === 429) expectTooMany(response);
        }
        expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
        expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
        // Another client behind the same proxy keeps its own allowance.
        const other = await postLogin(t, uniqueEmail(), 'wrong-password-here', {
          remoteAddress: '10.0.0.5',
          forwardedFor: '198.51.100.78',
        });
        expect(other.statusCode).toBe(401);
      } finally {
        await t.close();
      }
    });
  }

  test('without TRUST_PROXY the header is ignored: every spoofed request counts for the peer', async () => {
    const t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' });
    try {
      for (let i = 0; i < 3; i++) {
        const response = await postLogin(t, uniqueEmail(), 'wrong-password-here', {
          remoteAddress: '198.51.100.9',
          forwardedFor: `203.0.113.${i}`,
        });
        expect(response.statusCode).toBe(401);
      }
      expectTooMany(
        await postLogin(t, uniqueEmail(), 'wrong-password-here', { remoteAddress: '198.51.100.9', forwardedFor: '203.0.113.200' }),
      );
    } finally {
      await t.close();
    }
  });
});

describe('sign-in delays', () => {
  function guardWithClock() {
    let now = 1_000_000;
    const clock = { now: () => now, advance: (ms: number) => (now += ms) };
    const config = {
      AUTH_RATE_LIMIT_PER_IP: 20,
      AUTH_RATE_LIMIT_PER_ACCOUNT: 3,
      AUTH_RATE_LIMIT_WINDOW_MINUTES: 15,
      AUTH_LOGIN_MAX_DELAY_SECONDS: 60,
      AUTH_KNOWN_SOURCE_DAYS: 30,
    };
    const guard = createLoginGuard({ config, store: createMemoryRateLimitStore({ now: clock.now }), now: clock.now });
    return { guard, clock };
  }

  async function waitAsked(promise: Promise<unknown>): Promise<number | null> {
    try {
      await promise;
      return null;
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 429) throw error;
      return Number(error.headers?.['retry-after']);
    }
  }

  test('after the free failures, each failure doubles the wait for unknown sources, up to the cap', async () => {
    const { guard, clock } = guardWithClock();
    const email = 'owner@example.org';
    let source = 0;
    const fail = async () => (await guard.begin(email, `203.0.113.${++source}`)).failed();
    for (let i = 0; i < 3; i++) await fail();
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = await waitAsked(guard.begin(email, '198.51.100.1'));
      expect(wait).not.toBeNull();
      waits.push(wait ?? 0);
      clock.advance((wait ?? 0) * 1000);
      await fail();
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  test('only one attempt from an unknown source runs at a time once delays apply', async () => {
    const { guard, clock } = guardWithClock();
    const email = 'busy@example.org';
    for (let i = 0; i < 3; i++) await (await guard.begin(email, `203.0.113.${i}`)).failed();
    clock.advance(1000);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => waitAsked(guard.begin(email, `198.51.100.${i}`))));
    expect(results.filter((r) => r === null)).toHaveLength(1);
  });

  test('a source that signed in before is not delayed by failures from elsewhere; its own failures still count', async () => {
    const { guard } = guardWithClock();
    const email = 'desk@example.org';
    await (await guard.begin(email, '192.0.2.1')).succeeded(true);
    for (let i = 0; i < 10; i++) await (await guard.begin(email, `203.0.113.${i}`).catch(() => null))?.failed();
    expect(await waitAsked(guard.begin(email, '192.0.2.1'))).toBeNull();
    expect(await waitAsked(guard.begin(email, '192.0.2.2'))).not.toBeNull();
    for (let i = 0; i < 3; i++) await (await guard.begin(email, '192.0.2.1')).failed();
    expect(await waitAsked(guard.begin(email, '192.0.2.1'))).toBeGreaterThan(14 * 60);
  });

  test('a correct password that opens no session (unverified, disabled) does not make the source known', async () => {
    const { guard } = guardWithClock();
    const email = 'pending@example.org';
    await (await guard.begin(email, '192.0.2.1')).succeeded(false);
    for (let i = 0; i < 3; i++) await (await guard.begin(email, `203.0.113.${i}`)).failed();
    expect(await waitAsked(guard.begin(email, '192.0.2.1'))).toBe(1);
  });
});

/**
 * Two handles on one database, as two server processes would have: on PostgreSQL two connection
 * pools to the same throwaway database; PGlite (in memory, one process) can only share its handle.
 */
async function openSharedDatabase(): Promise<{ first: DatabaseHandle; second: DatabaseHandle; close(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!onPostgres || !serverUrl) {
    const handle = await openTestDatabase();
    return { first: handle, second: handle, close: () => handle.close() };
  }
  const first = await openThrowawayPostgres(serverUrl, 'verity_test');
  await first.migrate();
  const second = await openDatabase({ url: first.url });
  return {
    first,
    second,
    close: async () => {
      await second.close();
      await first.close();
    },
  };
}

describe('limits kept in the database', () => {
  let shared: Awaited<ReturnType<typeof openSharedDatabase>>;

  beforeAll(async () => {
    shared = await openSharedDatabase();
  });
  afterAll(async () => {
    await shared.close();
  });

  test('survive a restart: the app built again on the same database still refuses', async () => {
    const before = await buildTestApp(SMALL_LIMITS, { database: shared.first });
    const { email, password } = await buildUser(before);
    for (let i = 0; i < 3; i++)
      expect((await postLogin(before, email, 'wrong-password-here', { remoteAddress: '192.0.2.40' })).statusCode).toBe(401);
    await before.close();

    const after = await buildTestApp(SMALL_LIMITS, { database: shared.first });
    try {
      expectTooMany(await postLogin(after, email, password, { remoteAddress: '192.0.2.40' }));
    } finally {
      await after.close();
    }
  });

  test('are shared by two app instances on one database', async () => {
    const one = await buildTestApp(SMALL_LIMITS, { database: shared.first });
    const two = await buildTestApp(SMALL_LIMITS, { database: shared.second });
    try {
      const ip = '192.0.2.50';
      // The per-address allowance of 5 is spent across both instances.
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? one : two;
        expect((await postLogin(app, uniqueEmail(), 'wrong-password-here', { remoteAddress: ip })).statusCode).toBe(401);
      }
      expectTooMany(await postLogin(one, uniqueEmail(), 'wrong-password-here', { remoteAddress: ip }));
      expectTooMany(await postLogin(two, uniqueEmail(), 'wrong-password-here', { remoteAddress: ip }));

      // An account's failures on one instance delay an unknown source on the other.
      const { email, password } = await buildUser(one);
      for (let i = 0; i < 3; i++) {
        expect((await postLogin(one, email, 'wrong-password-here', { remoteAddress: `192.0.2.${60 + i}` })).statusCode).toBe(401);
      }
      expectTooMany(await postLogin(two, email, password, { remoteAddress: '192.0.2.70' }));
    } finally {
      await one.close();
      await two.close();
    }
  });
});

const hasRedis = await redisReachable();

async function redisAnswers(app: TestApp) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const health = await app.app.inject({ method: 'GET', url: '/api/health' });
    if (health.json().redis === 'ok') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('Redis did not answer within 10 s');
}

describe.skipIf(!hasRedis)('limits kept in Redis (REDIS_URL)', () => {
  test('two app instances on different databases share limits through Redis', async () => {
    const env = { ...SMALL_LIMITS, REDIS_URL: TEST_REDIS_URL };
    const one = await buildTestApp(env);
    const two = await buildTestApp(env);
    try {
      // Both instances first wait until their Redis connection answers: under a loaded machine the
      // first connection can take longer than its bound, and the calls made meanwhile are counted
      // in each instance's own database by design (rate-limit-fallback.ts), which is not under test.
      for (const app of [one, two]) await redisAnswers(app);
      // A fresh address, so earlier runs against the same Redis server do not interfere.
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      for (let i = 0; i < 5; i++) {
        expect((await postLogin(i % 2 === 0 ? one : two, uniqueEmail(), 'wrong-password-here', { remoteAddress: ip })).statusCode).toBe(
          401,
        );
      }
      expectTooMany(await postLogin(two, uniqueEmail(), 'wrong-password-here', { remoteAddress: ip }));
    } finally {
      await one.close();
      await two.close();
    }
  });
});
