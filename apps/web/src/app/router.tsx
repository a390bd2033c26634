import { canAccessRoute, findRoute, isPublicRoute, ROUTES, type RouteAccess } from '@verity/shared';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { useRouteTitle } from '../hooks/use-document-title';
import { markPageShown } from '../lib/page-shown';
import { queryClient } from '../lib/query-client';
import { getAccessToken, getStoredUser } from '../lib/session-storage';
import { GuestRouteGate } from './guest-route-gate';
import { AuthCardLayout } from './layouts/auth-card-layout';
import { GuardedShellLayout, preloadShell } from './layouts/guarded-shell-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './route-error-page';
import { UnknownRouteRedirect } from './unknown-route-redirect';

/**
 * A page loaded on demand, so the first visit downloads only the page it opens (the sign-in page
 * must not carry the chat or the reader). A chunk that fails to load throws while rendering, and
 * the root route's error page shows instead of a blank screen.
 */
function lazyPage<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): LazyPage {
  let loading: Promise<T> | undefined;
  const start = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(
    lazy(async () => ({ default: (await start())[name] as ComponentType })),
    {
      preload: () => void start().catch(() => {}),
      preloadWithData: () =>
        void start()
          .then((module) => {
            for (const query of (module as PageModule).openingQueries?.() ?? []) void queryClient.prefetchQuery(query);
          })
          .catch(() => {}),
    },
  );
}

/** A page's component, whose code (and the data it opens with) can be fetched before it renders. */
type LazyPage = ComponentType & { preload(): void; preloadWithData(): void };

/**
 * What a page's module may export beside its component: the queries it always opens with, exactly
 * as its components ask for them, so they can be fetched beside its code at start.
 */
interface PageModule {
  openingQueries?: () => readonly FetchQueryOptions[];
}

// One component for both chat paths, so moving between them keeps the chat mounted.
const ChatLayout = lazyPage(() => import('../features/chat/chat-layout'), 'ChatLayout');

