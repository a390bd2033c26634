/**
 * Product analytics: one `track` for the whole app. Events wait in a bounded in-memory queue and
 * are handed to registered sinks (server recording, a vendor SDK after consent, tests). With no
 * sink registered the queue keeps the most recent events so a sink registered later still gets
 * them. Nothing is written to the console in production.
 */

export type AnalyticsProperties = Record<string, string | number | boolean | null | readonly string[]>;

export type NavigationEvent =
  | 'navigate_home'
  | 'navigate_chat'
  | 'navigate_writing_assistant'
  | 'navigate_review'
  | 'navigate_wiki'
  | 'navigate_tutorials'
  | 'navigate_dashboard'
  | 'navigate_admin';

export type AnalyticsEventName =
  | NavigationEvent
  | '$pageview'
  | 'notifications_modal_opened'
  | 'notifications_marked_as_read'
  | (string & {});

/**
 * What people do in the tools that the onboarding guide waits for (its wiki and chat steps): the
 * tools track them, the guide listens (`onTracked`). They stay in the browser.
 */
/** A question sent in the chat (mode, has_attachments). */
export const CHAT_QUESTION_ASKED_EVENT = 'chat_question_asked';
/** A wiki filter turned on (filter, value, and the filters now applied). */
export const WIKI_FILTER_APPLIED_EVENT = 'wiki_filter_applied';
/** A library document opened in the reader (id, code, title). */
export const DOCUMENT_OPENED_EVENT = 'wiki_document_opened';

export interface AnalyticsEvent {
  event: AnalyticsEventName;
  properties: AnalyticsProperties;
  /** ISO 8601. */
  timestamp: string;
}

/** A destination for events. It may batch or drop them; it must not throw into the app. */
export type AnalyticsSink = (events: readonly AnalyticsEvent[]) => void;

export const ANALYTICS_QUEUE_LIMIT = 200;

const queue: AnalyticsEvent[] = [];
const sinks = new Set<AnalyticsSink>();
const listeners = new Set<(event: AnalyticsEvent) => void>();

export function track(event: AnalyticsEventName, properties: AnalyticsProperties = {}): void {
  const entry: AnalyticsEvent = { event, properties, timestamp: new Date().toISOString() };
  for (const listener of listeners) {
    try {
      listener(entry);
    } catch {
      // A listener's failure must never break the page that tracked the event.
    }
  }
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.debug('[analytics]', event, properties);
  if (sinks.size === 0) {
    queue.push(entry);
    if (queue.length > ANALYTICS_QUEUE_LIMIT) queue.splice(0, queue.length - ANALYTICS_QUEUE_LIMIT);
    return;
  }
  deliver([entry]);
}

export function trackPageview(path: string): void {
  track('$pageview', { path });
}

/** Register a sink; it first receives whatever queued up. Returns an unregister function. */
export function registerAnalyticsSink(sink: AnalyticsSink): () => void {
  sinks.add(sink);
  if (queue.length > 0) deliver(queue.splice(0, queue.length));
  return () => {
    sinks.delete(sink);
  };
}

/**
 * Hear each event as it is tracked, from now on (unlike a sink, a listener neither receives the
 * queue nor empties it). Returns an unsubscribe function.
 */
export function onTracked(listener: (event: AnalyticsEvent) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Events waiting for a sink (oldest first). */
export function pendingAnalyticsEvents(): readonly AnalyticsEvent[] {
  return [...queue];
}

/** For tests: forget queued events and sinks. */
export function resetAnalytics(): void {
  queue.length = 0;
  sinks.clear();
  listeners.clear();
}

function deliver(events: readonly AnalyticsEvent[]): void {
  for (const sink of sinks) {
    try {
      sink(events);
    } catch {
      // A broken sink must never break the page that tracked the event.
    }
  }
}
