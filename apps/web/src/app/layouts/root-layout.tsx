import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CookieConsentBanner } from '../../components/cookie-consent-banner';
import { GlobalErrorDialog } from '../../components/error-dialog/global-error-dialog';
import { Toaster } from '../../components/ui/toaster';
import { trackPageview } from '../../lib/analytics';
import { useAppConfig } from '../../lib/app-config';
import { useAuthStore } from '../../lib/auth-store';
import { useConsentStore } from '../../lib/consent';
import { useUiStore } from '../../lib/ui-store';

export const SCROLL_CONTAINER_ATTRIBUTE = 'data-scroll-container';

/**
 * PostHog starts only when it is configured and the person has accepted analytics cookies; its
 * code is fetched at that moment, never before.
 */
function useVendorAnalytics(key: string | undefined, host: string | undefined) {
  const consent = useConsentStore((s) => s.consent);
  useEffect(() => {
    if (consent !== 'accepted' || !key || !host) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../lib/posthog')
      .then(({ startPostHog }) => startPostHog({ key, host }))
      .then((stopPostHog) => {
        if (cancelled) stopPostHog();
        else stop = stopPostHog;
      })
      .catch(() => {
        // Analytics are optional: a failure to load them never troubles the person.
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [consent, key, host]);
}

/** Everything every page shares: session start-up, scroll reset, page views and global overlays. */
export function RootLayout() {
  const { pathname } = useLocation();
  const initialise = useAuthStore((s) => s.initialise);
  const config = useAppConfig().data;
  const sessionRecording = config?.session_recording_enabled === true;
  useVendorAnalytics(config?.posthog?.key, config?.posthog?.host);

  useEffect(() => {
    void initialise();
  }, [initialise]);

  useEffect(() => {
    if (typeof window.scrollTo === 'function') window.scrollTo(0, 0);
    for (const element of document.querySelectorAll<HTMLElement>(`[${SCROLL_CONTAINER_ATTRIBUTE}]`)) {
      element.scrollTop = 0;
    }
    useUiStore.getState().setMobileMenuOpen(false);
    trackPageview(pathname);
  }, [pathname]);

  return (
    <>
      <Outlet />
      <GlobalErrorDialog />
      <Toaster />
      <CookieConsentBanner sessionRecording={sessionRecording} />
    </>
  );
}
