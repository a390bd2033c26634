import type { RouteLayout } from '@verity/shared';
import { lazy, type ReactNode, Suspense } from 'react';
import { DesktopSidebar } from '../shell/desktop-sidebar';
import { MobileMenu } from '../shell/mobile-menu';
import { MobileTabBar } from '../shell/mobile-tab-bar';
import { MobileTopBar } from '../shell/mobile-top-bar';
import { RightPanelProvider } from '../../components/ui/right-panel-context';
import { NotificationsModal } from '../../features/notifications/notifications-modal';
import { OnboardingProvider } from '../../features/onboarding/onboarding-provider';
import { useMediaQuery } from '../../hooks/use-media-query';
import { cn } from '../../lib/cn';
import { RIGHT_PANEL_SIDEBAR, useSidebarOpen, useUiStore } from '../../lib/ui-store';
import { SCROLL_CONTAINER_ATTRIBUTE } from './root-layout';

/** Tailwind's md: from here up the rail shows, below it the top bar and the tab bar. */
const WIDE_SCREEN = '(min-width: 48rem)';

// The guide's panel loads when it first opens; most visits never open it.
const OnboardingPanel = lazy(async () => ({ default: (await import('../../features/onboarding/onboarding-panel')).OnboardingPanel }));

export interface AppShellProps {
  /** 'fixed': the viewport never scrolls, pages manage their own scroll areas (chat). */
  layout: Exclude<RouteLayout, 'auth'>;
  children: ReactNode;
}

export function AppShell({ layout, children }: AppShellProps) {
  const notificationsOpen = useUiStore((s) => s.notificationsOpen);
  const setNotificationsOpen = useUiStore((s) => s.setNotificationsOpen);
  const fixed = layout === 'fixed';
  const panelOpen = useSidebarOpen(RIGHT_PANEL_SIDEBAR);
  // Only the navigation this screen shows is rendered (CSS still hides the other where the width
  // cannot be known): on a phone the rail was a fifth of the page's elements, drawn and never seen.
  const wide = useMediaQuery(WIDE_SCREEN);

  return (
    <RightPanelProvider>
      <OnboardingProvider>
        <a
          href="#main-content"
          className="focus-ring sr-only z-[70] rounded-md bg-white px-3 py-2 font-medium text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        <div className={cn('flex bg-canvas', fixed ? 'h-dvh overflow-hidden' : 'min-h-dvh')} data-layout={layout}>
          {wide !== false && <DesktopSidebar />}
          <div className={cn('flex min-w-0 flex-1 flex-col', fixed && 'h-dvh')}>
            {wide !== true && <MobileTopBar />}
            <main
              id="main-content"
              tabIndex={-1}
              className={cn('flex min-w-0 flex-1 flex-col outline-none', fixed && 'min-h-0 overflow-hidden')}
              {...{ [SCROLL_CONTAINER_ATTRIBUTE]: '' }}
            >
              {children}
            </main>
            {wide !== true && <MobileTabBar />}
          </div>
          {panelOpen && (
            <Suspense fallback={null}>
              <OnboardingPanel />
            </Suspense>
          )}
        </div>
        <MobileMenu />
        <NotificationsModal open={notificationsOpen} onClose={() => setNotificationsOpen(false)} />
      </OnboardingProvider>
    </RightPanelProvider>
  );
}
