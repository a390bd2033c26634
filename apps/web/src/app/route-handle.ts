import type { RouteAccess } from '@verity/shared';
import { useMatches } from 'react-router';

/** Every route built from the ROUTES table carries its row in `handle`. */
export interface RouteHandle {
  route: RouteAccess;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The ROUTES row of the deepest matched route, if any. */
export function useCurrentRouteAccess(): RouteAccess | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return undefined;
}
