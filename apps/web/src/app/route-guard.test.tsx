import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { accessDeniedMessage, findRoute, type RouteAccess } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useAuthStore } from '../lib/auth-store';
import { pendingOnboardingRequest } from '../lib/onboarding-request';
import { createQueryClient } from '../lib/query-client';
import { buildAppConfig, buildFlags, buildTestUser } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { LocationProbe } from '../test/render-route';
import { resetStores } from '../test/reset-stores';
import { createRouterView } from '../test/router-view';
import { RouteGuard } from './route-guard';

function route(path: string): RouteAccess {
  const found = findRoute(path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

/** The guard alone around a marker page, with a probe on every other path. */
function renderGuard(path: string, url: string) {
  const { router, Probe } = createRouterView();
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/start', url]} initialIndex={1}>
        <Routes>
          <Route
            path={path}
            element={
              <RouteGuard route={route(path)}>
                <h1>Protected page</h1>
              </RouteGuard>
            }
          />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  resetStores();
  mockApi({
    'GET /api/app-config': buildAppConfig({ support_email: 'help@trust.example' }),
    'GET /api/flags': { flags: buildFlags() },
    'GET /api/notifications/user': { notifications: [] },
    'GET /api/auth/signout': { message: 'Logged out successfully.' },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RouteGuard', () => {
  it('step 1: shows the loading screen until the session is initialised', () => {
    useAuthStore.setState({ initialised: false, authenticated: false, user: null });
    renderGuard('/wiki', '/wiki');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('Protected page')).toBeNull();
  });

  it('step 2: sends an anonymous visitor to sign in with the path and query as redirect, replacing history', async () => {
    useAuthStore.setState({ initialised: true, authenticated: false, user: null });
    const router = renderGuard('/wiki/:idorfilename', '/wiki/HTM-06-01?element_ids=a&element_ids=b');
    const probe = await screen.findByTestId('location');
    expect(probe.textContent).toBe(`/auth/login?redirect=${encodeURIComponent('/wiki/HTM-06-01?element_ids=a&element_ids=b')}`);
    // Replaced, not pushed: the history still holds the entry before the guarded page and no more.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('Protected page')).toBeNull();
  });

  it('step 2: a visit that asked for the onboarding guide leaves a pending request for after signing in', async () => {
    useAuthStore.setState({ initialised: true, authenticated: false, user: null });
    renderGuard('/home', '/home');
    await screen.findByTestId('location');
    expect(pendingOnboardingRequest()).toBeNull();
    renderGuard('/home', '/home?onboarding=true');
    await waitFor(() => expect(pendingOnboardingRequest()).toBeGreaterThan(Date.now() - 60_000));
  });

  it('step 3: shows Access denied with the support address and both buttons when no role matches', async () => {
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser({ account_roles: ['guest'] }) });
    renderGuard('/wiki', '/wiki');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(await screen.findByText(accessDeniedMessage('help@trust.example'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeTruthy();
    expect(screen.queryByText('Protected page')).toBeNull();
  });

  it('step 3: a standard user without champion is denied the dashboard (both access groups must match)', async () => {
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser({ account_roles: ['standard'] }) });
    renderGuard('/dashboard', '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
  });

  it("'Return to Home' goes to /home and 'Log out' signs out then goes to /", async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser({ account_roles: ['guest'] }) });
    renderGuard('/wiki', '/wiki');
    await user.click(await screen.findByRole('button', { name: 'Return to Home' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/home');

    resetStores();
    localStorage.setItem('accessToken', 'tok');
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser({ account_roles: ['guest'] }) });
    const router = renderGuard('/wiki', '/wiki');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(useAuthStore.getState().authenticated).toBe(false));
    expect(localStorage.getItem('accessToken')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('step 4: shows the page when a role matches', async () => {
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser({ account_roles: ['standard'] }) });
    renderGuard('/wiki', '/wiki');
    expect(await screen.findByText('Protected page')).toBeTruthy();
  });

  it('a route whose flag is off behaves as unknown: a signed-in user goes to /home', async () => {
    useAuthStore.setState({
      initialised: true,
      authenticated: true,
      user: buildTestUser({ flags: buildFlags({ 'workforce-reports': false }) }),
    });
    renderGuard('/reporting', '/reporting');
    expect((await screen.findByTestId('location')).textContent).toBe('/home');
  });

  it('a route whose flag is on is shown', async () => {
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser() });
    renderGuard('/reporting', '/reporting');
    expect(await screen.findByText('Protected page')).toBeTruthy();
  });
});

describe('route table', () => {
  it('renders the real page of a guarded route inside the shell', async () => {
    mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/data-library/documents': { documents: [], total: 0, page: 1, page_size: 50 },
    });
    renderApp('/data-library', { user: buildTestUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Library' })).toBeTruthy();
    expect(await screen.findByText('Nothing here yet: add your first document.')).toBeTruthy();
  });

  it('sends a signed-in user away from a guest-only page to /home', async () => {
    const { router } = renderApp('/auth/register', { user: buildTestUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps a signed-in user on /auth/login when both sso and sig are present', async () => {
    const { router } = renderApp('/auth/login?sso=payload&sig=signature', { user: buildTestUser() });
    // Give any redirect a chance to happen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends a signed-in user on /auth/login with only sso to /home', async () => {
    const { router } = renderApp('/auth/login?sso=payload', { user: buildTestUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('lets an anonymous visitor stay on a guest-only page', async () => {
    const { router } = renderApp('/auth/forgot-password');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
  });

  it('sends an unknown path to /home when signed in', async () => {
    const { router } = renderApp('/no/such/page', { user: buildTestUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('sends an unknown path to /auth/login when signed out', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe('');
  });

  it("treats '/' like an unknown path", async () => {
    const { router } = renderApp('/', { user: buildTestUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('shows the loading screen for an unknown path until the session is known', async () => {
    // A stored token whose profile request never answers keeps the session uninitialised.
    localStorage.setItem('accessToken', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { router } = renderApp('/no/such/page', { uninitialised: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no/such/page');
  });
});
