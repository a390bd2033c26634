/**
 * The names and limits of the product-analytics events Verity records (SPEC §7), apart from their
 * schemas (analytics.ts): the web's recorder batches events by them on every page, and loads the
 * schemas, with zod, only when it first sends a batch.
 */

export const NAVIGATION_EVENTS = [
  'navigate_home',
  'navigate_chat',
  'navigate_writing_assistant',
  'navigate_review',
  'navigate_wiki',
  'navigate_tutorials',
  'navigate_dashboard',
  'navigate_admin',
] as const;
export type NavigationEventName = (typeof NAVIGATION_EVENTS)[number];

export const ANALYTICS_EVENT_NAMES = [
  ...NAVIGATION_EVENTS,
  '$pageview',
  'notifications_modal_opened',
  'notifications_marked_as_read',
] as const;
export type RecordedAnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** The most events one request may carry; the web sends smaller batches more often. */
export const ANALYTICS_BATCH_MAX_EVENTS = 50;
/** The longest page path recorded. */
export const ANALYTICS_PATH_MAX_LENGTH = 512;
