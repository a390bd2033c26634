import { z } from 'zod';
import { ANALYTICS_BATCH_MAX_EVENTS, ANALYTICS_EVENT_NAMES, ANALYTICS_PATH_MAX_LENGTH, NAVIGATION_EVENTS } from './analytics-values.ts';
import { MARK_READ_MAX_IDS } from './notifications.ts';

/**
 * The web app's product-analytics events (SPEC §7), recorded in Verity's own events table through
 * POST /api/analytics/events. Only the names of analytics-values.ts are accepted, each with its
 * own properties.
 */

/** When it happened in the browser (ISO 8601 with an offset or Z). */
const occurredAt = z.iso.datetime({ offset: true, error: 'timestamp must be an ISO 8601 date and time' });

const noProperties = z.strictObject({}, 'This event takes no properties');

/** A page path only: no query string or fragment (they may hold codes or search text). */
const pagePath = z
  .string()
  .min(1)
  .max(ANALYTICS_PATH_MAX_LENGTH, `path must be at most ${ANALYTICS_PATH_MAX_LENGTH} characters`)
  .regex(/^\/(?!\/)[^?#\s]*$/, 'path must be a page path starting with / without a query or fragment');

const markedAsRead = z
  .strictObject({
    count: z.number().int().min(1),
    ids: z.array(z.string().min(1).max(64)).min(1).max(MARK_READ_MAX_IDS),
  })
  .refine((properties) => properties.count === properties.ids.length, 'count must be the number of ids');

export const analyticsEventSchema = z.discriminatedUnion(
  'name',
  [
    z.strictObject({ name: z.enum(NAVIGATION_EVENTS), properties: noProperties, timestamp: occurredAt }),
    z.strictObject({ name: z.literal('$pageview'), properties: z.strictObject({ path: pagePath }), timestamp: occurredAt }),
    z.strictObject({ name: z.literal('notifications_modal_opened'), properties: noProperties, timestamp: occurredAt }),
    z.strictObject({ name: z.literal('notifications_marked_as_read'), properties: markedAsRead, timestamp: occurredAt }),
  ],
  { error: `name must be one of ${ANALYTICS_EVENT_NAMES.join(', ')}` },
);
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

/** POST /api/analytics/events (JSON): the batch, oldest first. */
export const recordAnalyticsEventsSchema = z.strictObject({
  events: z
    .array(analyticsEventSchema, 'events must be a list of events')
    .min(1, 'Give at least one event')
    .max(ANALYTICS_BATCH_MAX_EVENTS, `Give at most ${ANALYTICS_BATCH_MAX_EVENTS} events at a time`),
});
export type RecordAnalyticsEvents = z.infer<typeof recordAnalyticsEventsSchema>;
