import { type RouteAccess, shouldLeaveGuestOnlyRoute } from '@verity/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { useAuthStore } from '../lib/auth-store';
import { useFlags } from '../lib/flags';
import { safeRedirectPath } from '@verity/shared';
import { HOME_PATH, LOGIN_PATH } from '../lib/redirect';

export interface GuestRouteGateProps {
  route: RouteAccess;
  children: ReactNode;
}

/**
 * Public routes. A signed-in user on a guest-only page leaves it — for the page they were sent
 * to sign in from (a safe `redirect` parameter) or else /home — except the forum SSO login
 * (/auth/login with both sso and sig), which must stay to complete the hand-off.
 */
export function GuestRouteGate({ route, children }: GuestRouteGateProps) {
  const initialised = useAuthStore((s) => s.initialised);
  const authenticated = useAuthStore((s) => s.authenticated);
  const { search } = useLocation();
  const { isLoading: flagsLoading, isEnabled } = useFlags();

  if (route.guestOnly && !initialised) return <LoadingScreen />;
  if (route.flag) {
    if (flagsLoading) return <LoadingScreen />;
    if (!isEnabled(route.flag)) return <Navigate to={authenticated ? HOME_PATH : LOGIN_PATH} replace />;
  }
  if (authenticated && shouldLeaveGuestOnlyRoute(route, search)) {
    return <Navigate to={safeRedirectPath(new URLSearchParams(search).get('redirect'))} replace />;
  }
  return children;
}
