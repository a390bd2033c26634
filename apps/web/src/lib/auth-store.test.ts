import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../components/ui/toast';
import { buildTestUser } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
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

  it('logout still signs out locally when the server call fails', async () => {
    localStorage.setItem('accessToken', 'tok');
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await useAuthStore.getState().logout();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(useAuthStore.getState().authenticated).toBe(false);
    expect(toasts()).toContain('Logged out successfully.');
  });

  it('setUser updates the store and the stored copy', () => {
    const user = buildTestUser({ firstname: 'Zainab' });
    useAuthStore.getState().setUser(user);
    expect(useAuthStore.getState().user?.firstname).toBe('Zainab');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null').firstname).toBe('Zainab');
  });
});
