import type { RateLimitStore } from './rate-limit.ts';

/** What the fallback store logs; the app's logger in production. */
export interface FallbackLog {
  warn(data: object, message: string): void;
  info(data: object, message: string): void;
}

/** While the primary store is down, it is tried again at most this often; other calls go straight to the fallback. */
export const PRIMARY_RETRY_INTERVAL_MS = 1000;

/**
 * Counters in `primary` (Redis) while it answers, in `fallback` (the database) while it does not:
 * a limit check never fails because the primary store is unreachable, and none is skipped. The
 * first failure of an outage is logged once as a warning (the error's type and code only: a
 * connection error can name the server, and the keys hold addresses and accounts); while the
 * outage lasts, the primary is tried again once per `retryIntervalMs` and every other call goes
 * to the fallback directly, so requests do not each wait for it; the first call it answers again
 * ends the outage (logged once) and the counters are kept there again.
 *
 * Counts made during an outage stay in the fallback: for at most one window after a switch, a
 * key's count is split between the two stores.
 */
export function createFallbackRateLimitStore(options: {
  primary: RateLimitStore;
  fallback: RateLimitStore;
  log: FallbackLog;
  /** The primary's name in the log lines, e.g. "Redis". */
  name: string;
  retryIntervalMs?: number;
  now?: () => number;
}): RateLimitStore & { primaryDown(): boolean } {
  const { primary, fallback, log, name } = options;
  const retryIntervalMs = options.retryIntervalMs ?? PRIMARY_RETRY_INTERVAL_MS;
  const now = options.now ?? Date.now;
  let downSince: number | null = null;
  let nextTry = 0;

  async function use<T>(call: (store: RateLimitStore) => Promise<T>): Promise<T> {
    if (downSince !== null && now() < nextTry) return call(fallback);
    try {
      const result = await call(primary);
      if (downSince !== null) {
        log.info({ store: name, downForMs: now() - downSince }, `${name} answers again: rate limits are counted there again`);
        downSince = null;
      }
      return result;
    } catch (error) {
      if (downSince === null) {
        downSince = now();
        log.warn(
          { store: name, error: describe(error) },
          `${name} is unreachable: rate limits are counted in the database until it answers again`,
        );
      }
      nextTry = now() + retryIntervalMs;
      return call(fallback);
    }
  }

  return {
    increment: (key, windowMs, incrementOptions) => use((store) => store.increment(key, windowMs, incrementOptions)),
    peek: (key) => use((store) => store.peek(key)),
    decrement: (key) => use((store) => store.decrement(key)),
    claim: (key, ttlMs) => use((store) => store.claim(key, ttlMs)),
    put: (key, ttlMs) => use((store) => store.put(key, ttlMs)),
    delete: (key) => use((store) => store.delete(key)),
    // Between tries during an outage the answer is known without asking (and waiting on) the primary.
    async reachable() {
      if (downSince !== null && now() < nextTry) return false;
      return primary.reachable ? primary.reachable() : downSince === null;
    },
    async close() {
      await primary.close?.();
      await fallback.close?.();
    },
    primaryDown: () => downSince !== null,
  };
}

/** An error's type and code, never its message. */
function describe(error: unknown): { type: string; code?: string } {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, ...(typeof code === 'string' ? { code } : {}) };
}
