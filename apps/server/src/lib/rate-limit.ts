import { tooManyRequests } from './errors.ts';

/** One key's counter in its current window. */
export interface WindowCount {
  count: number;
  /** Epoch milliseconds when the window ends and the count starts again from zero. */
  resetAt: number;
}

/**
 * Where counters live. The in-process store serves one server; a shared store (Redis: INCR +
 * PEXPIRE NX, or PostgreSQL) implements the same two calls so several processes share limits.
 */
export interface RateLimitStore {
  /** Add one to the key's count in a fixed window of `windowMs` and return the new count. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's count in its current window without adding to it; null when there is none. */
  peek(key: string): Promise<WindowCount | null>;
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

  return {
    async increment(key, windowMs) {
      const at = now();
      sweep(at);
      const current = windows.get(key);
      if (!current || current.resetAt <= at) {
        const fresh = { count: 1, resetAt: at + windowMs };
        windows.set(key, fresh);
        return { ...fresh };
      }
      current.count += 1;
      return { ...current };
    },
    async peek(key) {
      const at = now();
      sweep(at);
      const current = windows.get(key);
      return current && current.resetAt > at ? { ...current } : null;
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
  const refuse = (entry: WindowCount) => tooManyRequests(Math.max(1, Math.ceil((entry.resetAt - now()) / 1000)));

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
  };
}
