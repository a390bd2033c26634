import type { AnalyticsEventInput } from '@verity/shared';
import type { Database } from '../../db/connect.ts';
import type { RateLimiter, RateLimitStore } from '../../lib/rate-limit.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { byUserOnOwnAccount, recordEvent } from '../../core/events/service.ts';
import type { NewEvent } from '../../core/events/types.ts';

/** Batches one user may send a minute: the web sends one every few seconds at most, plus one when a page is hidden. */
export const ANALYTICS_BATCHES_PER_MINUTE = 60;

export function createAnalyticsLimiter(store: RateLimitStore): RateLimiter {
  return createRateLimiter({ store, name: 'analytics:batches', limit: ANALYTICS_BATCHES_PER_MINUTE, windowMs: 60_000 });
}

/**
 * The web app's analytics events as the user's typed usage events (never uses of a tool), all
 * in one transaction: a batch is stored whole or not at all. Returns how many were stored.
 */
export async function recordAnalyticsEvents(options: {
  db: Database;
  user: { id: string; organisationId: string };
  events: readonly AnalyticsEventInput[];
}): Promise<number> {
  const { db, user, events } = options;
  await db.transaction(async (tx) => {
    for (const event of events) await recordEvent(tx, usageEventOf(event, user));
  });
  return events.length;
}

function usageEventOf(event: AnalyticsEventInput, user: { id: string; organisationId: string }): NewEvent {
  const scope = byUserOnOwnAccount(user);
  const occurred_at = event.timestamp;
  switch (event.name) {
    case '$pageview':
      return { ...scope, kind: 'web.page_viewed', data: { path: event.properties.path, occurred_at } };
    case 'notifications_modal_opened':
      return { ...scope, kind: 'notifications.modal_opened', data: { occurred_at } };
    case 'notifications_marked_as_read':
      return { ...scope, kind: 'notifications.marked_as_read', data: { ...event.properties, occurred_at } };
    default:
      return { ...scope, kind: 'web.navigated', data: { event: event.name, occurred_at } };
  }
}
