import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import type { Health } from '@verity/shared';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rateLimits } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { buildUser, type TestUser } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';
import { redisReachable } from '../test/redis.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from './rate-limit.ts';
import { createFallbackRateLimitStore } from './rate-limit-fallback.ts';
import { createRedisRateLimitStore, REDIS_COMMAND_TIMEOUT_MS } from './rate-limit-redis.ts';

/**
 * With REDIS_URL set and Redis down, every limit is still checked, in the database, and no request
 * fails for it; the outage is logged once; /api/health says so; Redis is used again once it answers.
 */

const CLOSED_PORT_URL = 'redis://:s3cret-redis-password@127.0.0.1:1';

function logLines() {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    text: () => lines.map((line) => JSON.stringify(line)).join('\n'),
  };
}

async function postLogin(t: TestApp, email: string, password: string, remoteAddress = '198.51.100.9') {
  const body = await multipart({ email, password });
  return t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: body.payload, headers: body.headers });
}

async function health(t: TestApp): Promise<{ statusCode: number; body: Health }> {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  return { statusCode: response.statusCode, body: response.json<Health>() };
}

/** A store that fails every call while `down` is true, like Redis while it is unreachable. */
function switchable(): { store: RateLimitStore; setDown(down: boolean): void; calls(): number } {
  const inner = createMemoryRateLimitStore();
  let down = true;
  let calls = 0;
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      calls++;
      if (down) throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:6379 (password s3cret)'), { code: 'ECONNREFUSED' });
      return call(...args);
    };
  return {
    store: {
      increment: guard(inner.increment),
      peek: guard(inner.peek),
      decrement: guard(inner.decrement),
      claim: guard(inner.claim),
      put: guard(inner.put),
      delete: guard(inner.delete),
      reachable: async () => !down,
    },
    setDown: (value) => {
      down = value;
    },
    calls: () => calls,
  };
}

describe('createFallbackRateLimitStore', () => {
  test('counts in the fallback while the primary fails, logs the outage once, and goes back when it answers', async () => {
    let clock = 1_000_000;
    const primary = switchable();
    const fallback = createMemoryRateLimitStore();
    const warnings: [object, string][] = [];
    const infos: [object, string][] = [];
    const store = createFallbackRateLimitStore({
      primary: primary.store,
      fallback,
      name: 'Redis',
      retryIntervalMs: 1000,
      now: () => clock,
      log: { warn: (data, message) => warnings.push([data, message]), info: (data, message) => infos.push([data, message]) },
    });

    for (let i = 1; i <= 5; i++) expect((await store.increment('k', 60_000)).count).toBe(i);
    expect((await fallback.peek('k'))?.count).toBe(5);
    expect(store.primaryDown()).toBe(true);
    expect(await store.reachable?.()).toBe(false);
    // Tried once, then left alone until the retry interval has passed.
    expect(primary.calls()).toBe(1);
    clock += 1000;
    await store.peek('k');
    expect(primary.calls()).toBe(2);

    expect(warnings).toHaveLength(1);
    const [data, message] = warnings[0] as [object, string];
    expect(message).toBe('Redis is unreachable: rate limits are counted in the database until it answers again');
    expect(data).toEqual({ store: 'Redis', error: { type: 'Error', code: 'ECONNREFUSED' } });
    expect(JSON.stringify(warnings)).not.toContain('s3cret');

    primary.setDown(false);
    await store.increment('k', 60_000); // within the retry interval: still the fallback
    expect((await fallback.peek('k'))?.count).toBe(6);
    clock += 1000;
    expect((await store.increment('k', 60_000)).count).toBe(1);
    expect(store.primaryDown()).toBe(false);
    expect(infos).toHaveLength(1);
    expect(infos[0]?.[1]).toBe('Redis answers again: rate limits are counted there again');
    expect((await store.increment('k', 60_000)).count).toBe(2);
    expect((await fallback.peek('k'))?.count).toBe(6);

    // A second outage is a second warning.
    primary.setDown(true);
    await store.claim('c', 1000);
    expect(warnings).toHaveLength(2);
  });

  test('a Redis client on a closed port fails fast: no command waits for a connection', async () => {
    const redis = createRedisRateLimitStore({ url: 'redis://127.0.0.1:1' });
    try {
      const started = Date.now();
      await expect(redis.increment('x', 1000)).rejects.toThrow();
      await expect(redis.peek('x')).rejects.toThrow();
      expect(await redis.reachable?.()).toBe(false);
      expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
    } finally {
      await redis.close?.();
    }
  });
});

