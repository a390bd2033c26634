import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_CODES } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { appConfigQueryKey } from '../../lib/app-config';
import { buildAppConfig, buildTestUser } from '../../test/fixtures';
import { failure, mockApi } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';
import { resetStores } from '../../test/reset-stores';
import { LoginSsoPage } from './login-sso-page';
import { MicrosoftCallbackPage } from './microsoft-callback-page';
import { RegisterForumPage } from './register-forum-page';
import { keepForumRequest } from './forum-request';

const originalLogin = useAuthStore.getState().login;
const storeLogin = vi.fn(async (_token: string) => buildTestUser());
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetStores();
  sessionStorage.clear();
  localStorage.clear();
  storeLogin.mockClear();
  useAuthStore.setState({ initialised: true, authenticated: false, user: null, login: storeLogin });
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState({ login: originalLogin });
});

const withConfig = (overrides: Parameters<typeof buildAppConfig>[0] = {}) => [[appConfigQueryKey, buildAppConfig(overrides)] as const];

describe('LoginSsoPage (/auth/login-sso)', () => {
  it('says single sign-on is not configured, and offers the password instead', () => {
    const calls = mockApi({});
    renderRoute(<LoginSsoPage />, { path: '/auth/login-sso', queryData: withConfig() });
    expect(screen.getByText('Single sign-on for your organisation is not configured on this server.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(calls).toEqual([]);
  });

  it('starts the sign-in with where to return, keeps the flow for this tab and goes to Microsoft', async () => {
    const calls = mockApi({
      'POST /api/auth/microsoft/start': { authorization_url: 'https://login.microsoftonline.com/authorize?x=1', flow: 'flow-secret-123' },
    });
    renderRoute(<LoginSsoPage />, {
      path: '/auth/login-sso',
      url: '/auth/login-sso?redirect=%2Fwiki',
      queryData: withConfig({ microsoft_sso_enabled: true }),
    });
    expect(screen.getByText('Taking you to Microsoft to sign in…')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.microsoftonline.com/authorize?x=1'));
    expect(calls.map((call) => call.body)).toEqual([{ redirect: '/wiki' }]);
    expect(sessionStorage.getItem('verity.microsoftFlow')).toBe('flow-secret-123');
  });

  it('when Microsoft cannot be reached, says so and tries again on request', async () => {
    let attempts = 0;
    mockApi({
      'POST /api/auth/microsoft/start': () => {
        attempts += 1;
        return failure(503, {
          error_code: ERROR_CODES.serviceUnavailable.code,
          error_title: ERROR_CODES.serviceUnavailable.title,
          message: 'Microsoft sign-in is not reachable at the moment. Please try again shortly.',
        });
      },
    });
    renderRoute(<LoginSsoPage />, { path: '/auth/login-sso', queryData: withConfig({ microsoft_sso_enabled: true }) });
    expect((await screen.findByRole('alert')).textContent).toContain('Microsoft sign-in is not reachable at the moment.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(attempts).toBe(2));
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('MicrosoftCallbackPage (/microsoft-auth-callback)', () => {
  const CALLBACK = '/microsoft-auth-callback?code=abc&state=xyz';

  it('finishes with this tab’s flow and the callback’s query, signs in and goes where the person was heading', async () => {
    sessionStorage.setItem('verity.microsoftFlow', 'flow-secret-123');
    const calls = mockApi({ 'POST /api/auth/microsoft/finish': { auth_token: 'token-9', message: 'Login successful', redirect: '/chat' } });
    renderRoute(<MicrosoftCallbackPage />, { path: '/microsoft-auth-callback', url: CALLBACK });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat'));
    expect(calls.map((call) => call.body)).toEqual([{ flow: 'flow-secret-123', callback: '?code=abc&state=xyz' }]);
    expect(storeLogin).toHaveBeenCalledWith('token-9');
    // The flow works once.
    expect(sessionStorage.getItem('verity.microsoftFlow')).toBeNull();
  });

  it('returns to the forum’s hand-off when the sign-in began there', async () => {
    sessionStorage.setItem('verity.microsoftFlow', 'flow-secret-123');
    keepForumRequest({ sso: 'abc=\n', sig: 'def' });
    mockApi({ 'POST /api/auth/microsoft/finish': { auth_token: 'token-9', message: 'Login successful', redirect: null } });
    renderRoute(<MicrosoftCallbackPage />, { path: '/microsoft-auth-callback', url: CALLBACK });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/login?sso=abc%3D%0A&sig=def'));
  });

  it('a callback this tab did not start is refused without asking the server', async () => {
    const calls = mockApi({});
    renderRoute(<MicrosoftCallbackPage />, { path: '/microsoft-auth-callback', url: CALLBACK });
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_CODES.ssoExpired.message);
    expect(calls).toEqual([]);
    expect(screen.getByRole('link', { name: 'Try again with Microsoft' }).getAttribute('href')).toBe('/auth/login-sso');
  });

  it('shows the server’s reason, such as an organisation not linked yet', async () => {
    sessionStorage.setItem('verity.microsoftFlow', 'flow-secret-123');
    mockApi({
      'POST /api/auth/microsoft/finish': failure(403, {
        error_code: ERROR_CODES.ssoTenantUnknown.code,
        error_title: ERROR_CODES.ssoTenantUnknown.title,
        message: ERROR_CODES.ssoTenantUnknown.message,
      }),
    });
    renderRoute(<MicrosoftCallbackPage />, { path: '/microsoft-auth-callback', url: CALLBACK });
    expect((await screen.findByRole('alert')).textContent).toContain('Ask your Verity administrator');
    expect(storeLogin).not.toHaveBeenCalled();
  });
});

describe('RegisterForumPage (/auth/register-forum)', () => {
  const FORUM = 'https://forum.example.org';

  async function fillIn(overrides: Record<string, string> = {}) {
    const values = {
      'First name': 'Tom',
      Surname: 'Reid',
      'Job title': 'Care Home Manager',
      Organisation: 'Larchfield Care Home',
      'Work e-mail address': 'Tom.Reid@larchfield.test',
      Password: 'amber-otter-lantern-29',
      'Confirm password': 'amber-otter-lantern-29',
      ...overrides,
    };
    const user = userEvent.setup();
    for (const [label, value] of Object.entries(values)) {
      if (value) await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
    }
    await user.click(screen.getByRole('button', { name: 'Create account and continue to the forum' }));
  }

  it('without a forum on the server, says so', () => {
    mockApi({});
    renderRoute(<RegisterForumPage />, { path: '/auth/register-forum', queryData: withConfig() });
    expect(screen.getByText('There is no community forum on this server.')).toBeTruthy();
  });

  it('creates the account, keeps its session and carries the forum’s request on to the forum', async () => {
    const calls = mockApi({
      'POST /api/auth/create_forum_user': { status: 201, body: { auth_token: 'token-5', message: 'Login successful', error: null } },
      'POST /api/auth/forum/connect': { redirect_url: `${FORUM}/session/sso_login?sso=s&sig=t` },
    });
    renderRoute(<RegisterForumPage />, {
      path: '/auth/register-forum',
      url: '/auth/register-forum?sso=abc&sig=def',
      queryData: withConfig({ forum_url: FORUM }),
    });
    await fillIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${FORUM}/session/sso_login?sso=s&sig=t`));
    const form = calls[0]?.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({
      first_name: 'Tom',
      last_name: 'Reid',
      job_title: 'Care Home Manager',
      organisation: 'Larchfield Care Home',
      email: 'tom.reid@larchfield.test',
      new_password: 'amber-otter-lantern-29',
    });
    expect(localStorage.getItem('accessToken')).toBe('token-5');
    expect(calls[1]?.body).toEqual({ sso: 'abc', sig: 'def' });
    expect(calls[1]?.headers.get('auth-token')).toBe('token-5');
  });

  it('opened on its own, sends the new account to the forum, which then asks Verity to sign in', async () => {
    mockApi({
      'POST /api/auth/create_forum_user': { status: 201, body: { auth_token: 'token-5', message: 'Login successful', error: null } },
    });
    renderRoute(<RegisterForumPage />, { path: '/auth/register-forum', queryData: withConfig({ forum_url: FORUM }) });
    await fillIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(FORUM));
  });

  it('checks the fields before sending, and puts a taken address on the e-mail field', async () => {
    const calls = mockApi({
      'POST /api/auth/create_forum_user': failure(409, {
        error_code: ERROR_CODES.emailTaken.code,
        error_title: ERROR_CODES.emailTaken.title,
        message: 'An account with this e-mail address already exists. Sign in with it to continue to the forum.',
      }),
    });
    renderRoute(<RegisterForumPage />, { path: '/auth/register-forum', queryData: withConfig({ forum_url: FORUM }) });
    await fillIn({ Organisation: '', 'Confirm password': 'something-else-entirely' });
    expect(screen.getByText('Organisation is required')).toBeTruthy();
    expect(screen.getByText(ERROR_CODES.passwordMismatch.message)).toBeTruthy();
    expect(calls).toEqual([]);
    cleanup();
    renderRoute(<RegisterForumPage />, { path: '/auth/register-forum', queryData: withConfig({ forum_url: FORUM }) });
    await fillIn();
    expect(await screen.findByText(/already exists\. Sign in with it/)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});