/** The page for each path of the ROUTES table (a test checks none is missing). */
export const PAGES: Readonly<Record<string, LazyPage>> = {
  '/auth/login': lazyPage(() => import('../features/auth/login-page'), 'LoginPage'),
  '/auth/register': lazyPage(() => import('../features/auth/register-page'), 'RegisterPage'),
  '/auth/forgot-password': lazyPage(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
  '/auth/action-handler': lazyPage(() => import('../features/auth/action-handler-page'), 'ActionHandlerPage'),
  '/auth/complete-profile': lazyPage(() => import('../features/invitations/complete-profile-page'), 'CompleteProfilePage'),
  '/auth/login-sso': lazyPage(() => import('../features/auth/login-sso-page'), 'LoginSsoPage'),
  '/auth/register-forum': lazyPage(() => import('../features/auth/register-forum-page'), 'RegisterForumPage'),
  '/microsoft-auth-callback': lazyPage(() => import('../features/auth/microsoft-callback-page'), 'MicrosoftCallbackPage'),
  '/join': lazyPage(() => import('../features/join/join-page'), 'JoinPage'),
  '/home': lazyPage(() => import('../pages/home-page'), 'HomePage'),
  '/landing': lazyPage(() => import('../pages/landing-page'), 'LandingPage'),
  '/profile': lazyPage(() => import('../features/account/edit-profile-page'), 'EditProfilePage'),
  '/profile/update-password': lazyPage(() => import('../features/account/update-password-page'), 'UpdatePasswordPage'),
  '/profile/help-support': lazyPage(() => import('../features/account/help-support-page'), 'HelpSupportPage'),
  '/wiki': lazyPage(() => import('../features/documents/wiki-page'), 'WikiPage'),
  '/wiki/:idorfilename': lazyPage(() => import('../features/documents/reader/document-reader-page'), 'DocumentReaderPage'),
  '/write': lazyPage(() => import('../features/write/write-page'), 'WritePage'),
  '/write/:external_id': lazyPage(() => import('../features/write/write-document-page'), 'WriteDocumentPage'),
  '/review': lazyPage(() => import('../features/review/review-page'), 'ReviewPage'),
  '/review/:id': lazyPage(() => import('../features/review/review-detail-page'), 'ReviewDetailPage'),
  '/dashboard': lazyPage(() => import('../features/dashboard/dashboard-page'), 'DashboardPage'),
  '/admin': lazyPage(() => import('../features/admin/admin-page'), 'AdminPage'),
  '/data-library': lazyPage(() => import('../features/data-library/data-library-page'), 'DataLibraryPage'),
  '/reporting': lazyPage(() => import('../features/reports/reports-page'), 'ReportsPage'),
  '/reporting/workforce-performance': lazyPage(() => import('../features/reports/workforce-page'), 'WorkforcePage'),
  '/tutorials': lazyPage(() => import('../features/tutorials/tutorials-page'), 'TutorialsPage'),
  '/tutorials/:slug': lazyPage(() => import('../features/tutorials/tutorial-page'), 'TutorialPage'),
  '/chat': ChatLayout,
  '/chat/:sessionId': ChatLayout,
};

const ProfileLayout = lazyPage(() => import('../features/account/profile-layout'), 'ProfileLayout');

const PROFILE_PATH = '/profile';

function pageFor(route: RouteAccess): LazyPage {
  // Every route has its page: router.test.tsx checks the table against ROUTES.
  return PAGES[route.path] as LazyPage;
}

/**
 * At start with a stored session, the shell's and the signed-in page's code are fetched while the
 * session is being restored, before the first render, instead of one after the other once it is:
 * on a slow connection each wait is a round trip before the page can paint. So is the data the page
 * opens with, when the account last seen on this device may open the page (otherwise the answer
 * would be a refusal, and the page is not shown anyway). Nothing renders before the guard allows
 * it. A public page's code is left to its own render.
 */
export function preloadStartPage(pathname: string): void {
  const route = findRoute(pathname);
  if (!route || isPublicRoute(route) || getAccessToken() === null) return;
  preloadShell();
  const page = pageFor(route);
  const user = getStoredUser();
  const opens = user !== null && canAccessRoute(route, user.account_roles) && (!route.flag || user.flags?.[route.flag] === true);
  if (opens) page.preloadWithData();
  else page.preload();
}

/**
 * Every page's tab title starts as its route's ("Regulatory Wiki — Verity"); a page may say more (useDocumentTitle).
 * Layouts (the profile's) get none: a parent's effect runs after its child's and would overwrite it.
 */
function RouteTitle({ title, children }: { title: string; children: ReactNode }) {
  useRouteTitle(title);
  return children;
}

/** Rendered beside a page inside its Suspense: its effect runs once the page's content is committed. */
function PageShown() {
  useEffect(markPageShown, []);
  return null;
}

/** The guard's "Loading..." screen also covers the moment a page's code is still arriving. */
function pageElement(Page: ComponentType, title?: string) {
  const page = (
    <Suspense fallback={<LoadingScreen />}>
      <Page />
      <PageShown />
    </Suspense>
  );
  return title === undefined ? page : <RouteTitle title={title}>{page}</RouteTitle>;
}

/**
 * The route tree, built from the shared ROUTES table (path, access, flag, layout):
 * public rows sit in the auth card layout behind the guest-only gate; every other row sits in
 * the guarded shell, whose RouteGuard finds the row of the current address. The profile rows nest
 * under ProfileLayout (edit profile at the index).
 */
function buildRoutes(routes: readonly RouteAccess[]): RouteObject[] {
  const publicRoutes: RouteObject[] = [];
  const guardedRoutes: RouteObject[] = [];
  const profileChildren: RouteObject[] = [];
  let profileRoute: RouteAccess | undefined;

  for (const route of routes) {
    const Page = pageFor(route);
    if (isPublicRoute(route)) {
      publicRoutes.push({
        path: route.path,
        element: <GuestRouteGate route={route}>{pageElement(Page, route.title)}</GuestRouteGate>,
      });
    } else if (route.path === PROFILE_PATH) {
      profileRoute = route;
      profileChildren.unshift({ index: true, element: pageElement(Page, route.title) });
    } else if (route.path.startsWith(`${PROFILE_PATH}/`)) {
      profileChildren.push({
        path: route.path.slice(PROFILE_PATH.length + 1),
        element: pageElement(Page, route.title),
      });
    } else {
      guardedRoutes.push({ path: route.path, element: pageElement(Page, route.title) });
    }
  }

  if (profileRoute) {
    guardedRoutes.push({ path: PROFILE_PATH, element: pageElement(ProfileLayout), children: profileChildren });
  }

  return [
    {
      element: (
        <RouteErrorBoundary>
          <RootLayout />
        </RouteErrorBoundary>
      ),
      children: [
        { element: <AuthCardLayout />, children: publicRoutes },
        { element: <GuardedShellLayout />, children: guardedRoutes },
        { path: '/', element: <UnknownRouteRedirect /> },
        { path: '*', element: <UnknownRouteRedirect /> },
      ],
    },
  ];
}

const APP_ROUTES = buildRoutes(ROUTES);

/**
 * The app's pages for the current address, inside a BrowserRouter (MemoryRouter in tests).
 * Declarative routing: the app loads no data through the router, and its data-router half is
 * about 17 kB (gzip) the sign-in page would otherwise carry (see docs/decisions.md).
 */
export function AppRoutes() {
  return useRoutes(APP_ROUTES);
}
