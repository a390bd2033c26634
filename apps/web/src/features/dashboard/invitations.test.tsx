import { MESSAGES } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../components/ui/toast';
import { buildTestUser } from '../../test/fixtures';
import { failure, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { buildPendingInvitation, defaultAnswer, setupDashboard } from './test-dashboard';

const champion = buildTestUser({ account_roles: ['standard', 'champion'] });
const LINK = 'http://localhost/auth/complete-profile?token=tok_abc123';

function invitePanel(): HTMLElement {
  return screen.getByRole('region', { name: 'Invite a colleague' });
}

async function open(handlers: Record<string, MockHandler | unknown>) {
  const setup = setupDashboard(defaultAnswer, handlers);
  const person = userEvent.setup();
  renderApp('/dashboard', { user: champion });
  await screen.findByRole('region', { name: 'Invite a colleague' });
  return { ...setup, person };
}

async function fillIn(person: UserEvent, email = '  Nia.Starter@Trust.Example ') {
  const panel = within(invitePanel());
  await person.type(panel.getByRole('textbox', { name: /E-mail address/ }), email);
  await person.type(panel.getByRole('textbox', { name: /First name/ }), 'Nia');
  await person.type(panel.getByRole('textbox', { name: /Last name/ }), 'Starter');
  await person.type(panel.getByRole('textbox', { name: /Job title/ }), 'Estates officer');
}

const sentBodies = (calls: { method: string; path: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body);

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/dashboard: inviting colleagues', () => {
  it('invites by e-mail with the address lower-cased, says so and asks for the pending list again', async () => {
    let pendingCalls = 0;
    const { calls, person } = await open({
      'POST /api/auth/champion_create_user': { status: 201, body: { user_id: 'usr_new', link: null } },
      'GET /api/dashboard/organisation/users/pending': () => {
        pendingCalls += 1;
        return { invitations: [] };
      },
    });
    await fillIn(person);
    await person.click(within(invitePanel()).getByRole('button', { name: 'Send invitation' }));
    expect((await within(invitePanel()).findByRole('status')).textContent).toBe('Invitation sent to nia.starter@trust.example.');
    expect(sentBodies(calls, '/api/auth/champion_create_user')).toEqual([
      { email: 'nia.starter@trust.example', first_name: 'Nia', last_name: 'Starter', job_title: 'Estates officer', role: 'standard' },
    ]);
    expect((within(invitePanel()).getByRole('textbox', { name: /E-mail address/ }) as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(pendingCalls).toBe(2));
  });

  it('says what is missing without sending anything', async () => {
    const { calls, person } = await open({});
    await person.type(within(invitePanel()).getByRole('textbox', { name: /E-mail address/ }), 'not-an-address');
    await person.click(within(invitePanel()).getByRole('button', { name: 'Send invitation' }));
    expect(within(invitePanel()).getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(within(invitePanel()).getByText('First name is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates a link to copy, and clears it when the next invitation starts', async () => {
    let answer: unknown = { status: 201, body: { user_id: 'usr_new', link: LINK } };
    const { calls, person } = await open({ 'POST /api/auth/champion_create_invitation_link': () => answer });
    // After userEvent.setup(), which puts its own clipboard in place.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await fillIn(person, 'Link.Person@Trust.Example');
    await person.click(within(invitePanel()).getByRole('button', { name: 'Create link' }));

    const link = (await within(invitePanel()).findByRole('textbox', {
      name: 'Invitation link for link.person@trust.example',
    })) as HTMLInputElement;
    expect(link.value).toBe(LINK);
    expect(sentBodies(calls, '/api/auth/champion_create_invitation_link')).toEqual([
      { email: 'link.person@trust.example', first_name: 'Nia', last_name: 'Starter', job_title: 'Estates officer', role: 'standard' },
    ]);
    await person.click(within(invitePanel()).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(within(invitePanel()).getByRole('button', { name: 'Copied' })).toBeTruthy();

    answer = failure(500, { message: 'Internal error' });
    await fillIn(person, 'second@trust.example');
    await person.click(within(invitePanel()).getByRole('button', { name: 'Create link' }));
    expect((await within(invitePanel()).findByRole('alert')).textContent).toBe(MESSAGES.createInvitationLinkFailed);
    expect(within(invitePanel()).queryByRole('textbox', { name: /Invitation link/ })).toBeNull();
  });

  it('shows the e-mail invitation’s failure, or the server’s reason for refusing it', async () => {
    let answer: unknown = failure(500, { message: 'Internal error' });
    const { person } = await open({ 'POST /api/auth/champion_create_user': () => answer });
    await fillIn(person);
    await person.click(within(invitePanel()).getByRole('button', { name: 'Send invitation' }));
    expect((await within(invitePanel()).findByRole('alert')).textContent).toBe(MESSAGES.createInvitationFailed);

    answer = failure(409, { message: 'This address already has an account in another organisation.' });
    await person.click(within(invitePanel()).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(within(invitePanel()).getByRole('alert').textContent).toBe('This address already has an account in another organisation.'),
    );
  });
});

describe('/dashboard: pending invitations', () => {
  const expired = buildPendingInvitation({
    invitation_id: 'inv_2',
    email: 'late@trust.example',
    first_name: null,
    last_name: null,
    kind: 'link',
    expired: true,
  });

  it('lists them, resends an e-mailed one and e-mails one made as a link (the welcome e-mail)', async () => {
    const { calls, person } = await open({
      'GET /api/dashboard/organisation/users/pending': { invitations: [buildPendingInvitation({ invitation_id: 'inv_1' }), expired] },
      'POST /api/auth/resend_invitation': { message: 'Invitation sent' },
      'POST /api/auth/send_welcome_email': { message: 'Invitation sent' },
    });
    const region = screen.getByRole('region', { name: 'Pending invitations' });
    const items = await within(region).findAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Nia Starter');
    expect(items[0]?.textContent).toContain('E-mailed 20 Nov 2026');
    expect(items[0]?.textContent).toContain('expires 27 Nov 2026');
    expect(items[1]?.textContent).toContain('Unknown User');
    expect(items[1]?.textContent).toContain('Expired');

    const first = buildPendingInvitation();
    await person.click(within(region).getByRole('button', { name: `Resend the invitation to ${first.email}` }));
    await waitFor(() => expect(sentBodies(calls, '/api/auth/resend_invitation')).toEqual([{ invitation_id: 'inv_1' }]));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain(`Invitation sent again to ${first.email}`),
    );

    await person.click(within(region).getByRole('button', { name: 'E-mail it to late@trust.example' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/send_welcome_email')).toBe(true));
    const welcome = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => String(input))
      .find((url) => url.includes('send_welcome_email'));
    expect(new URL(welcome ?? '', 'http://localhost').searchParams.get('new_user')).toBe(expired.user_id);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain('Invitation e-mailed to late@trust.example'),
    );
  });

  it('says when a resend fails', async () => {
    const { person } = await open({ 'POST /api/auth/resend_invitation': failure(500, { message: 'Mail down' }) });
    const region = screen.getByRole('region', { name: 'Pending invitations' });
    await person.click(await within(region).findByRole('button', { name: /Resend the invitation/ }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain(MESSAGES.resendUserInvitationFailed),
    );
  });

  it('says when the list cannot be loaded, and when there is nothing pending', async () => {
    let answer: unknown = failure(500, { message: 'Down' });
    const { person } = await open({ 'GET /api/dashboard/organisation/users/pending': () => answer });
    const region = screen.getByRole('region', { name: 'Pending invitations' });
    expect(await within(region).findByText(MESSAGES.pendingInvitationsFailed)).toBeTruthy();
    answer = { invitations: [] };
    await person.click(within(region).getByRole('button', { name: MESSAGES.tryAgain }));
    expect(await within(region).findByText('No pending invitations')).toBeTruthy();
  });
});
