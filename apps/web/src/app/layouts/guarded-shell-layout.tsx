import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useCurrentRouteAccess } from '../current-route';
import { RouteGuard } from '../route-guard';

// The shell (navigation, notifications, menus) is only for signed-in users, so the sign-in page
// does not download it.
const loadShell = () => import('./app-shell');
const AppShell = lazy(async () => ({ default: (await loadShell()).AppShell }));

/** Fetch the shell's code ahead of its first render (router.tsx, at start with a stored session). */
export function preloadShell(): void {
  loadShell().catch(() => {});
}

/** Parent of every signed-in route: the guard for the matched row, then the shell around the page. */
export function GuardedShellLayout() {
  const route = useCurrentRouteAccess();
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
