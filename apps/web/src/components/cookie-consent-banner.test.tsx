import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, hasAnalyticsConsent, readConsentCookie, useConsentStore } from '../lib/consent';
import { CookieConsentBanner } from './cookie-consent-banner';

function clearCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
}

beforeEach(() => {
  clearCookie();
  useConsentStore.setState({ consent: 'unknown' });
});

describe('cookie consent', () => {
  it('asks while consent is unknown; accepting stores the cookie and grants analytics consent', async () => {
    const user = userEvent.setup();
    render(<CookieConsentBanner sessionRecording />);
    expect(hasAnalyticsConsent()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Accept analytics cookies' }));
    expect(readConsentCookie()).toBe('accepted');
    expect(hasAnalyticsConsent()).toBe(true);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('dismissing stores dismissed and grants nothing', async () => {
    const user = userEvent.setup();
    render(<CookieConsentBanner sessionRecording />);
    await user.click(screen.getByRole('button', { name: 'Essential only' }));
    expect(readConsentCookie()).toBe('dismissed');
    expect(hasAnalyticsConsent()).toBe(false);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('without a recording service it asks nothing about recordings: one OK answers it', async () => {
    const user = userEvent.setup();
    render(<CookieConsentBanner sessionRecording={false} />);
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    expect(banner.textContent).toMatch(/only essential cookies/);
    expect(banner.textContent).not.toMatch(/session recordings|analytics cookies/i);
    expect(screen.queryByRole('button', { name: 'Accept analytics cookies' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(readConsentCookie()).toBe('dismissed');
    expect(hasAnalyticsConsent()).toBe(false);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('reads the cookie among others and ignores unknown values', () => {
    expect(readConsentCookie('a=1; verity_consent=accepted; b=2')).toBe('accepted');
    expect(readConsentCookie('verity_consent=maybe')).toBe('unknown');
    expect(readConsentCookie('')).toBe('unknown');
  });
});
