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

/**
 * Counters in Redis (REDIS_URL): shared by every process that uses the same server and prefix.
 * Windows are Redis expiry times, so they need no sweeping.
 */
export function createRedisRateLimitStore(options: { url: string; prefix?: string }): RateLimitStore {
  const prefix = options.prefix ?? 'verity:rl:';
  const redis = new Redis(options.url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Without a listener a lost connection would be an unhandled 'error' event; ioredis reconnects by itself.
  redis.on('error', () => {});

  const toCount = (reply: unknown): WindowCount | null => {
    if (!Array.isArray(reply)) return null;
    const [count, ttl] = reply as [number, number];
    return { count: Number(count), resetAt: Date.now() + Math.max(0, Number(ttl)) };
  };

  return {
    async increment(key, windowMs, incrementOptions) {
      const reply = await redis.eval(INCREMENT, 1, prefix + key, String(windowMs), incrementOptions?.slide ? '1' : '0');
      const count = toCount(reply);
      if (!count) throw new Error('unexpected reply from Redis');
      return count;
    },
    async peek(key) {
      return toCount(await redis.eval(PEEK, 1, prefix + key));
    },
    async decrement(key) {
      await redis.eval(DECREMENT, 1, prefix + key);
    },
    async claim(key, ttlMs) {
      return toCount(await redis.eval(CLAIM, 1, prefix + key, String(ttlMs)));
    },
    async put(key, ttlMs) {
      await redis.set(prefix + key, '1', 'PX', ttlMs);
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
