import { ANALYTICS_BATCH_MAX_EVENTS, ANALYTICS_EVENT_NAMES, type AnalyticsEventInput, analyticsEndpoints } from '@verity/shared';
import { lazyModule } from '../hooks/use-lazy-module';
import { type AnalyticsEvent, registerAnalyticsSink } from './analytics';
import { api } from './api-client';
import { getAccessToken } from './session-storage';

/**
 * Records the product-analytics events the server accepts (SPEC §7: navigation, page views, the
 * notifications modal) in Verity's own events table, through POST /api/analytics/events. Events
 * are batched: sent every ANALYTICS_FLUSH_MS, or at once when ANALYTICS_FLUSH_EVENTS are waiting,
 * and whatever waits is sent when the page is hidden (switching tab, closing it, navigating
 * away). That last call uses fetch with keepalive rather than navigator.sendBeacon: keepalive
 * outlives the page as a beacon does, and it can carry the auth-token header, so the session
 * token never travels in a request body. Every call is a background call: it never blocks the
 * page, never raises the error dialog, and a failure is dropped (the events are not worth a retry).
 * Each event is checked against the endpoint's schema before it goes, so one that does not fit
 * cannot cost the batch; the schema, built with zod, is loaded for the first batch, not with the
 * page (every page starts the recorder once it has shown). Events still waiting for it when the
 * page is closed are lost; a page merely hidden sends them once it arrives.
 */

export const ANALYTICS_FLUSH_MS = 5_000;
export const ANALYTICS_FLUSH_EVENTS = 20;

/** The endpoint's event schema, in a module of its own. */
const eventSchema = lazyModule(() => import('./analytics-event-schema'));
type EventSchema = Awaited<ReturnType<typeof eventSchema.load>>;

const RECORDED: ReadonlySet<string> = new Set(ANALYTICS_EVENT_NAMES);

interface Pending {
  event: AnalyticsEvent;
  /** The session the event happened in: it is only ever sent with that session's token. */
  token: string;
}

/** Starts recording; returns a function that stops it (what is still waiting is dropped). */
export function startAnalyticsRecorder(): () => void {
  let pending: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const flush = (keepalive: boolean) => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const token = getAccessToken();
    // Events of an earlier session (signed out meanwhile, or someone else signed in) are dropped.
    const waiting = token === null ? [] : pending.filter((entry) => entry.token === token).map((entry) => entry.event);
    pending = [];
    if (waiting.length === 0) return;
    const send = (schema: EventSchema) => {
      // Loading the schema took a moment: the session or the recorder may have ended meanwhile.
      if (stopped || getAccessToken() !== token) return;
      const sendable = waiting.flatMap((event) => recordableEvent(schema, event) ?? []);
      for (let start = 0; start < sendable.length; start += ANALYTICS_BATCH_MAX_EVENTS) {
        const events = sendable.slice(start, start + ANALYTICS_BATCH_MAX_EVENTS);
        api(analyticsEndpoints.record, { body: { events } }, { keepalive }).catch(() => {
          // Bookkeeping only: a lost batch is not worth troubling the user about.
        });
      }
    };
    if (eventSchema.current) send(eventSchema.current);
    else eventSchema.load().then(send, () => {});
  };

  const stopSink = registerAnalyticsSink((events) => {
    const token = getAccessToken();
    // Only a signed-in user's events are recorded; before sign-in there is nobody to record them for.
    if (token === null) return;
    for (const event of events) if (RECORDED.has(event.event)) pending.push({ event, token });
    if (pending.length >= ANALYTICS_FLUSH_EVENTS) flush(false);
    else if (pending.length > 0 && timer === null) timer = setTimeout(() => flush(false), ANALYTICS_FLUSH_MS);
  });

  const onHidden = () => {
    if (document.visibilityState === 'hidden' && pending.length > 0) flush(true);
  };
  const onPageHide = () => {
    if (pending.length > 0) flush(true);
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);

  return () => {
    stopped = true;
    stopSink();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
    if (timer !== null) clearTimeout(timer);
    pending = [];
  };
}

/** The event as the endpoint takes it, or null for one it does not record (properties that do not fit). */
function recordableEvent(schema: EventSchema, event: AnalyticsEvent): AnalyticsEventInput | null {
  const parsed = schema.analyticsEventSchema.safeParse({ name: event.event, properties: event.properties, timestamp: event.timestamp });
  return parsed.success ? parsed.data : null;
}
