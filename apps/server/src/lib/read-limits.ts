import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { sessionOf } from './route.ts';
import { tooManyRequests } from './errors.ts';
import { createRateLimiter, type RateLimiter, type RateLimitStore } from './rate-limit.ts';

/** The reads that cost the server far more than they cost the caller. */
export type ExpensiveRead = 'search' | 'compare' | 'chatExport' | 'writeExport' | 'reviewExport';

export interface ReadLimitHooks {
  /** Route preHandler: counts the request and takes one of the user's in-flight slots, or answers 429. */
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Route onResponse and onRequestAbort: gives the slot back. */
  onResponse(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  onRequestAbort(request: FastifyRequest): Promise<void>;
}

// A slot whose release was lost (a crashed process) is forgotten after this long without new requests.
const IN_FLIGHT_TTL_MS = 2 * 60_000;
// How long a refused caller is told to wait for a slot: requests in flight usually end within it.
const IN_FLIGHT_RETRY_SECONDS = 2;

/**
 * Per-user limits on expensive reads, in the shared rate-limit store so they hold across
 * processes: READ_RATE_LIMIT_PER_MINUTE requests a minute for each kind of read, and at most
 * READ_CONCURRENCY_PER_USER of them in flight at once across all kinds. One user at 20
 * connections can then no longer hold the search for everyone else.
 */
export function createReadLimits(options: {
  store: RateLimitStore;
  config: Pick<Config, 'READ_RATE_LIMIT_PER_MINUTE' | 'READ_CONCURRENCY_PER_USER'>;
}): (read: ExpensiveRead) => ReadLimitHooks {
  const { store, config } = options;
  const perMinute = new Map<ExpensiveRead, RateLimiter>();
  const holding = new WeakMap<FastifyRequest, string>();

  const release = async (request: FastifyRequest) => {
    const key = holding.get(request);
    if (!key) return;
    holding.delete(request);
    await store.decrement(key);
  };

  return (read) => {
    let limiter = perMinute.get(read);
    if (!limiter) {
      limiter = createRateLimiter({ store, name: `reads:${read}:user`, limit: config.READ_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 });
      perMinute.set(read, limiter);
    }
    const minute = limiter;
    return {
      async preHandler(request) {
        const { userId } = sessionOf(request);
        await minute.consume(userId);
        const key = `reads:in-flight:${userId}`;
        const inFlight = await store.increment(key, IN_FLIGHT_TTL_MS, { slide: true });
        if (inFlight.count > config.READ_CONCURRENCY_PER_USER) {
          await store.decrement(key);
          throw tooManyRequests(IN_FLIGHT_RETRY_SECONDS);
        }
        holding.set(request, key);
      },
      onResponse: (request) => release(request),
      onRequestAbort: (request) => release(request),
    };
  };
}
