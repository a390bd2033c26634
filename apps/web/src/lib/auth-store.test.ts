import { MESSAGES } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../components/ui/toast';
import { buildTestUser } from '../test/fixtures';
import { failure, mockApi } from '../test/mock-api';
import { resetStores } from '../test/reset-stores';
import { useAuthStore } from './auth-store';
import { useErrorDialogStore } from './error-dialog-store';

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const toasts = () => useToastStore.getState().toasts.map((t) => t.message);

describe('auth store', () => {
  it('initialises unauthenticated without a stored token, without calling the server', async () => {
    const calls = mockApi({});
    await useAuthStore.getState().initialise();
    expect(useAuthStore.getState()).toMatchObject({ initialised: true, authenticated: false, user: null });
    expect(calls).toHaveLength(0);
  });

  it('restores the session from a stored token with one profile fetch', async () => {
    localStorage.setItem('accessToken', 'tok');
    const user = buildTestUser();
    const calls = mockApi({ 'GET /api/account/info': user });
    await Promise.all([useAuthStore.getState().initialise(), useAuthStore.getState().initialise()]);
    expect(useAuthStore.getState()).toMatchObject({ initialised: true, authenticated: true, user });
    expect(calls.filter((c) => c.path === '/api/account/info')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
  });

  it('treats a rejected stored token as signed out, silently (no error dialog)', async () => {
    localStorage.setItem('accessToken', 'stale');
    mockApi({ 'GET /api/account/info': { status: 401, body: { message: 'no', request_id: 'r' } } });
    await useAuthStore.getState().initialise();
    expect(useAuthStore.getState()).toMatchObject({ initialised: true, authenticated: false });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(useErrorDialogStore.getState().payload).toBeNull();
  });

  it('login stores the token, loads the profile and keeps the user locally', async () => {
    const user = buildTestUser();
    const calls = mockApi({ 'GET /api/account/info': user });
    await expect(useAuthStore.getState().login('fresh-token')).resolves.toEqual(user);
    expect(calls[0]?.headers.get('auth-token')).toBe('fresh-token');
    expect(localStorage.getItem('accessToken')).toBe('fresh-token');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(useAuthStore.getState()).toMatchObject({ initialised: true, authenticated: true, user });
  });

  it('login that cannot load the profile forgets the token and rethrows', async () => {
    mockApi({ 'GET /api/account/info': { status: 500, body: { message: 'x', request_id: 'r' } } });
    await expect(useAuthStore.getState().login('t')).rejects.toThrow();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(useAuthStore.getState().authenticated).toBe(false);
  });

  it("logout calls auth/signout, clears the token and stored user, and says 'Logged out successfully.'", async () => {
    localStorage.setItem('accessToken', 'tok');
    localStorage.setItem('user', JSON.stringify(buildTestUser()));
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser() });
    const calls = mockApi({ 'GET /api/auth/signout': { message: 'Logged out successfully.' } });
    await useAuthStore.getState().logout();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/signout']);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
    expect(toasts()).toEqual(['Logged out successfully.']);
  });

  it('logout keeps the user signed in and says so when the server fails or cannot be reached', async () => {
    localStorage.setItem('accessToken', 'tok');
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser() });
    mockApi({ 'GET /api/auth/signout': failure(500, { message: 'Internal Server Error' }) });
    expect(await useAuthStore.getState().logout()).toBe(false);
    expect(localStorage.getItem('accessToken')).toBe('tok');
    expect(useAuthStore.getState().authenticated).toBe(true);
    expect(toasts()).toEqual([MESSAGES.logoutFailed]);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await useAuthStore.getState().logout(MESSAGES.logoutErrorToast)).toBe(false);
    expect(useAuthStore.getState().authenticated).toBe(true);
    expect(toasts()).toContain(MESSAGES.logoutErrorToast);
    expect(toasts()).not.toContain('Logged out successfully.');
    // The toast informs; the failure does not also raise the error dialog.
    expect(useErrorDialogStore.getState().payload).toBeNull();
  });

  it('logout counts a 401 (the server has no such session any more) as signed out', async () => {
    localStorage.setItem('accessToken', 'tok');
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser() });
    mockApi({ 'GET /api/auth/signout': failure(401, { message: 'Authentication required' }) });
    expect(await useAuthStore.getState().logout()).toBe(true);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(useAuthStore.getState().authenticated).toBe(false);
    expect(toasts()).toEqual(['Logged out successfully.']);
  });

  it('a failed profile load at startup keeps the token and offers Try Again; a 401 signs out', async () => {
    localStorage.setItem('accessToken', 'tok');
    let answer: unknown = failure(503, { message: 'Service Unavailable' });
    mockApi({ 'GET /api/account/info': () => answer });
    await useAuthStore.getState().initialise();
    expect(useAuthStore.getState()).toMatchObject({ initialised: false, authenticated: false, profileLoadFailed: true });
    expect(localStorage.getItem('accessToken')).toBe('tok');

    answer = buildTestUser();
    await useAuthStore.getState().retryProfile();
    expect(useAuthStore.getState()).toMatchObject({ initialised: true, authenticated: true, profileLoadFailed: false });

    resetStores();
    localStorage.setItem('accessToken', 'tok');
    answer = failure(401, { message: 'Authentication required' });
    await useAuthStore.getState().initialise();
    expect(useAuthStore.getState()).toMatchObject({ initialised: true, authenticated: false, profileLoadFailed: false });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('setUser updates the store and the stored copy', () => {
    const user = buildTestUser({ firstname: 'Zainab' });
    useAuthStore.getState().setUser(user);
    expect(useAuthStore.getState().user?.firstname).toBe('Zainab');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null').firstname).toBe('Zainab');
  });
});
