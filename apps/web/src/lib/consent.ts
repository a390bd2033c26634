import { CONSENT_COOKIE_DAYS } from './constants';
import { create } from 'zustand';

export const CONSENT_COOKIE = 'verity_consent';

export type ConsentState = 'unknown' | 'accepted' | 'dismissed';

export function readConsentCookie(cookie: string = document.cookie): ConsentState {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'accepted' || value === 'dismissed')) return value;
  }
  return 'unknown';
}

function writeConsentCookie(value: Exclude<ConsentState, 'unknown'>): void {
  const maxAge = CONSENT_COOKIE_DAYS * 24 * 60 * 60;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we support.
  document.cookie = `${CONSENT_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

interface ConsentStore {
  consent: ConsentState;
  accept: () => void;
  dismiss: () => void;
}

export const useConsentStore = create<ConsentStore>()((set) => ({
  consent: typeof document === 'undefined' ? 'unknown' : readConsentCookie(),
  accept: () => {
    writeConsentCookie('accepted');
    set({ consent: 'accepted' });
  },
  dismiss: () => {
    writeConsentCookie('dismissed');
    set({ consent: 'dismissed' });
  },
}));

/** Session replay and other optional analytics may load only after an explicit accept. */
export function hasAnalyticsConsent(): boolean {
  return useConsentStore.getState().consent === 'accepted';
}
