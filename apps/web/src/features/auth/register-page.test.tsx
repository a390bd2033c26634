import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { useAuthStore } from '../../lib/auth-store';
import { apiError } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { RegisterPage } from './register-page';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);

async function fillForm(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'First name': 'Priya',
    Surname: 'Shah',
    'Job title': 'Estates Manager',
    'Work e-mail address': 'priya.shah@example.nhs.uk',
    Password: 'a long enough passphrase',
    'Confirm password': 'a long enough passphrase',
    ...overrides,
  };
  const user = userEvent.setup();
  renderRoute(<RegisterPage />, { path: '/auth/register' });
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
  }
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('RegisterPage', () => {
  beforeEach(() => {
    request.mockReset();
    useAuthStore.setState({ initialised: true, authenticated: false, user: null });
  });
  afterEach(cleanup);

  it('blocks a password shorter than 12 characters without calling the server', async () => {
    await fillForm({ Password: 'short', 'Confirm password': 'short' });
    expect(await screen.findByText('Password must be at least 12 characters')).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Password/)));
    expect(request).not.toHaveBeenCalled();
  });

  it('blocks mismatched passwords without calling the server', async () => {
    await fillForm({ 'Confirm password': 'a different passphrase' });
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(screen.getByLabelText(/^Confirm password/).getAttribute('aria-invalid')).toBe('true');
    expect(request).not.toHaveBeenCalled();
  });

  it("shows a 422's detail message on the field it names", async () => {
    request.mockRejectedValue(
      apiError(422, {
        message: 'Validation failed',
        detail: [{ loc: ['body', 'password'], msg: 'This password is too common. Please choose another.' }],
      }),
    );
    await fillForm();
    expect(await screen.findByText('This password is too common. Please choose another.')).toBeTruthy();
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends every field as multipart form data and shows the check-your-e-mail state, still signed out', async () => {
    request.mockResolvedValue({ message: 'Account created' });
    await fillForm();

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText('priya.shah@example.nhs.uk')).toBeTruthy();
    const [path, options] = request.mock.calls[0] ?? [];
    expect(path).toBe('auth/signup');
    const form = options?.form;
    expect(form?.get('first_name')).toBe('Priya');
    expect(form?.get('surname')).toBe('Shah');
    expect(form?.get('job_title')).toBe('Estates Manager');
    expect(form?.get('email')).toBe('priya.shah@example.nhs.uk');
    expect(form?.get('password')).toBe('a long enough passphrase');
    expect(form?.get('confirm_password')).toBe('a long enough passphrase');
    expect(useAuthStore.getState().authenticated).toBe(false);
  });

  it('shows a form-level message when the server fails', async () => {
    request.mockRejectedValue(apiError(503, { message: 'Service Unavailable' }));
    await fillForm();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not create your account. Please try again.');
  });
});
