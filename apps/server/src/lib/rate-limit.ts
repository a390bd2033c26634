import { tooManyRequests } from './errors.ts';

/** One key's counter in its current window. */
export interface WindowCount {
  count: number;
  /** Epoch milliseconds when the window ends and the count starts again from zero. */
  resetAt: number;
}

/**
 * Where counters live. The in-process store serves one server and tests; the database store
 * (`rate-limit-database.ts`, the default) and the Redis store (`rate-limit-redis.ts`, with
 * REDIS_URL) implement the same calls, so several processes share limits and a restart keeps them.
 */
export interface RateLimitStore {
  /**
   * Add one to the key's count and return the new count. The window of `windowMs` starts with the
   * first count; with `slide` every count pushes its end to `windowMs` from now (a counter that
   * lives as long as it keeps being used, such as requests in flight or consecutive failures).
   */
  increment(key: string, windowMs: number, options?: { slide?: boolean }): Promise<WindowCount>;
  /** The key's count in its current window without adding to it; null when there is none. */
  peek(key: string): Promise<WindowCount | null>;
  /** Take one back (a request that turned out not to count); never below zero, nothing once expired. */
  decrement(key: string): Promise<void>;
  /**
   * Take the key for `ttlMs` when nobody holds it: null when taken, otherwise the live holder (so
   * the caller can tell how long to wait). Atomic, so concurrent callers cannot both take it.
   */
  claim(key: string, ttlMs: number): Promise<WindowCount | null>;
  /** Set the key to a count of one for `ttlMs` from now, whatever it held. */
  put(key: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Release connections the store opened itself. */
  close?(): Promise<void>;
  /** For /api/health, on stores kept on a server of their own (Redis): whether it answers now. */
  reachable?(): Promise<boolean>;
}

export interface MemoryStoreOptions {
  /** Injected in tests; Date.now otherwise. */
  now?: () => number;
  /** How often, at most, expired windows are swept out of the map. */
  sweepEveryMs?: number;
}

/**
 * Fixed-window counters in a Map. Expired entries are swept lazily on access (no timer to keep
 * the process alive), so memory is bounded by the keys seen within one window.
 */
export function createMemoryRateLimitStore(options: MemoryStoreOptions = {}): RateLimitStore & { size(): number } {
  const now = options.now ?? Date.now;
  const sweepEveryMs = options.sweepEveryMs ?? 60_000;
  const windows = new Map<string, WindowCount>();
  let lastSweep = now();

  function sweep(at: number): void {
    if (at - lastSweep < sweepEveryMs) return;
    lastSweep = at;
    for (const [key, entry] of windows) if (entry.resetAt <= at) windows.delete(key);
  }

  const live = (key: string, at: number) => {
    const current = windows.get(key);
    return current && current.resetAt > at ? current : undefined;
  };

  return {
    async increment(key, windowMs, incrementOptions) {
      const at = now();
      sweep(at);
      const current = live(key, at);
      if (!current) {
        const fresh = { count: 1, resetAt: at + windowMs };
        windows.set(key, fresh);
        return { ...fresh };
      }
      current.count += 1;
      if (incrementOptions?.slide) current.resetAt = at + windowMs;
      return { ...current };
    },
    async peek(key) {
      const at = now();
      sweep(at);
      const current = live(key, at);
      return current ? { ...current } : null;
    },
    async decrement(key) {
      const current = live(key, now());
      if (current) current.count = Math.max(0, current.count - 1);
    },
    async claim(key, ttlMs) {
      const at = now();
      const current = live(key, at);
      if (current) return { ...current };
      windows.set(key, { count: 1, resetAt: at + ttlMs });
      return null;
    },
    async put(key, ttlMs) {
      windows.set(key, { count: 1, resetAt: now() + ttlMs });
    },
    async delete(key) {
      windows.delete(key);
    },
    size: () => windows.size,
  };
}

export interface RateLimiter {
  /** Count one request for the key; throws a 429 (with Retry-After) once past the limit. */
  consume(key: string): Promise<void>;
  /** Count one request for the key without refusing it (e.g. a failed sign-in). */
  record(key: string): Promise<void>;
  /** Refuse with a 429 when the key has already used up its limit, without counting. */
  assertOpen(key: string): Promise<void>;
  /** Give back one count (e.g. a sign-in that succeeded, which should not use up the allowance). */
  refund(key: string): Promise<void>;
}

export function createRateLimiter(options: {
  store: RateLimitStore;
  /** Prefix that keeps this limiter's keys apart from others in a shared store. */
  name: string;
  limit: number;
  windowMs: number;
  now?: () => number;
}): RateLimiter {
  const { store, name, limit, windowMs } = options;
  const now = options.now ?? Date.now;
  const keyOf = (key: string) => `${name}:${key}`;
  const refuse = (entry: WindowCount) => tooManyRequests(secondsUntil(entry.resetAt, now()));

  return {
    async consume(key) {
      const entry = await store.increment(keyOf(key), windowMs);
      if (entry.count > limit) throw refuse(entry);
    },
    async record(key) {
      await store.increment(keyOf(key), windowMs);
    },
    async assertOpen(key) {
      const entry = await store.peek(keyOf(key));
      if (entry && entry.count >= limit) throw refuse(entry);
    },
    async refund(key) {
      await store.decrement(keyOf(key));
    },
  };
}

/** Whole seconds from `at` until `resetAt`, at least one: the value of a Retry-After header. */
export function secondsUntil(resetAt: number, at: number): number {
  return Math.max(1, Math.ceil((resetAt - at) / 1000));
}

/**
 * The key a client address is counted under. An IPv6 client usually holds a whole /64 and can
 * pick any address in it, so IPv6 addresses count by their /64; IPv4 (also IPv4-mapped IPv6)
 * addresses count by themselves.
 */
export function rateLimitSource(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]?.split('::') ?? [];
  const front = head ? head.split(':') : [];
  const back = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}
