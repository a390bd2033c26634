import { canAccessRoute, type RouteAccess } from '@verity/shared';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { useAuthStore } from '../lib/auth-store';
import { useFlags } from '../lib/flags';
import { requestOnboarding, withoutOnboardingParameter } from '../lib/onboarding-request';
import { HOME_PATH, JOIN_PATH, loginRedirectPath } from '../lib/redirect';

// Loaded when first needed: only a signed-in person on a page none of their roles opens sees it,
// and the entry (which every page, the sign-in page first, loads) has no room to spare.
const AccessDeniedScreen = lazy(() =>
  import('../components/access-denied-screen').then((module) => ({ default: module.AccessDeniedScreen })),
);

export interface RouteGuardProps {
  route: RouteAccess;
  children: ReactNode;
}

/**
 * The route guard, in order:
 * 1. not initialised → loading screen;
 * 2. not authenticated → /auth/login?redirect=<path+search>, replacing the history entry (a
 *    visit that asked for the onboarding guide leaves a request, so the guide still opens after a
 *    sign-in that loses the address: a registration, a password reset);
 * 3. no role at all → /join (a request to join the organisation is waiting); no shared role → Access denied screen;
 * 4. the page.
 * A route whose feature flag is off behaves as an unknown path (a signed-in user goes to /home).
 */
export function RouteGuard({ route, children }: RouteGuardProps) {
  const initialised = useAuthStore((s) => s.initialised);
  const authenticated = useAuthStore((s) => s.authenticated);
  const roles = useAuthStore((s) => s.user?.account_roles);
  const location = useLocation();
  const { isLoading: flagsLoading, isEnabled } = useFlags();

  if (!initialised) return <LoadingScreen />;
  if (!authenticated) return <SignInFirst pathname={location.pathname} search={location.search} />;
  if (route.flag) {
    if (flagsLoading) return <LoadingScreen />;
    if (!isEnabled(route.flag)) return <Navigate to={HOME_PATH} replace />;
  }
  // No role at all: a person whose request to join their organisation waits for a champion.
  if ((roles ?? []).length === 0) return <Navigate to={JOIN_PATH} replace />;
  if (!canAccessRoute(route, roles ?? [])) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AccessDeniedScreen />
      </Suspense>
    );
  }
  return children;
}

function SignInFirst({ pathname, search }: { pathname: string; search: string }) {
  useEffect(() => {
    if (withoutOnboardingParameter(search).requested) requestOnboarding();
  }, [search]);
  return <Navigate to={loginRedirectPath(pathname, search)} replace />;
}
