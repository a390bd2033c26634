import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_COOKIE, useConsentStore } from '../../lib/consent';
import { buildAppConfig, buildFlags } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';

const startPostHog = vi.fn(async () => () => undefined);
vi.mock('../../lib/posthog', () => ({ startPostHog }));

const POSTHOG = { key: 'phc_test', host: 'https://posthog.example.org' };

function setup(posthog: typeof POSTHOG | null) {
  mockApi({
    'GET /api/app-config': buildAppConfig({ session_recording_enabled: posthog !== null, posthog }),
    'GET /api/flags': { flags: buildFlags() },
  });
  renderApp('/auth/login');
}

beforeEach(() => {
  resetStores();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  useConsentStore.setState({ consent: 'unknown' });
  startPostHog.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PostHog and cookie consent', () => {
  it('is not loaded until analytics cookies are accepted, then starts with the configured project', async () => {
    const person = userEvent.setup();
    setup(POSTHOG);
    const accept = await screen.findByRole('button', { name: 'Accept analytics cookies' });
    expect(startPostHog).not.toHaveBeenCalled();
    await person.click(accept);
    await vi.waitFor(() => expect(startPostHog).toHaveBeenCalledWith(POSTHOG));
  });

  it('is never loaded when the person keeps to essential cookies', async () => {
    const person = userEvent.setup();
    setup(POSTHOG);
    await person.click(await screen.findByRole('button', { name: 'Essential only' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(startPostHog).not.toHaveBeenCalled();
  });

  it('is never loaded when no PostHog project is configured, even after an earlier acceptance', async () => {
    useConsentStore.setState({ consent: 'accepted' });
    setup(null);
    await screen.findByRole('heading', { name: 'Sign in to Verity' });
    expect(startPostHog).not.toHaveBeenCalled();
  });
});
