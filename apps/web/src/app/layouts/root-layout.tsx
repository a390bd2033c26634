import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CookieConsentBanner } from '../../components/cookie-consent-banner';
import { GlobalErrorDialog } from '../../components/error-dialog/global-error-dialog';
import { Toaster } from '../../components/ui/toaster';
import { trackPageview } from '../../lib/analytics';
import { useAppConfig } from '../../lib/app-config';
import { useAuthStore } from '../../lib/auth-store';
import { useUiStore } from '../../lib/ui-store';

export const SCROLL_CONTAINER_ATTRIBUTE = 'data-scroll-container';

/** Everything every page shares: session start-up, scroll reset, page views and global overlays. */
export function RootLayout() {
  const { pathname } = useLocation();
  const initialise = useAuthStore((s) => s.initialise);
  const sessionRecording = useAppConfig().data?.session_recording_enabled === true;

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
