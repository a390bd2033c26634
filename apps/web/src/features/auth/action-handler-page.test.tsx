import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_CODES, MESSAGES } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { failure, mockApi } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';
import { resetStores } from '../../test/reset-stores';
import { ActionHandlerPage } from './action-handler-page';

const PATH = '/auth/action-handler';

function renderAt(search: string, strict = false) {
  return renderRoute(<ActionHandlerPage />, { path: PATH, url: `${PATH}${search}`, strict });
}

const invalidCode = failure(400, {
  error_code: ERROR_CODES.invalidActionCode.code,
  error_title: ERROR_CODES.invalidActionCode.title,
  message: ERROR_CODES.invalidActionCode.message,
});

const LINK_OK = { 'POST /api/auth/check-reset-code': { message: 'The link is valid. Choose a new password.' } };

describe('ActionHandlerPage', () => {
  beforeEach(() => {
    resetStores();
    useAuthStore.setState({ initialised: true, authenticated: false, user: null });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  describe('verifyEmail', () => {
    it('verifies the code exactly once under StrictMode and shows success', async () => {
      const calls = mockApi({ 'POST /api/auth/verify-email': { message: 'E-mail verified' } });
      renderAt('?mode=verifyEmail&oobCode=code-abc', true);

      expect(screen.getByText('Verifying your e-mail address…')).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'E-mail verified' })).toBeTruthy();
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/verify-email', body: { oobCode: 'code-abc' } });
      expect(screen.getByRole('link', { name: 'Continue to sign in' }).getAttribute('href')).toBe('/auth/login');
    });

    it("shows the server's message for a used or expired code, with a way to sign in", async () => {
      const calls = mockApi({ 'POST /api/auth/verify-email': invalidCode });
      renderAt('?mode=verifyEmail&oobCode=used', true);

      expect(await screen.findByText(ERROR_CODES.invalidActionCode.message)).toBeTruthy();
      expect(calls).toHaveLength(1);
      expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/auth/login');
    });

    it('falls back to the specified message when the server gives no explanation', async () => {
      mockApi({ 'POST /api/auth/verify-email': failure(500, { message: 'Internal Server Error' }) });
      renderAt('?mode=verifyEmail&oobCode=abc');
      expect(await screen.findByText(MESSAGES.verifyEmailFailed)).toBeTruthy();
    });
  });

  describe('resetPassword', () => {
    it('checks the link first: a bogus one shows its error and never the new-password form', async () => {
      const calls = mockApi({ 'POST /api/auth/check-reset-code': invalidCode });
      renderAt('?mode=resetPassword&oobCode=bogus');

      expect(screen.getByText('Checking your reset link…')).toBeTruthy();
      expect(screen.queryByLabelText(/^New password/)).toBeNull();
      expect(await screen.findByRole('heading', { name: MESSAGES.resetPasswordFailed })).toBeTruthy();
      expect(screen.getByText(ERROR_CODES.invalidActionCode.message)).toBeTruthy();
      expect(screen.queryByLabelText(/^New password/)).toBeNull();
      expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth/forgot-password');
      expect(calls.map((call) => [call.path, call.body])).toEqual([['/api/auth/check-reset-code', { oobCode: 'bogus' }]]);
    });

    it('checks the new password, sends it with the code and confirms the update', async () => {
      const user = userEvent.setup();
      const calls = mockApi({ ...LINK_OK, 'POST /api/auth/reset-password': { message: 'Password updated' } });
      renderAt('?mode=resetPassword&oobCode=reset-1');

      await user.type(await screen.findByLabelText(/^New password/), 'short');
      await user.type(screen.getByLabelText(/^Confirm new password/), 'other');
      await user.click(screen.getByRole('button', { name: 'Update password' }));
      expect(screen.getByText('Password must be at least 12 characters')).toBeTruthy();
      expect(screen.getByText(ERROR_CODES.passwordMismatch.message)).toBeTruthy();
      expect(calls).toHaveLength(1);

      await user.clear(screen.getByLabelText(/^New password/));
      await user.clear(screen.getByLabelText(/^Confirm new password/));
      await user.type(screen.getByLabelText(/^New password/), 'a brand new passphrase');
      await user.type(screen.getByLabelText(/^Confirm new password/), 'a brand new passphrase');
      await user.click(screen.getByRole('button', { name: 'Update password' }));

      expect(await screen.findByRole('heading', { name: 'Password updated' })).toBeTruthy();
      expect(calls).toHaveLength(2);
      expect(calls[1]).toMatchObject({
        method: 'POST',
        path: '/api/auth/reset-password',
        body: { oobCode: 'reset-1', newPassword: 'a brand new passphrase' },
      });
      expect(screen.getByRole('link', { name: 'Continue to sign in' }).getAttribute('href')).toBe('/auth/login');
    });

    it('offers a new link when the code is no longer valid', async () => {
      const user = userEvent.setup();
      mockApi({ ...LINK_OK, 'POST /api/auth/reset-password': invalidCode });
      renderAt('?mode=resetPassword&oobCode=old');

      await user.type(await screen.findByLabelText(/^New password/), 'a brand new passphrase');
      await user.type(screen.getByLabelText(/^Confirm new password/), 'a brand new passphrase');
      await user.click(screen.getByRole('button', { name: 'Update password' }));

      expect(await screen.findByRole('heading', { name: MESSAGES.resetPasswordFailed })).toBeTruthy();
      expect(screen.getByText(ERROR_CODES.invalidActionCode.message)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth/forgot-password');
    });

    it('keeps the form and shows the specified message on a server failure', async () => {
      const user = userEvent.setup();
      mockApi({ ...LINK_OK, 'POST /api/auth/reset-password': failure(500, { message: 'Internal Server Error' }) });
      renderAt('?mode=resetPassword&oobCode=abc');

      await user.type(await screen.findByLabelText(/^New password/), 'a brand new passphrase');
      await user.type(screen.getByLabelText(/^Confirm new password/), 'a brand new passphrase');
      await user.click(screen.getByRole('button', { name: 'Update password' }));

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(MESSAGES.resetPasswordFailed);
      expect(screen.getByRole('link', { name: 'request a new one' }).getAttribute('href')).toBe('/auth/forgot-password');
      expect(screen.getByRole('button', { name: 'Update password' })).toBeTruthy();
    });
  });

  it.each([
    ['no mode', '?oobCode=abc'],
    ['no code', '?mode=verifyEmail'],
    ['an unknown mode', '?mode=recoverEmail&oobCode=abc'],
    ['nothing at all', ''],
  ])('says the link is not valid when it has %s', (_label, search) => {
    const calls = mockApi({});
    renderAt(search);
    expect(screen.getByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
