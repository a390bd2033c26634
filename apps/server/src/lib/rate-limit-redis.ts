import { Redis } from 'ioredis';
import type { RateLimitStore, WindowCount } from './rate-limit.ts';

// Each call is one script, so a check and its update cannot interleave with another process's.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ARGV[2] == '1' or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

const DECREMENT = `
local count = redis.call('GET', KEYS[1])
if count and tonumber(count) > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const CLAIM = `
if redis.call('SET', KEYS[1], '1', 'PX', ARGV[1], 'NX') then return nil end
return {tonumber(redis.call('GET', KEYS[1]) or '1'), redis.call('PTTL', KEYS[1])}`;

/** How long connecting to Redis may take before the attempt counts as failed (and is retried). */
export const REDIS_CONNECT_TIMEOUT_MS = 2000;
/** How long one command may wait for Redis's answer before it fails. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * Counters in Redis (REDIS_URL): shared by every process that uses the same server and prefix.
 * Windows are Redis expiry times, so they need no sweeping.
 *
 * A call fails, quickly, whenever Redis does not answer: no command waits in a queue for a
 * connection (offline queue off, no retries), none waits longer than REDIS_COMMAND_TIMEOUT_MS, and
 * only calls made before the first connection wait for it, at most REDIS_CONNECT_TIMEOUT_MS. The
 * app wraps this store in `createFallbackRateLimitStore` (rate-limit-fallback.ts), which counts in
 * the database meanwhile; ioredis keeps reconnecting in the background.
 */
export function createRedisRateLimitStore(options: { url: string; prefix?: string }): RateLimitStore {
  const prefix = options.prefix ?? 'verity:rl:';
  const redis = new Redis(options.url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  // Without a listener a lost connection would be an unhandled 'error' event; ioredis reconnects by
  // itself, and the fallback store logs the outage once.
  redis.on('error', () => {});
  // Until the first connection is made or fails, calls wait for it (bounded) rather than fail only
  // because they came first.
  let firstConnection: Promise<void> | null = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_CONNECT_TIMEOUT_MS);
    timer.unref();
    const settle = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', settle);
    redis.once('error', settle);
    redis.once('end', settle);
  }).then(() => {
    firstConnection = null;
  });
  const connected = async () => {
    if (firstConnection) await firstConnection;
  };

  const toCount = (reply: unknown): WindowCount | null => {
    if (!Array.isArray(reply)) return null;
    const [count, ttl] = reply as [number, number];
    return { count: Number(count), resetAt: Date.now() + Math.max(0, Number(ttl)) };
  };

  return {
    async increment(key, windowMs, incrementOptions) {
      await connected();
      const reply = await redis.eval(INCREMENT, 1, prefix + key, String(windowMs), incrementOptions?.slide ? '1' : '0');
      const count = toCount(reply);
      if (!count) throw new Error('unexpected reply from Redis');
      return count;
    },
    async peek(key) {
      await connected();
      return toCount(await redis.eval(PEEK, 1, prefix + key));
    },
    async decrement(key) {
      await connected();
      await redis.eval(DECREMENT, 1, prefix + key);
    },
    async claim(key, ttlMs) {
      await connected();
      return toCount(await redis.eval(CLAIM, 1, prefix + key, String(ttlMs)));
    },
    async put(key, ttlMs) {
      await connected();
      await redis.set(prefix + key, '1', 'PX', ttlMs);
    },
    async delete(key) {
      await connected();
      await redis.del(prefix + key);
    },
    async reachable() {
      await connected();
      try {
        return (await redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
