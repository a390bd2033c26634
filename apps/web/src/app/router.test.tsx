import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAppConfig, buildFlags, buildTestUser } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { resetStores } from '../test/reset-stores';
import { setAccessToken, setStoredUser } from '../lib/session-storage';

// As when a deployment replaced the chunk the browser asks for, or the network dropped.
vi.mock('../features/auth/login-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

beforeEach(() => {
  resetStores();
  mockApi({
    'GET /api/app-config': buildAppConfig(),
    'GET /api/flags': { flags: buildFlags() },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pages loaded on demand', () => {
  it("shows the route error page, not a blank screen, when a page's code fails to load", async () => {
    // React and React Router report the caught error on the console; expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    consoleError.mockRestore();
    consoleWarn.mockRestore();
  });

  it('shows the other pages as usual', async () => {
    renderApp('/auth/forgot-password');
    expect(await screen.findByRole('button', { name: /reset|send/i })).toBeTruthy();
  });
});

describe('the route table', () => {
  it('every route has its page', async () => {
    const { ROUTES } = await import('@verity/shared');
    const { PAGES } = await import('./router');
    expect(ROUTES.map((route) => route.path).filter((path) => !(path in PAGES))).toEqual([]);
  });
});

/** The page's code preload for a ROUTES path, watched and kept from loading anything. */
async function watchPreload(path: string) {
  const { PAGES } = await import('./router');
  return vi.spyOn(PAGES[path] as { preload(): void }, 'preload').mockImplementation(() => {});
}

describe('the page fetched at start', () => {
  it("with a stored session, fetches the signed-in page's code before the first render", async () => {
    const { preloadStartPage } = await import('./router');
    const wiki = await watchPreload('/wiki');
    const reader = await watchPreload('/wiki/:idorfilename');
    setAccessToken('stored-token');
    preloadStartPage('/wiki/HTM%2004-01');
    expect(reader).toHaveBeenCalledOnce();
    expect(wiki).not.toHaveBeenCalled();
  });

  it('without a stored session, or for a public page, fetches nothing ahead', async () => {
    const { preloadStartPage } = await import('./router');
    const wiki = await watchPreload('/wiki');
    const register = await watchPreload('/auth/register');
    preloadStartPage('/wiki');
    setAccessToken('stored-token');
    preloadStartPage('/auth/register');
    preloadStartPage('/no-such-page');
    expect(wiki).not.toHaveBeenCalled();
    expect(register).not.toHaveBeenCalled();
  });

  it('fetches the data the page opens with when the account last seen here may open it, and not otherwise', async () => {
    const { preloadStartPage } = await import('./router');
    const calls = mockApi({});
    setAccessToken('stored-token');
    setStoredUser(buildTestUser({ account_roles: [] }));
    preloadStartPage('/wiki');
    await vi.waitFor(async () => expect((await import('../features/documents/wiki-page')).openingQueries).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => call.path)).toEqual([]);

    setStoredUser(buildTestUser());
    preloadStartPage('/wiki');
    await vi.waitFor(() => expect(calls.map((call) => call.path).sort()).toEqual(['/api/chat/filter_data', '/api/docs/my-favourites']));
    expect(calls[0]?.headers.get('auth-token')).toBe('stored-token');
  });
});
