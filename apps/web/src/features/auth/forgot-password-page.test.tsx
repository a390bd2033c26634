import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { apiError } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { ForgotPasswordPage } from './forgot-password-page';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);

async function submit(email: string) {
  const user = userEvent.setup();
  renderRoute(<ForgotPasswordPage />, { path: '/auth/forgot-password' });
  await user.type(screen.getByLabelText(/^E-mail address/), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('ForgotPasswordPage', () => {
  beforeEach(() => {
    request.mockReset();
  });
  afterEach(cleanup);

  it('sends the e-mail as multipart form data and shows the same confirmation whatever the answer', async () => {
    request.mockResolvedValue({ message: 'If an account exists, we have sent a link.' });
    await submit('Priya.Shah@example.nhs.uk');

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText('priya.shah@example.nhs.uk')).toBeTruthy();
    const [path, options] = request.mock.calls[0] ?? [];
    expect(path).toBe('auth/reset_password');
    expect(options?.form?.get('email')).toBe('priya.shah@example.nhs.uk');
  });

  it('shows the specified message when sending fails', async () => {
    request.mockRejectedValue(apiError(500, { message: 'Internal Server Error' }));
    await submit('priya.shah@example.nhs.uk');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.resetEmailFailed);
  });

  it('asks for a valid address before calling the server', async () => {
    await submit('priya');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });
});
