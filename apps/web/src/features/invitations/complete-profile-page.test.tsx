import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type VerifiedInvitation } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { buildTestUser } from '../../test/fixtures';
import { failure, mockApi } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';
import { resetStores } from '../../test/reset-stores';
import { CompleteProfilePage } from './complete-profile-page';
import { offersResend } from './resend-rule';

const PATH = '/auth/complete-profile';
const PASSWORD = 'lantern-orchard-quill-64';

const INVITATION: VerifiedInvitation = {
  user_id: 'user-1',
  email: 'sam.okafor@example.nhs.uk',
  first_name: 'Sam',
  last_name: 'Okafor',
  job_title: 'Ward Sister',
  organisation: 'Eastfield Hospitals',
  token: 'profile-token-1',
};

const originalLogin = useAuthStore.getState().login;
const storeLogin = vi.fn(async (_token: string) => {
  const user = buildTestUser();
  useAuthStore.setState({ authenticated: true, user });
  return user;
});

function renderAt(search: string, strict = false) {
  return renderRoute(<CompleteProfilePage />, { path: PATH, url: `${PATH}${search}`, strict });
}

const refused = (message: string) => failure(400, { message });

describe('offersResend', () => {
  it.each([
    ['This invitation has EXPIRED.', true],
    ['This invitation has already been used.', true],
    ['The link is Invalid.', true],
    ['Something went wrong on our end.', false],
  ])('%s → %s', (message, expected) => {
    expect(offersResend(message)).toBe(expected);
  });
});

describe('CompleteProfilePage', () => {
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

  it('verifies the link once, completes the profile with the bearer token and lands on /home signed in', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/auth/verify_invitation': INVITATION,
      'POST /api/auth/complete_profile': { auth_token: 'session-9', message: 'Login successful', error: null },
    });
    renderAt('?token=link-token', true);

    expect(screen.getByText('Checking your invitation…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeTruthy();
    expect(screen.getByLabelText(/^E-mail address/)).toHaveProperty('value', INVITATION.email);
    expect(screen.getByLabelText(/^Organisation/)).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText(/^First name/)).toHaveProperty('value', 'Sam');
    expect(screen.getByText(/at least 12 characters/i)).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Job title/));
    await user.type(screen.getByLabelText(/^Job title/), 'Matron');
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm password/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Complete profile and sign in' }));

    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/home');
    expect(storeLogin).toHaveBeenCalledWith('session-9');
    expect(calls.filter((call) => call.path === '/api/auth/verify_invitation')).toHaveLength(1);
    const completed = calls.find((call) => call.path === '/api/auth/complete_profile');
    expect(completed?.headers.get('authorization')).toBe('Bearer profile-token-1');
    expect(completed?.headers.has('auth-token')).toBe(false);
    const form = completed?.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({
      first_name: 'Sam',
      last_name: 'Okafor',
      job_title: 'Matron',
      new_password: PASSWORD,
      organisation: 'Eastfield Hospitals',
    });
  });

  it('checks the password like sign-up before sending anything', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'GET /api/auth/verify_invitation': INVITATION });
    renderAt('?token=link-token');
    await screen.findByRole('heading', { name: 'Complete your profile' });
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Complete profile and sign in' }));
    expect(await screen.findByText(/Password must be at least 12 characters/)).toBeTruthy();
    expect(screen.getByText('Confirm your password')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/complete_profile')).toBe(false);
  });

  it('shows the server’s refusal under the specified message and stays on the form', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/auth/verify_invitation': INVITATION,
      'POST /api/auth/complete_profile': failure(401, {
        message: 'A valid invitation token is required. Open the link from your invitation again.',
      }),
    });
    renderAt('?token=link-token');
    await screen.findByRole('heading', { name: 'Complete your profile' });
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm password/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Complete profile and sign in' }));
    expect(await screen.findByText(MESSAGES.completeProfileFailed)).toBeTruthy();
    expect(screen.getByText(/Open the link from your invitation again/)).toBeTruthy();
    expect(storeLogin).not.toHaveBeenCalled();
  });

  it('an expired link shows the resend form, which asks for a new link with the token', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/auth/verify_invitation': refused('This invitation has expired. You can ask for a new link.'),
      'POST /api/auth/renew_invitation': { message: 'A new invitation link has been sent to your e-mail address.' },
    });
    renderAt('?token=old-token');
    expect(await screen.findByRole('heading', { name: MESSAGES.verifyInvitationFailed })).toBeTruthy();
    expect(screen.getByText(/has expired/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText(/A new invitation link has been sent/)).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/renew_invitation')?.body).toEqual({ token: 'old-token' });
  });

  it('a failed resend says so in the specified words', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/auth/verify_invitation': refused('This invitation has expired. You can ask for a new link.'),
      'POST /api/auth/renew_invitation': refused('This invitation link is invalid.'),
    });
    renderAt('?token=old-token');
    await user.click(await screen.findByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByText(MESSAGES.resendInvitationFailed)).toBeTruthy();
  });

  it('a link opened again after the profile was completed says so and offers sign-in, not a new link', async () => {
    const calls = mockApi({
      'GET /api/auth/verify_invitation': refused('This invitation has already been used. Sign in with your e-mail address and password.'),
    });
    renderAt('?token=used-token');
    expect(await screen.findByRole('heading', { name: 'Invitation already used' })).toBeTruthy();
    expect(screen.getByText(/has already been used/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.getByRole('link', { name: 'Reset it' }).getAttribute('href')).toBe('/auth/forgot-password');
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).toBeNull();
    expect(screen.queryByRole('heading', { name: MESSAGES.verifyInvitationFailed })).toBeNull();
    expect(calls.filter((call) => call.path === '/api/auth/renew_invitation')).toHaveLength(0);
  });

  it('a failure that is not about the link shows the message without the resend form', async () => {
    mockApi({ 'GET /api/auth/verify_invitation': failure(500, { message: 'Internal Server Error' }) });
    renderAt('?token=any');
    expect(await screen.findByRole('heading', { name: MESSAGES.verifyInvitationFailed })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(MESSAGES.verifyInvitationFailed).length).toBeGreaterThan(1));
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).toBeNull();
  });

  it('a link without a token asks nothing of the server', async () => {
    const calls = mockApi({});
    renderAt('');
    expect(screen.getByText(/part of it is missing/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
