import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AppConfig, ERROR_CODES, MESSAGES } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { buildAppConfig, buildTestUser } from '../../test/fixtures';
import { failure, type MockHandler, mockApi, type RecordedCall } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';
import { resetStores } from '../../test/reset-stores';
import { LoginPage } from './login-page';

const originalLogin = useAuthStore.getState().login;

/** The store's own login (token storage, profile fetch) is the shell's; here it only records the token. */
const storeLogin = vi.fn(async (_token: string) => {
  const user = buildTestUser();
  useAuthStore.setState({ authenticated: true, user });
  return user;
});

/** The server's answer to the sign-in; every call made is recorded. */
function answerLogin(answer: MockHandler | unknown, config: Partial<AppConfig> = {}): RecordedCall[] {
  return mockApi({ 'GET /api/app-config': buildAppConfig(config), 'POST /api/auth/login': answer });
}

/** The calls that change something (the page also reads the public configuration). */
const sent = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`);

function succeedLogin(): RecordedCall[] {
  return answerLogin({ auth_token: 'token-123', message: 'Logged in', error: null });
}

async function signIn(url: string, password = 'correct horse battery') {
  renderRoute(<LoginPage />, { path: '/auth/login', url });
  await signInHere(password);
}

async function signInHere(password = 'correct horse battery') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/e-mail address/i), 'Priya.Shah@example.nhs.uk');
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    resetStores();
    storeLogin.mockClear();
    useAuthStore.setState({ initialised: true, authenticated: false, user: null, login: storeLogin });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useAuthStore.setState({ login: originalLogin });
  });

  it('signs in with multipart form data and goes to the redirect path', async () => {
    const calls = succeedLogin();
    await signIn(`/auth/login?redirect=${encodeURIComponent('/wiki?category=Guidance')}`);

    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/wiki?category=Guidance');
    expect(sent(calls)).toEqual(['POST /api/auth/login']);
    const form = calls.find((call) => call.path === '/api/auth/login')?.body as FormData | undefined;
    expect(form).toBeInstanceOf(FormData);
    expect(form?.get('email')).toBe('priya.shah@example.nhs.uk');
    expect(form?.get('password')).toBe('correct horse battery');
    expect(storeLogin).toHaveBeenCalledWith('token-123');
  });

  it.each([
    ['a protocol-relative URL', '//evil.com/phish'],
    ['an absolute URL', 'https://evil.com/phish'],
    ['a backslash trick', '/\\evil.com'],
    ['a javascript: URL', 'javascript:alert(1)'],
  ])('ignores %s in redirect and goes home', async (_label, redirect) => {
    succeedLogin();
    await signIn(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/home');
  });

  it('goes home when there is no redirect', async () => {
    succeedLogin();
    await signIn('/auth/login');
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/home');
  });

  it("shows the server's message for wrong credentials and stays signed out", async () => {
    answerLogin(
      failure(401, {
        error_code: 4001,
        error_title: ERROR_CODES.invalidCredentials.title,
        message: ERROR_CODES.invalidCredentials.message,
      }),
    );
    await signIn('/auth/login', 'wrong password!');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ERROR_CODES.invalidCredentials.message);
    expect(screen.queryByTestId('location')).toBeNull();
    expect(storeLogin).not.toHaveBeenCalled();
  });

  it('adds how long to wait to the rate-limit sentence, from Retry-After', async () => {
    const tooMany = "You've made too many requests. Please wait a moment before trying again.";
    answerLogin(failure(429, { message: tooMany }, { 'Retry-After': '150' }));
    await signIn('/auth/login');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`${tooMany} Try again in 3 minutes.`);
    expect(storeLogin).not.toHaveBeenCalled();
  });

  it('explains that a new verification e-mail was sent when the address is not verified', async () => {
    answerLogin(
      failure(403, { error_code: 4002, error_title: ERROR_CODES.emailNotVerified.title, message: ERROR_CODES.emailNotVerified.message }),
    );
    await signIn('/auth/login');

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(ERROR_CODES.emailNotVerified.title);
    expect(status.textContent).toContain('We have sent you a new verification link.');
  });

  it('falls back to the generic message when the server is unreachable', async () => {
    answerLogin(failure(500, { message: 'Internal Server Error' }));
    await signIn('/auth/login');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.loginFailed);
  });

  it('checks the fields before calling the server', async () => {
    const calls = mockApi({});
    const user = userEvent.setup();
    renderRoute(<LoginPage />, { path: '/auth/login' });
    await user.type(screen.getByLabelText(/e-mail address/i), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(sent(calls)).toHaveLength(0);
  });

  it('mentions the community forum only when both sso and sig are present', async () => {
    renderRoute(<LoginPage />, { path: '/auth/login', url: '/auth/login?sso=abc&sig=def' });
    expect(screen.getByText('Sign in to continue to the community forum.')).toBeTruthy();
    cleanup();
    renderRoute(<LoginPage />, { path: '/auth/login', url: '/auth/login?sso=abc' });
    expect(screen.queryByText(/community forum/)).toBeNull();
  });

  it('offers Microsoft sign-in only when the server has it, keeping where the person was heading', async () => {
    mockApi({ 'GET /api/app-config': buildAppConfig({ microsoft_sso_enabled: true }) });
    const user = userEvent.setup();
    renderRoute(<LoginPage />, { path: '/auth/login', url: '/auth/login?redirect=%2Fwiki' });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Microsoft' }));
    expect(screen.getByTestId('location').textContent).toBe('/auth/login-sso?redirect=%2Fwiki');
    cleanup();
    mockApi({ 'GET /api/app-config': buildAppConfig({ microsoft_sso_enabled: false }) });
    renderRoute(<LoginPage />, { path: '/auth/login' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Sign in with Microsoft' })).toBeNull();
  });

  it('for the forum: offers a forum account, and once signed in hands the request to the server and goes to the forum', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const handlers = mockApi({
      'GET /api/app-config': buildAppConfig({ forum_url: 'https://forum.example.org' }),
      'POST /api/auth/login': { auth_token: 'token-123', message: 'Logged in', error: null },
      'POST /api/auth/forum/connect': { redirect_url: 'https://forum.example.org/session/sso_login?sso=x&sig=y' },
    });
    renderRoute(<LoginPage />, { path: '/auth/login', url: '/auth/login?sso=abc%3D%0A&sig=def' });
    expect(screen.getByRole('link', { name: 'Create a forum account' }).getAttribute('href')).toBe(
      '/auth/register-forum?sso=abc%3D%0A&sig=def',
    );
    await signInHere();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://forum.example.org/session/sso_login?sso=x&sig=y'));
    const connect = handlers.find((call) => call.path === '/api/auth/forum/connect');
    // The payload goes back exactly as the forum sent it: its signature covers every character.
    expect(connect?.body).toEqual({ sso: 'abc=\n', sig: 'def' });
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('for the forum, a refused request stops with SPEC’s message and a way back', async () => {
    useAuthStore.setState({ authenticated: true, user: buildTestUser() });
    mockApi({
      'GET /api/app-config': buildAppConfig({ forum_url: 'https://forum.example.org' }),
      'POST /api/auth/forum/connect': failure(400, {
        error_code: ERROR_CODES.forumSignOnRefused.code,
        error_title: ERROR_CODES.forumSignOnRefused.title,
        message: ERROR_CODES.forumSignOnRefused.message,
      }),
    });
    renderRoute(<LoginPage />, { path: '/auth/login', url: '/auth/login?sso=abc&sig=bad' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Login failed. Please try again.');
    expect(screen.getByRole('link', { name: 'Back to the forum' }).getAttribute('href')).toBe('https://forum.example.org');
  });

  it('links to password reset and registration', () => {
    renderRoute(<LoginPage />, { path: '/auth/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/auth/register');
  });
});

describe('LoginPage while the profile loads', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useAuthStore.setState({ login: originalLogin });
  });

  it('stays busy until the session is stored, then leaves for the redirect path', async () => {
    let releaseProfile: () => void = () => {};
    answerLogin({ auth_token: 't', message: '', error: null });
    useAuthStore.setState({
      initialised: true,
      authenticated: false,
      login: () =>
        new Promise((resolve) => {
          releaseProfile = () => resolve(buildTestUser());
        }),
    });
    await signIn('/auth/login?redirect=%2Fchat');
    // The form's checks are loaded on the first submit, so the request may start a moment later.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-busy')).toBe('true'));
    releaseProfile();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat'));
  });
});
