import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { failure, type MockHandler, mockApi, type RecordedCall } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';
import { resetStores } from '../../test/reset-stores';
import { RegisterPage } from './register-page';

const JOINING = { domain: 'example.nhs.uk', match: 'organisation', organisation_name: 'Example NHS Trust' };
const UNCLAIMED = { domain: 'example.nhs.uk', match: 'none', organisation_name: null };

/** The sign-up's answer; the address's domain is one an organisation verified unless said. */
function answerSignup(answer: MockHandler | unknown, domain: unknown = JOINING): RecordedCall[] {
  return mockApi({ 'POST /api/auth/signup': answer, 'GET /api/join/domain': domain });
}

const signups = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/auth/signup');

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
    resetStores();
    useAuthStore.setState({ initialised: true, authenticated: false, user: null });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('tells an invited person, before they fill anything in, to use their invitation link instead', () => {
    mockApi({});
    renderRoute(<RegisterPage />, { path: '/auth/register' });
    expect(screen.getByText(/Invited by your organisation's champion\? Open the link in your invitation e-mail instead/)).toBeTruthy();
  });

  it('blocks a password shorter than 12 characters without calling the server', async () => {
    const calls = answerSignup({ message: 'Account created' });
    await fillForm({ Password: 'short', 'Confirm password': 'short' });
    expect(await screen.findByText('Password must be at least 12 characters')).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Password/)));
    expect(calls).toHaveLength(0);
  });

  it('blocks mismatched passwords without calling the server', async () => {
    const calls = answerSignup({ message: 'Account created' });
    await fillForm({ 'Confirm password': 'a different passphrase' });
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(screen.getByLabelText(/^Confirm password/).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('flags an empty confirm-password field, with the rest of the form filled in or empty', async () => {
    const calls = answerSignup({ message: 'Account created' });
    await fillForm({ 'Confirm password': '' });
    expect(await screen.findByText('Confirm your password')).toBeTruthy();
    expect(screen.getByLabelText(/^Confirm password/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Confirm password/)));
    cleanup();

    await fillForm({ 'First name': '', Surname: '', 'Job title': '', 'Work e-mail address': '', Password: '', 'Confirm password': '' });
    expect(await screen.findByText('Confirm your password')).toBeTruthy();
    expect(screen.getByLabelText(/^Confirm password/).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it("shows a 422's detail message on the field it names", async () => {
    answerSignup(
      failure(422, {
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
    const calls = answerSignup({ message: 'Account created' });
    await fillForm();

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText('priya.shah@example.nhs.uk')).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/join/domain', 'POST /api/auth/signup']);
    expect(calls[0]?.query.get('email')).toBe('priya.shah@example.nhs.uk');
    const form = calls[1]?.body as FormData | undefined;
    expect(form).toBeInstanceOf(FormData);
    expect(form?.get('first_name')).toBe('Priya');
    expect(form?.get('surname')).toBe('Shah');
    expect(form?.get('job_title')).toBe('Estates Manager');
    expect(form?.get('email')).toBe('priya.shah@example.nhs.uk');
    expect(form?.get('password')).toBe('a long enough passphrase');
    expect(form?.get('confirm_password')).toBe('a long enough passphrase');
    expect(useAuthStore.getState().authenticated).toBe(false);
    // The organisation that verified the domain is named: the account joins it once a champion approves.
    expect(screen.getByText('Example NHS Trust')).toBeTruthy();
  });

  it('for a domain no organisation verified, offers the choice before creating anything', async () => {
    const calls = answerSignup({ message: 'Account created' }, UNCLAIMED);
    await fillForm();
    expect(await screen.findByRole('heading', { name: 'How will you use Verity?' })).toBeTruthy();
    expect(signups(calls)).toHaveLength(0);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Start a new organisation' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(signups(calls)).toHaveLength(1);
  });

  it('asking the champion for an invitation explains how, and creates nothing', async () => {
    const calls = answerSignup({ message: 'Account created' }, { domain: 'gmail.com', match: 'shared', organisation_name: null });
    await fillForm({ 'Work e-mail address': 'priya@gmail.com' });
    expect(await screen.findByText(/shared by many people/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ask my champion for an invitation' }));
    expect(await screen.findByRole('heading', { name: 'Ask your champion for an invitation' })).toBeTruthy();
    expect(screen.getByText('priya@gmail.com')).toBeTruthy();
    expect(signups(calls)).toHaveLength(0);
  });

  it('shows a form-level message when the server fails', async () => {
    answerSignup(failure(503, { message: 'Service Unavailable' }));
    await fillForm();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not create your account. Please try again.');
  });
});
