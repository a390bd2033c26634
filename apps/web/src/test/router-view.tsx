import type { Location, NavigationType } from 'react-router';
import { useLocation, useNavigationType } from 'react-router';

/** What a test can read of the router: where it is and how it got there (PUSH, REPLACE, POP). */
export interface RouterView {
  state: { location: Location; historyAction: NavigationType };
}

/** A view kept up to date by the probe it comes with, which renders nothing. */
export function createRouterView(): { router: RouterView; Probe: () => null } {
  const router = { state: {} } as RouterView;
  function Probe() {
    router.state = { location: useLocation(), historyAction: useNavigationType() };
    return null;
  }
  return { router, Probe };
}
