import type { FeatureFlag } from './flags.ts';
import { hasAnyRole, type Role } from './roles.ts';

export type RouteLayout = 'fixed' | 'scrolling' | 'auth';

/**
 * One row per route of the product. `access` lists role groups: the user needs at least one role
 * of every group (the admin and dashboard routes sit under a parent that also requires standard).
 * Public routes have no access groups; guest-only routes send a signed-in user to /home.
 */
export interface RouteAccess {
  path: string;
  title: string;
  access: readonly (readonly Role[])[];
  layout: RouteLayout;
  flag?: FeatureFlag;
  guestOnly?: boolean;
}

const STANDARD = ['standard'] as const satisfies readonly Role[];
const GUEST_OR_STANDARD = ['guest', 'standard'] as const satisfies readonly Role[];

export const ROUTES: readonly RouteAccess[] = [
  { path: '/auth/login', title: 'Sign in', access: [], layout: 'auth', guestOnly: true },
  { path: '/auth/register', title: 'Create account', access: [], layout: 'auth', guestOnly: true },
  { path: '/auth/forgot-password', title: 'Forgot password', access: [], layout: 'auth', guestOnly: true },
  { path: '/auth/action-handler', title: 'Account action', access: [], layout: 'auth' },
  { path: '/auth/complete-profile', title: 'Complete your profile', access: [], layout: 'auth' },
  { path: '/auth/login-sso', title: 'Single sign-on', access: [], layout: 'auth', guestOnly: true },
  { path: '/auth/register-forum', title: 'Create forum account', access: [], layout: 'auth', guestOnly: true },
  { path: '/microsoft-auth-callback', title: 'Microsoft sign-in', access: [], layout: 'auth' },
  // A signed-in person whose request to join their organisation waits for a champion (no role yet):
  // the page itself asks for a session, so the row is open to anyone like the other auth pages.
  { path: '/join', title: 'Your request to join', access: [], layout: 'auth' },

  { path: '/tutorials', title: 'Tutorials & Documentation', access: [STANDARD], layout: 'scrolling' },
  { path: '/wiki', title: 'Regulatory Wiki', access: [STANDARD], layout: 'scrolling' },
  { path: '/write', title: 'Write', access: [STANDARD], layout: 'scrolling' },
  { path: '/write/:external_id', title: 'Write', access: [STANDARD], layout: 'scrolling' },
  { path: '/review', title: 'Review Assistant', access: [STANDARD], layout: 'scrolling' },
  { path: '/data-library', title: 'Data Library', access: [STANDARD], layout: 'scrolling', flag: 'data-library' },
  { path: '/chat', title: 'Chat', access: [STANDARD], layout: 'fixed' },
  { path: '/landing', title: 'Verity tools', access: [STANDARD], layout: 'scrolling' },
  { path: '/reporting', title: 'Reports', access: [STANDARD], layout: 'scrolling', flag: 'workforce-reports' },
  {
    path: '/reporting/workforce-performance',
    title: 'Workforce performance',
    access: [STANDARD],
    layout: 'scrolling',
    flag: 'workforce-reports',
  },
  { path: '/admin', title: 'Admin', access: [STANDARD, ['verity_admin']], layout: 'scrolling' },
  { path: '/dashboard', title: 'Champion Dashboard', access: [STANDARD, ['champion']], layout: 'scrolling' },

  { path: '/home', title: 'Home', access: [GUEST_OR_STANDARD], layout: 'scrolling' },
  { path: '/profile', title: 'Edit profile', access: [GUEST_OR_STANDARD], layout: 'scrolling' },
  { path: '/profile/update-password', title: 'Update password', access: [GUEST_OR_STANDARD], layout: 'scrolling' },
  { path: '/profile/help-support', title: 'Help & support', access: [GUEST_OR_STANDARD], layout: 'scrolling' },
  { path: '/chat/:sessionId', title: 'Chat', access: [GUEST_OR_STANDARD], layout: 'fixed' },
  { path: '/review/:id', title: 'Review Assistant', access: [GUEST_OR_STANDARD], layout: 'scrolling' },
  { path: '/wiki/:idorfilename', title: 'Regulatory Wiki', access: [GUEST_OR_STANDARD], layout: 'scrolling' },
  { path: '/tutorials/:slug', title: 'Tutorials & Documentation', access: [GUEST_OR_STANDARD], layout: 'scrolling' },
];

export const PRODUCT_NAME = 'Verity';

/** A browser tab's title: "Regulatory Wiki — Verity"; the product name alone without a title. */
export function pageTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} — ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function isPublicRoute(route: RouteAccess): boolean {
  return route.access.length === 0;
}

/** The route guard's role check: every access group must share a role with the user. */
export function canAccessRoute(route: RouteAccess, accountRoles: readonly string[]): boolean {
  return route.access.every((group) => hasAnyRole(accountRoles, group));
}

/** Each route's path as segments, split once: every link in the shell asks for its route on each render. */
let routeSegments: readonly (readonly string[])[] | undefined;

/** Match a concrete path against the table (":name" segments match one non-empty segment). */
export function findRoute(pathname: string): RouteAccess | undefined {
  routeSegments ??= ROUTES.map((route) => trimSlashes(route.path).split('/'));
  const parts = trimSlashes(pathname).split('/');
  const index = routeSegments.findIndex(
    (pattern) => pattern.length === parts.length && pattern.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i])),
  );
  return ROUTES[index];
}

/** A signed-in user on a guest-only page goes to /home, except the forum SSO login (sso and sig). */
export function shouldLeaveGuestOnlyRoute(route: RouteAccess, search: string): boolean {
  if (!route.guestOnly) return false;
  const params = new URLSearchParams(search);
  const forumSso = route.path === '/auth/login' && params.has('sso') && params.has('sig');
  return !forumSso;
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}
