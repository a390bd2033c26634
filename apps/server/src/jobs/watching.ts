import { isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Whether the author's page is watching a job (a review, a written document): the page polls the
 * job, each poll is written down at most every WATCH_MARK_MS, and a job that ends with no poll for
 * WATCH_LAPSE_MS, and none soon after, tells its author by a notification (jobs/ready-notice.ts).
 */

/** A page that has not asked about the job for this long has been left. */
export const WATCH_LAPSE_MS = 6_000;

/** How often a watching page's polls are written down. */
export const WATCH_MARK_MS = 2_000;

/** The condition under which a poll is written down: never noted, or noted more than WATCH_MARK_MS ago. */
export function watchMarkDue(watchedAt: PgColumn): SQL | undefined {
  const stale = sql`now() - make_interval(secs => ${WATCH_MARK_MS / 1000})`;
  return or(isNull(watchedAt), lt(watchedAt, stale));
}
