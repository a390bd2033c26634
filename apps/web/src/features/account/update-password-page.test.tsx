import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_CODES, MESSAGES } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../components/ui/toast';
import { useAuthStore } from '../../lib/auth-store';
import { buildTestUser } from '../../test/fixtures';
import { failure, type MockHandler, mockApi, type RecordedCall } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';
import { UpdatePasswordPage } from './update-password-page';

function answerChange(answer: MockHandler | unknown): RecordedCall[] {
  return mockApi({ 'POST /api/account/change-password': answer });
}

async function submit(current: string, next: string, confirm = next) {
  const user = userEvent.setup();
  renderRoute(<UpdatePasswordPage />, { path: '/profile/update-password' });
  await user.type(screen.getByLabelText(/^Current password/), current);
  await user.type(screen.getByLabelText(/^New password/), next);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('UpdatePasswordPage', () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser() });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('changes the password, says other devices were signed out and clears the form', async () => {
    const calls = answerChange({ message: 'Password changed' });
    await submit('my old passphrase', 'my new passphrase!');

    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Password changed. Other devices have been signed out.'),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/account/change-password',
      body: { old_password: 'my old passphrase', new_password: 'my new passphrase!' },
    });
    for (const label of [/^Current password/, /^New password/, /^Confirm new password/]) {
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
    }
  });

  it('shows a wrong current password on that field', async () => {
    answerChange(
      failure(400, { error_code: 4006, error_title: ERROR_CODES.wrongPassword.title, message: ERROR_CODES.wrongPassword.message }),
    );
    await submit('not my password', 'my new passphrase!');

    expect(await screen.findByText(ERROR_CODES.wrongPassword.message)).toBeTruthy();
    expect(screen.getByLabelText(/^Current password/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the specified message when the change fails for another reason', async () => {
    answerChange(failure(500, { message: 'Internal Server Error' }));
    await submit('my old passphrase', 'my new passphrase!');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.changePasswordFailed);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('checks length and confirmation before calling the server', async () => {
    const calls = answerChange({ message: 'Password changed' });
    await submit('my old passphrase', 'too short', 'different');
    expect(screen.getByText('Password must be at least 12 characters')).toBeTruthy();
    expect(screen.getByText(ERROR_CODES.passwordMismatch.message)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
