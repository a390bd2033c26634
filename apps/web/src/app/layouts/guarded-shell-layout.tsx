import type { RouteAccess } from '@verity/shared';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useCurrentRouteAccess } from '../current-route';
import { RouteGuard } from '../route-guard';
import { getAccessToken } from '../../lib/session-storage';

// The shell (navigation, notifications, menus) is only for signed-in users, so the sign-in page
// does not download it.
const loadShell = () => import('./app-shell');
const AppShell = lazy(async () => ({ default: (await loadShell()).AppShell }));

/**
 * Parent of every signed-in route: the guard for the matched row, then the shell around the page.
 * With a stored session, the shell's and the page's code are fetched while the session is being
 * restored, instead of one after the other once it is: on a slow connection each wait is a round
 * trip before the page can paint. Nothing renders before the guard allows it.
 */
export function GuardedShellLayout({ preloadPage }: { preloadPage(route: RouteAccess): void }) {
  const route = useCurrentRouteAccess();
  useEffect(() => {
    if (!route || getAccessToken() === null) return;
    loadShell().catch(() => {});
    preloadPage(route);
  }, [route, preloadPage]);
  if (!route) return <LoadingScreen />;
  return (
    <RouteGuard route={route}>
      <Suspense fallback={<LoadingScreen />}>
        <AppShell layout={route.layout === 'fixed' ? 'fixed' : 'scrolling'}>
          <Outlet />
        </AppShell>
      </Suspense>
    </RouteGuard>
  );
}