describe('REDIS_URL set and Redis unreachable', () => {
  let t: TestApp;
  let user: TestUser;
  const log = logLines();

  beforeAll(async () => {
    t = await buildTestApp(
      {
        REDIS_URL: CLOSED_PORT_URL,
        LOG_LEVEL: 'info',
        AUTH_RATE_LIMIT_PER_IP: '3',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
        READ_RATE_LIMIT_PER_MINUTE: '3',
      },
      { logStream: log.stream },
    );
    user = await buildUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  test('sign-in, search and their limits work through the database; health is 200, degraded, Redis unreachable', async () => {
    const signedIn = await postLogin(t, user.email, user.password, '198.51.100.1');
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    // Failed sign-ins from one address count (in the database) until the limit refuses them.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await postLogin(t, user.email, 'not-the-password-at-all')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);

    const searches: number[] = [];
    for (let i = 0; i < 4; i++) {
      searches.push((await t.app.inject({ method: 'GET', url: '/api/docs/search?q=water', headers: user.headers })).statusCode);
    }
    expect(searches).toEqual([200, 200, 200, 429]);

    const counted = await t.db.select().from(rateLimits).where(like(rateLimits.key, '%198.51.100.9%'));
    expect(counted.length).toBeGreaterThan(0);

    const answer = await health(t);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ status: 'degraded', database: 'ok', redis: 'unreachable' });

    const warnings = log.lines.filter((line) => String(line.msg).startsWith('Redis is unreachable'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);
    expect(log.text()).not.toContain('s3cret-redis-password');
    expect(log.lines.filter((line) => line.msg === 'request failed')).toEqual([]);
  });
});

const hasRedis = await redisReachable();

describe.skipIf(!hasRedis)('REDIS_URL set and Redis answering', () => {
  test('health reports Redis ok and the counters are kept there, not in the database', async () => {
    const t = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' });
    try {
      expect((await health(t)).body).toMatchObject({ status: 'ok', redis: 'ok' });
      const user = await buildUser(t);
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/search?q=water', headers: user.headers })).statusCode).toBe(200);
      expect(await t.db.select().from(rateLimits)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

const redisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100 && !(await redisReachable(url)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe.skipIf(!redisServer)('Redis going down and coming back', () => {
  test('limits move to the database during the outage and back to Redis after it', { timeout: 30_000 }, async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const log = logLines();
    const t = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info' }, { logStream: log.stream });
    try {
      const user = await buildUser(t);
      const search = () => t.app.inject({ method: 'GET', url: '/api/docs/search?q=water', headers: user.headers });
      const databaseRows = async () => (await t.db.select().from(rateLimits)).length;

      expect((await search()).statusCode).toBe(200);
      expect(await databaseRows()).toBe(0);

      await stopRedis(redis);
      for (let i = 0; i < 3; i++) expect((await search()).statusCode).toBe(200);
      expect(await databaseRows()).toBeGreaterThan(0);
      expect((await health(t)).body).toMatchObject({ status: 'degraded', redis: 'unreachable' });

      redis = await startRedis(port);
      // ioredis reconnects on its own (back-off of at most 2 s); then the next try of Redis succeeds.
      let back = false;
      for (let i = 0; i < 100 && !back; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect((await search()).statusCode).toBe(200);
        back = log.lines.some((line) => line.msg === 'Redis answers again: rate limits are counted there again');
      }
      expect(back).toBe(true);
      expect((await health(t)).body).toMatchObject({ status: 'ok', redis: 'ok' });
      expect(log.lines.filter((line) => String(line.msg).startsWith('Redis is unreachable'))).toHaveLength(1);
      expect(log.lines.filter((line) => line.msg === 'request failed')).toEqual([]);
    } finally {
      await t.close();
      await stopRedis(redis);
    }
  });
});
