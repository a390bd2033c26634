import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';
import { resetStores } from '../../test/reset-stores';
import { ForgotPasswordPage } from './forgot-password-page';

async function submit(email: string) {
  const user = userEvent.setup();
  renderRoute(<ForgotPasswordPage />, { path: '/auth/forgot-password' });
  await user.type(screen.getByLabelText(/^E-mail address/), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('ForgotPasswordPage', () => {
  beforeEach(() => {
    resetStores();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the e-mail as multipart form data and shows the same confirmation whatever the answer', async () => {
    const calls = mockApi({ 'POST /api/auth/reset_password': { message: 'If an account exists, we have sent a link.' } });
    await submit('Priya.Shah@example.nhs.uk');

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText('priya.shah@example.nhs.uk')).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/auth/reset_password']);
    const form = calls[0]?.body as FormData | undefined;
    expect(form).toBeInstanceOf(FormData);
    expect(form?.get('email')).toBe('priya.shah@example.nhs.uk');
  });

  it('shows the specified message when sending fails', async () => {
    mockApi({ 'POST /api/auth/reset_password': failure(500, { message: 'Internal Server Error' }) });
    await submit('priya.shah@example.nhs.uk');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.resetEmailFailed);
  });

  it('on a 429 shows the rate-limit message and how long to wait, not the generic failure', async () => {
    mockApi({
      'POST /api/auth/reset_password': failure(
        429,
        { message: "You've made too many requests. Please wait a moment before trying again." },
        { 'Retry-After': '120' },
      ),
    });
    await submit('priya.shah@example.nhs.uk');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("You've made too many requests. Please wait a moment before trying again. Try again in 2 minutes.");
    expect(alert.textContent).not.toContain(MESSAGES.resetEmailFailed);
  });

  it('asks for a valid address before calling the server', async () => {
    const calls = mockApi({});
    await submit('priya');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
