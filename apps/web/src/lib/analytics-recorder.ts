import { ANALYTICS_BATCH_MAX_EVENTS, type AnalyticsEventInput, analyticsEndpoints, analyticsEventSchema } from '@verity/shared';
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
 */

export const ANALYTICS_FLUSH_MS = 5_000;
export const ANALYTICS_FLUSH_EVENTS = 20;

interface Pending {
  event: AnalyticsEventInput;
  /** The session the event happened in: it is only ever sent with that session's token. */
  token: string;
}

/** Starts recording; returns a function that stops it (what is still waiting is dropped). */
export function startAnalyticsRecorder(): () => void {
  let pending: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = (keepalive: boolean) => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const token = getAccessToken();
    // Events of an earlier session (signed out meanwhile, or someone else signed in) are dropped.
    const sendable = token === null ? [] : pending.filter((entry) => entry.token === token).map((entry) => entry.event);
    pending = [];
    for (let start = 0; start < sendable.length; start += ANALYTICS_BATCH_MAX_EVENTS) {
      const events = sendable.slice(start, start + ANALYTICS_BATCH_MAX_EVENTS);
      api(analyticsEndpoints.record, { body: { events } }, { keepalive }).catch(() => {
        // Bookkeeping only: a lost batch is not worth troubling the user about.
      });
    }
  };

  const stopSink = registerAnalyticsSink((events) => {
    const token = getAccessToken();
    // Only a signed-in user's events are recorded; before sign-in there is nobody to record them for.
    if (token === null) return;
    for (const event of events) {
      const recordable = recordableEvent(event);
      if (recordable) pending.push({ event: recordable, token });
    }
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
    stopSink();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
    if (timer !== null) clearTimeout(timer);
    pending = [];
  };
}

/** The event as the endpoint takes it, or null for one it does not record (another name, properties that do not fit). */
function recordableEvent(event: AnalyticsEvent): AnalyticsEventInput | null {
  const parsed = analyticsEventSchema.safeParse({ name: event.event, properties: event.properties, timestamp: event.timestamp });
  return parsed.success ? parsed.data : null;
}
