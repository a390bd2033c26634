import { Outlet } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useCurrentRouteAccess } from '../route-handle';
import { RouteGuard } from '../route-guard';
import { AppShell } from './app-shell';

/** Parent of every signed-in route: the guard for the matched row, then the shell around the page. */
export function GuardedShellLayout() {
  const route = useCurrentRouteAccess();
  if (!route) return <LoadingScreen />;
  return (
    <RouteGuard route={route}>
      <AppShell layout={route.layout === 'fixed' ? 'fixed' : 'scrolling'}>
        <Outlet />
      </AppShell>
    </RouteGuard>
  );
}
