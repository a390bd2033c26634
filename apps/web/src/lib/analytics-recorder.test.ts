import { ANALYTICS_BATCH_MAX_EVENTS, AUTH_TOKEN_HEADER } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api';
import { resetAnalytics, track, trackPageview } from './analytics';
import { ANALYTICS_FLUSH_EVENTS, ANALYTICS_FLUSH_MS, startAnalyticsRecorder } from './analytics-recorder';
import { clearStoredSession, setAccessToken } from './session-storage';

const RECORD = 'POST /api/analytics/events';
let stop: () => void;

/** Whether the event schema's module (and zod with it) has been loaded. */
const schema = vi.hoisted(() => ({ loaded: false }));
vi.mock('./analytics-event-schema', async (original) => {
  schema.loaded = true;
  return original();
});

beforeEach(() => {
  vi.useFakeTimers();
  resetAnalytics();
  setAccessToken('token-one');
  stop = startAnalyticsRecorder();
});

afterEach(() => {
  stop();
  clearStoredSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sentNames = (calls: ReturnType<typeof mockApi>) =>
  calls.map((call) => (call.body as { events: { name: string }[] }).events.map((event) => event.name));

function hidePage(): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
}

describe('the analytics recorder', () => {
  it('sends the events the server records in one batch after a few seconds, with the session token; the schema loads for that batch, not before', async () => {
    const calls = mockApi({ [RECORD]: { status: 204 } });
    track('navigate_wiki');
    trackPageview('/wiki');
    track('notifications_marked_as_read', { count: 1, ids: ['n1'] });
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS - 1);
    expect(calls).toEqual([]);
    expect(schema.loaded).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(schema.loaded).toBe(true);
    expect(sentNames(calls)).toEqual([['navigate_wiki', '$pageview', 'notifications_marked_as_read']]);
    expect(calls[0]?.headers.get(AUTH_TOKEN_HEADER)).toBe('token-one');
    expect(calls[0]?.body).toMatchObject({
      events: [{ name: 'navigate_wiki', properties: {}, timestamp: expect.any(String) }, { properties: { path: '/wiki' } }, {}],
    });
    expect(calls[0]?.keepalive).toBe(false);
  });

  it('sends at once when enough events wait', async () => {
    const calls = mockApi({ [RECORD]: { status: 204 } });
    for (let i = 0; i < ANALYTICS_FLUSH_EVENTS; i += 1) trackPageview(`/wiki/${i}`);
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(sentNames(calls)[0]).toHaveLength(ANALYTICS_FLUSH_EVENTS);
    expect(ANALYTICS_FLUSH_EVENTS).toBeLessThanOrEqual(ANALYTICS_BATCH_MAX_EVENTS);
  });

  it('leaves out events the server does not take: other names, properties that do not fit', async () => {
    const calls = mockApi({ [RECORD]: { status: 204 } });
    track('wiki_filter_applied', { category: 'Guidance' });
    track('navigate_chat', { from: 'sidebar' });
    trackPageview('/auth/reset?code=1234');
    track('navigate_review');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    await vi.waitFor(() => expect(sentNames(calls)).toEqual([['navigate_review']]));
  });

  it('sends what waits when the page is hidden, with keepalive so it outlives the page', async () => {
    const calls = mockApi({ [RECORD]: { status: 204 } });
    track('navigate_home');
    hidePage();
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.keepalive).toBe(true);
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(calls).toHaveLength(1);
  });

  it('sends nothing for a visitor who is not signed in, nor an earlier session’s events with a new token', async () => {
    const calls = mockApi({ [RECORD]: { status: 204 } });
    clearStoredSession();
    trackPageview('/auth/login');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    setAccessToken('token-one');
    track('navigate_home');
    setAccessToken('token-two');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(calls).toEqual([]);
  });

  it('sends nothing whose recorder stopped, or whose session ended, while the schema loaded', async () => {
    const calls = mockApi({ [RECORD]: { status: 204 } });
    // A fresh recorder, whose schema arrives only when the test lets it.
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    vi.resetModules();
    vi.doMock('./analytics-event-schema', async () => {
      await arrived;
      return vi.importActual('./analytics-event-schema');
    });
    const { track: trackFresh } = await import('./analytics');
    const { startAnalyticsRecorder: startFresh } = await import('./analytics-recorder');
    const stopped = startFresh();
    trackFresh('navigate_home');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    stopped();
    const signedOut = startFresh();
    trackFresh('navigate_chat');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    setAccessToken('token-two');
    arrive();
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([]);
    // The schema is there now: the same recorder sends the new session's events.
    trackFresh('navigate_review');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(sentNames(calls)).toEqual([['navigate_review']]);
    signedOut();
    vi.doUnmock('./analytics-event-schema');
  });

  it('ignores a failure: no error reaches the page and later batches still go', async () => {
    const calls = mockApi({ [RECORD]: { status: 500, body: { message: 'Internal error', request_id: 'r' } } });
    track('navigate_home');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    track('navigate_chat');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    await vi.waitFor(() => expect(sentNames(calls)).toEqual([['navigate_home'], ['navigate_chat']]));
  });
});
