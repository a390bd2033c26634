import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFlags, buildTestUser } from '../../test/fixtures';
import {
  clearOnboardingRequest,
  isRequestPending,
  pendingOnboardingRequest,
  requestOnboarding,
  withoutOnboardingParameter,
} from '../../lib/onboarding-request';
import { isGuideFor, type OpeningInput, openingReason } from './opening';

const NOW = Date.UTC(2026, 10, 27, 9, 0, 0);
const newcomer = buildTestUser({ onboarding_complete: false });
const base: OpeningInput = {
  initialised: true,
  authenticated: true,
  user: newcomer,
  urlRequested: false,
  requestedAt: null,
  dismissed: false,
  now: NOW,
};

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('when onboarding opens by itself', () => {
  it('opens for a signed-in standard user whose onboarding is not complete, with the flag on', () => {
    expect(openingReason(base)).toBe('not_complete');
  });

  it('waits until the session is initialised and authenticated', () => {
    expect(openingReason({ ...base, initialised: false })).toBeNull();
    expect(openingReason({ ...base, authenticated: false })).toBeNull();
    expect(openingReason({ ...base, user: null })).toBeNull();
  });

  it('stays shut with the flag off, for a guest, and once onboarding is complete', () => {
    expect(
      openingReason({ ...base, user: buildTestUser({ onboarding_complete: false, flags: buildFlags({ 'platform-onboarding': false }) }) }),
    ).toBeNull();
    expect(openingReason({ ...base, user: buildTestUser({ onboarding_complete: false, account_roles: ['guest'] }) })).toBeNull();
    expect(openingReason({ ...base, user: buildTestUser({ onboarding_complete: true }) })).toBeNull();
    expect(isGuideFor(buildTestUser({ account_roles: ['guest'] }))).toBe(false);
  });

  it('stays shut once the person closed it in this tab, unless the URL or a request asks', () => {
    expect(openingReason({ ...base, dismissed: true })).toBeNull();
    expect(openingReason({ ...base, dismissed: true, urlRequested: true })).toBe('url');
    expect(openingReason({ ...base, dismissed: true, requestedAt: NOW - 1000 })).toBe('request');
  });

  it('opens when the URL asks, even once onboarding is complete', () => {
    expect(openingReason({ ...base, user: buildTestUser({ onboarding_complete: true }), urlRequested: true })).toBe('url');
  });

  it('opens for a pending request younger than five minutes, and not after', () => {
    const done = buildTestUser({ onboarding_complete: true });
    expect(openingReason({ ...base, user: done, requestedAt: NOW - 299_999 })).toBe('request');
    expect(openingReason({ ...base, user: done, requestedAt: NOW - 300_000 })).toBeNull();
    // A request stamped in the future (a clock changed) does not count.
    expect(openingReason({ ...base, user: done, requestedAt: NOW + 60_000 })).toBeNull();
  });
});

describe('the pending request', () => {
  it('is kept with its time, read back, and cleared', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    requestOnboarding();
    expect(pendingOnboardingRequest()).toBe(NOW);
    expect(isRequestPending(pendingOnboardingRequest(), NOW + 299_999)).toBe(true);
    expect(isRequestPending(pendingOnboardingRequest(), NOW + 300_000)).toBe(false);
    clearOnboardingRequest();
    expect(pendingOnboardingRequest()).toBeNull();
  });

  it('reads damaged storage as no request', () => {
    localStorage.setItem('onboarding_request', 'soon');
    expect(pendingOnboardingRequest()).toBeNull();
  });
});

describe('the onboarding URL parameter', () => {
  it('is removed, keeping the rest of the query', () => {
    expect(withoutOnboardingParameter('?onboarding=true')).toEqual({ requested: true, search: '' });
    expect(withoutOnboardingParameter('?q=water&onboarding=true&page=2')).toEqual({ requested: true, search: '?q=water&page=2' });
  });

  it('only onboarding=true asks', () => {
    expect(withoutOnboardingParameter('?onboarding=false')).toEqual({ requested: false, search: '?onboarding=false' });
    expect(withoutOnboardingParameter('')).toEqual({ requested: false, search: '' });
  });
});
