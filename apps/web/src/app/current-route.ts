import { findRoute, type RouteAccess } from '@verity/shared';
import { useLocation } from 'react-router';

/** The ROUTES row of the current address, if any. */
export function useCurrentRouteAccess(): RouteAccess | undefined {
  return findRoute(useLocation().pathname);
}
