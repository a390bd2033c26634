import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { rateLimits } from '../db/schema.ts';
import type { RateLimitStore, WindowCount } from './rate-limit.ts';

/**
 * Counters in the `rate_limits` table, so every process on the database shares them and a
 * restart keeps them. Each call is one statement (an upsert decides atomically whether a window
 * has ended). Times are this process's clock: a key's window is what its processes agree it is.
 */
export function createDatabaseRateLimitStore(options: { db: Database; now?: () => number; sweepEveryMs?: number }): RateLimitStore {
  const { db } = options;
  const now = options.now ?? Date.now;
  const sweepEveryMs = options.sweepEveryMs ?? 60_000;
  let lastSweep = 0;

  // Expired rows are deleted now and then, so the table holds only the keys seen recently.
  async function sweep(at: number): Promise<void> {
    if (at - lastSweep < sweepEveryMs) return;
    lastSweep = at;
    await db.delete(rateLimits).where(lte(rateLimits.resetAt, new Date(at)));
  }

  const toCount = (row: { count: number; resetAt: Date }): WindowCount => ({ count: row.count, resetAt: row.resetAt.getTime() });

  // The increment runs on every limited request (every search, export and sign-in), so it is built
  // once and prepared: the statement's text is made once per process and planned once per
  // connection (a named statement on PostgreSQL), where building it each time cost more Node time
  // than running it. Two forms, the window fixed at its first count or sliding with every count.
  const expired = sql`"rate_limits"."reset_at" <= ${sql.placeholder('now')}`;
  const prepareIncrement = (slide: boolean) =>
    db
      .insert(rateLimits)
      .values({ key: sql.placeholder('key'), count: 1, resetAt: sql.placeholder('end') })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else "rate_limits"."count" + 1 end`,
          resetAt: slide
            ? sql`${sql.placeholder('end')}`
            : sql`case when ${expired} then ${sql.placeholder('end')} else "rate_limits"."reset_at" end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .prepare(slide ? 'rate_limit_increment_sliding' : 'rate_limit_increment');
  let increments: { fixed: ReturnType<typeof prepareIncrement>; sliding: ReturnType<typeof prepareIncrement> } | undefined;

  return {
    async increment(key, windowMs, incrementOptions) {
      const at = now();
      await sweep(at);
      increments ??= { fixed: prepareIncrement(false), sliding: prepareIncrement(true) };
      const statement = incrementOptions?.slide ? increments.sliding : increments.fixed;
      const [row] = await statement.execute({ key, now: new Date(at), end: new Date(at + windowMs) });
      if (!row) throw new Error('rate limit upsert returned no row');
      return toCount(row);
    },
    async peek(key) {
      const [row] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(now()))));
      return row ? toCount(row) : null;
    },
    async decrement(key) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest("rate_limits"."count" - 1, 0)` })
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(now()))));
    },
    async claim(key, ttlMs) {
      const at = now();
      const current = new Date(at);
      // Taken only when the row is missing or expired; otherwise the upsert changes nothing and returns nothing.
      const taken = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: new Date(at + ttlMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: { count: 1, resetAt: new Date(at + ttlMs) },
          setWhere: sql`"rate_limits"."reset_at" <= ${current}`,
        })
        .returning({ count: rateLimits.count });
      if (taken.length > 0) return null;
      const [holder] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      // Expired between the two statements: report a wait of a moment rather than take it unatomically.
      return holder ? toCount(holder) : { count: 1, resetAt: at + 1000 };
    },
    async put(key, ttlMs) {
      const end = new Date(now() + ttlMs);
      await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: end })
        .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, resetAt: end } });
    },
    async delete(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
