import { isPublicRoute, ROUTES, type RouteAccess } from '@verity/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ActionHandlerPage } from '../features/auth/action-handler-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { LoginSsoPage } from '../features/auth/login-sso-page';
import { MicrosoftCallbackPage } from '../features/auth/microsoft-callback-page';
import { RegisterForumPage } from '../features/auth/register-forum-page';
import { RegisterPage } from '../features/auth/register-page';
import { ChatLayout } from '../features/chat/chat-layout';
import { EditProfilePage } from '../features/profile/edit-profile-page';
import { HelpSupportPage } from '../features/profile/help-support-page';
import { ProfileLayout } from '../features/profile/profile-layout';
import { UpdatePasswordPage } from '../features/profile/update-password-page';
import { WikiPage } from '../features/wiki/wiki-page';
import { DocumentReaderPage } from '../features/wiki/reader/document-reader-page';
import { ComingSoonPage } from '../pages/coming-soon-page';
import { HomePage } from '../pages/home-page';
import { GuestRouteGate } from './guest-route-gate';
import { AuthCardLayout } from './layouts/auth-card-layout';
import { GuardedShellLayout } from './layouts/guarded-shell-layout';
import { RootLayout } from './layouts/root-layout';
import type { RouteHandle } from './route-handle';
import { RouteErrorPage } from './route-error-page';
import { UnknownRouteRedirect } from './unknown-route-redirect';

/** The page for each path of the ROUTES table. Paths missing here render the shared coming-soon page. */
export const PAGES: Readonly<Record<string, ComponentType>> = {
  '/auth/login': LoginPage,
  '/auth/register': RegisterPage,
  '/auth/forgot-password': ForgotPasswordPage,
  '/auth/action-handler': ActionHandlerPage,
  '/auth/login-sso': LoginSsoPage,
  '/auth/register-forum': RegisterForumPage,
  '/microsoft-auth-callback': MicrosoftCallbackPage,
  '/home': HomePage,
  '/profile': EditProfilePage,
  '/profile/update-password': UpdatePasswordPage,
  '/profile/help-support': HelpSupportPage,
  '/wiki': WikiPage,
  '/wiki/:idorfilename': DocumentReaderPage,
  '/chat': ChatLayout,
  '/chat/:sessionId': ChatLayout,
};

const PROFILE_PATH = '/profile';

function pageFor(route: RouteAccess): ComponentType {
  return PAGES[route.path] ?? ComingSoonPage;
}

function handleFor(route: RouteAccess): RouteHandle {
  return { route };
}

/**
 * The route tree, built from the shared ROUTES table (path, access, flag, layout):
 * public rows sit in the auth card layout behind the guest-only gate; every other row sits in
 * the guarded shell, whose RouteGuard reads the matched row from `handle`. The profile rows nest
 * under ProfileLayout (edit profile at the index).
 */
export function buildRoutes(routes: readonly RouteAccess[] = ROUTES): RouteObject[] {
  const publicRoutes: RouteObject[] = [];
  const guardedRoutes: RouteObject[] = [];
  const profileChildren: RouteObject[] = [];
  let profileRoute: RouteAccess | undefined;

  for (const route of routes) {
    const Page = pageFor(route);
    if (isPublicRoute(route)) {
      publicRoutes.push({
        path: route.path,
        handle: handleFor(route),
        element: (
          <GuestRouteGate route={route}>
            <Page />
          </GuestRouteGate>
        ),
      });
    } else if (route.path === PROFILE_PATH) {
      profileRoute = route;
      profileChildren.unshift({ index: true, handle: handleFor(route), element: <Page /> });
    } else if (route.path.startsWith(`${PROFILE_PATH}/`)) {
      profileChildren.push({ path: route.path.slice(PROFILE_PATH.length + 1), handle: handleFor(route), element: <Page /> });
    } else {
      guardedRoutes.push({ path: route.path, handle: handleFor(route), element: <Page /> });
    }
  }

  if (profileRoute) {
    guardedRoutes.push({ path: PROFILE_PATH, element: <ProfileLayout />, children: profileChildren });
  }

  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { element: <AuthCardLayout />, children: publicRoutes },
        { element: <GuardedShellLayout />, children: guardedRoutes },
        { path: '/', element: <UnknownRouteRedirect /> },
        { path: '*', element: <UnknownRouteRedirect /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
