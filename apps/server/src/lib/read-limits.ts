import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { sessionOf } from './route.ts';
import { tooManyRequests } from './errors.ts';
import { createRateLimiter, type RateLimiter, type RateLimitStore } from './rate-limit.ts';

/** The reads that cost the server far more than they cost the caller. */
export type ExpensiveRead = 'search' | 'compare' | 'chatExport' | 'writeExport' | 'reviewExport';

export interface ReadLimitHooks {
  /**
   * Route preHandler: counts the request and takes one of the user's in-flight slots until the
   * response closes, or answers 429.
   */
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** The hooks for one kind of expensive read; every kind of one process shares the in-flight slots. */
export type ReadLimits = (read: ExpensiveRead) => ReadLimitHooks;

// How long a refused caller is told to wait for a slot: requests in flight usually end within it.
const IN_FLIGHT_RETRY_SECONDS = 2;
// The longest a request keeps its slot, whatever happens to it.
const SLOT_MAX_MS = 60_000;

/**
 * Per-user limits on expensive reads, built once per process (app.ts) for every route that has
 * one. READ_RATE_LIMIT_PER_MINUTE requests a minute for each kind of read, counted in the shared
 * rate-limit store so it holds across processes; and at most READ_CONCURRENCY_PER_USER of them in
 * flight at once across all kinds, counted in this process's memory, where every request that took
 * a slot gives it back when its response closes: sent, failed, or the client gone, even before the
 * slot was taken (Fastify's
 * onResponse hook is skipped when the client leaves first, and onRequestAbort is not called for
 * every way a connection ends; Node's 'close' on the response always is). (Counted in the shared store, a slot taken in Redis and given
 * back to the database while Redis was slow to answer was never returned, and the user was refused
 * every read for as long as they kept trying.) One user at 20 connections can then no longer hold
 * the search for everyone else on a process.
 */
export function createReadLimits(options: {
  store: RateLimitStore;
  config: Pick<Config, 'READ_RATE_LIMIT_PER_MINUTE' | 'READ_CONCURRENCY_PER_USER'>;
  /** Requests in flight by user id; tests pass their own to stand for requests already running. */
  inFlight?: Map<string, number>;
}): ReadLimits {
  const { store, config } = options;
  const inFlight = options.inFlight ?? new Map<string, number>();
  const perMinute = new Map<ExpensiveRead, RateLimiter>();

  const release = (userId: string) => {
    const left = (inFlight.get(userId) ?? 1) - 1;
    if (left > 0) inFlight.set(userId, left);
    else inFlight.delete(userId);
  };

  return (read) => {
    let limiter = perMinute.get(read);
    if (!limiter) {
      limiter = createRateLimiter({ store, name: `reads:${read}:user`, limit: config.READ_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 });
      perMinute.set(read, limiter);
    }
    const minute = limiter;
    return {
      async preHandler(request, reply) {
        const { userId } = sessionOf(request);
        await minute.consume(userId);
        const running = inFlight.get(userId) ?? 0;
        if (running >= config.READ_CONCURRENCY_PER_USER) throw tooManyRequests(IN_FLIGHT_RETRY_SECONDS);
        inFlight.set(userId, running + 1);
        let held = true;
        const give = () => {
          if (!held) return;
          held = false;
          clearTimeout(bound);
          release(userId);
        };
        // However the request ends, no slot is kept past SLOT_MAX_MS: a read that runs that long is
        // logged, and its user is not refused for ever behind it.
        const bound = setTimeout(() => {
          request.log.warn({ read, ms: SLOT_MAX_MS }, 'an expensive read held its slot past the limit');
          give();
        }, SLOT_MAX_MS);
        bound.unref();
        // A client that left while this request waited for its turn has closed the response already.
        if (reply.raw.destroyed) give();
        else reply.raw.once('close', give);
      },
    };
  };
}
