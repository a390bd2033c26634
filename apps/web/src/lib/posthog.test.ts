import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestUser } from '../test/fixtures';
import { resetStores } from '../test/reset-stores';
import { track } from './analytics';
import { useAuthStore } from './auth-store';
import { type PostHogClient, postHogOptions, startPostHogWith } from './posthog';

function fakeClient() {
  return { init: vi.fn(), capture: vi.fn(), identify: vi.fn(), reset: vi.fn(), opt_out_capturing: vi.fn() } satisfies PostHogClient;
}

const SETTINGS = { key: 'phc_test', host: 'https://posthog.example.org' };

afterEach(() => resetStores());

describe('PostHog', () => {
  it('starts with every input and all text masked in recordings, and nothing captured on its own', () => {
    const options = postHogOptions(SETTINGS);
    expect(options).toMatchObject({
      api_host: 'https://posthog.example.org',
      autocapture: false,
      capture_pageview: false,
      disable_external_dependency_loading: true,
      session_recording: { maskAllInputs: true, maskTextSelector: '*' },
    });
  });

  it("receives Verity's own events and nothing else, and stops when told", () => {
    const client = fakeClient();
    const stop = startPostHogWith(client, SETTINGS);
    expect(client.init).toHaveBeenCalledWith('phc_test', postHogOptions(SETTINGS));
    track('navigate_wiki');
    track('$pageview', { path: '/wiki' });
    track('notifications_marked_as_read', { count: 2, ids: ['n1', 'n2'] });
    // A tool's own event (a document's title) stays in the browser.
    track('wiki_document_opened', { id: 'x', code: 'HTM 06-01', title: 'Electrical services' });
    expect(client.capture.mock.calls).toEqual([
      ['navigate_wiki', {}],
      ['$pageview', { path: '/wiki' }],
      ['notifications_marked_as_read', { count: 2, ids: ['n1', 'n2'] }],
    ]);
    stop();
    track('navigate_home');
    expect(client.capture).toHaveBeenCalledTimes(3);
    expect(client.opt_out_capturing).toHaveBeenCalled();
  });

  it('knows the person by their pseudonymous id only, and forgets them at sign-out', () => {
    useAuthStore.setState({ user: buildTestUser({ external_id: 'ext_42' }) });
    const client = fakeClient();
    startPostHogWith(client, SETTINGS);
    expect(client.identify).toHaveBeenCalledWith('ext_42');
    useAuthStore.setState({ user: null });
    expect(client.reset).toHaveBeenCalled();
  });
});
