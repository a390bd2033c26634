import {
  type AdminOrganisation,
  type AdminUser,
  type SystemStatus,
  type AuditEntry,
  type AuditResponse,
  type FlagSettingView,
  MESSAGES,
} from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildAppConfig, buildTestUser } from '../../test/fixtures';
import { failure, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { roleChoiceOf } from './users-section';

const admin = buildTestUser({ account_roles: ['standard', 'verity_admin'] });

function organisation(overrides: Partial<AdminOrganisation> = {}): AdminOrganisation {
  return {
    id: 'org_1',
    name: 'Northshire Community Health NHS Trust',
    active: true,
    deactivated_at: null,
    created_at: '2026-01-05T09:00:00.000Z',
    members: 25,
    active_members: 22,
    domains: ['example.org'],
    microsoft_tenants: [],
    ...overrides,
  };
}

function entry(id: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-11-27T09:15:00.000Z',
    kind: 'auth.signed_in',
    organisation: { id: 'org_1', name: 'Northshire Community Health NHS Trust' },
    actor: { id: 'user_1', name: 'Priya Shah', email: 'standard@example.org' },
    ip: '203.0.113.7',
    subject: { type: 'user', id: 'user_1', label: 'Priya Shah' },
    data: { method: 'password' },
    ...overrides,
  };
}

const KINDS = ['auth.signed_in', 'organisations.created', 'flags.changed'];

beforeEach(() => {
  resetStores();
});

describe('admin area', () => {
  it('lists organisations, creates one, renames one and deactivates one after asking', async () => {
    const person = userEvent.setup();
    let list = [organisation()];
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/organisations': () => ({ organisations: list }),
      'POST /api/admin/organisations': ({ body }: { body: unknown }) => {
        const created = organisation({ id: 'org_2', name: (body as { name: string }).name, members: 0, active_members: 0, domains: [] });
        list = [...list, created];
        return { status: 201, body: created };
      },
      'POST /api/admin/organisations/org_1': ({ body }: { body: unknown }) => {
        const change = body as { name?: string; active?: boolean };
        const current = list[0] as AdminOrganisation;
        const next = {
          ...current,
          ...(change.name ? { name: change.name } : {}),
          ...(change.active === false ? { active: false, deactivated_at: '2026-11-27T10:00:00.000Z' } : {}),
        };
        list = [next, ...list.slice(1)];
        return next;
      },
    });
    renderApp('/admin', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Organisations' });
    const table = await within(section).findByRole('table', { name: 'Organisations' });
    const row = within(table).getByRole('row', { name: /Northshire Community Health NHS Trust/ });
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('25')).toBeTruthy();
    expect(within(row).getByText('example.org')).toBeTruthy();

    // A name too short is refused before anything is sent.
    await person.type(within(section).getByRole('textbox', { name: 'New organisation' }), 'R');
    await person.click(within(section).getByRole('button', { name: 'Create' }));
    expect(await within(section).findByText(/at least 2 characters/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await person.type(within(section).getByRole('textbox', { name: 'New organisation' }), 'iverside Care');
    await person.click(within(section).getByRole('button', { name: 'Create' }));
    expect(await within(table).findByRole('row', { name: /Riverside Care/ })).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/admin/organisations' && call.method === 'POST')?.body).toEqual({
      name: 'Riverside Care',
    });

    await person.click(within(table).getByRole('button', { name: 'Rename Northshire Community Health NHS Trust' }));
    const field = within(table).getByRole('textbox', { name: 'Organisation name' });
    await person.clear(field);
    await person.type(field, 'Northshire Health{Enter}');
    expect(await within(table).findByText('Northshire Health')).toBeTruthy();

    await person.click(within(table).getByRole('button', { name: 'Deactivate Northshire Health' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Northshire Health?' });
    expect(dialog.textContent).toContain('25 members will be signed out');
    await person.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(within(table).getByText(/Deactivated/)).toBeTruthy());
    expect(within(table).getByRole('button', { name: 'Reactivate Northshire Health' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/admin/organisations/org_1').map((call) => call.body)).toEqual([
      { name: 'Northshire Health' },
      { active: false },
    ]);
  });

  it('links a Microsoft tenant to an organisation after checking it is a GUID, shows the server’s refusal, and unlinks one', async () => {
    const person = userEvent.setup();
    const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
    let tenants: string[] = [];
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/app-config': buildAppConfig({ microsoft_sso_enabled: true }),
      'GET /api/admin/organisations': () => ({ organisations: [organisation({ microsoft_tenants: tenants })] }),
      'POST /api/admin/organisations/org_1/microsoft-tenants': ({ body }: { body: unknown }) => {
        const tenant = (body as { tenant_id: string }).tenant_id;
        if (tenant.startsWith('a'))
          return failure(409, { message: 'That Microsoft tenant is already linked to another organisation. Unlink it there first.' });
        tenants = [...tenants, tenant];
        return organisation({ microsoft_tenants: tenants });
      },
      [`DELETE /api/admin/organisations/org_1/microsoft-tenants/${TENANT}`]: () => {
        tenants = [];
        return organisation({ microsoft_tenants: [] });
      },
    });
    renderApp('/admin', { user: admin });
    const section = await screen.findByRole('region', { name: 'Organisations' });
    await person.click(await within(section).findByRole('button', { name: 'Microsoft sign-in for Northshire Community Health NHS Trust' }));
    const dialog = await screen.findByRole('dialog', { name: 'Microsoft sign-in for Northshire Community Health NHS Trust' });
    expect(within(dialog).getByText('No tenant is linked to this organisation.')).toBeTruthy();

    await person.type(within(dialog).getByRole('textbox', { name: 'Tenant id' }), 'contoso.onmicrosoft.com');
    await person.click(within(dialog).getByRole('button', { name: 'Link tenant' }));
    expect(await within(dialog).findByText(/A tenant id is a GUID/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    const field = within(dialog).getByRole('textbox', { name: 'Tenant id' });
    await person.clear(field);
    await person.type(field, 'a1b2c3d4-0000-4000-8000-000000000001');
    await person.click(within(dialog).getByRole('button', { name: 'Link tenant' }));
    expect(await within(dialog).findByText(/already linked to another organisation/)).toBeTruthy();

    await person.clear(field);
    await person.type(field, TENANT.toUpperCase());
    await person.click(within(dialog).getByRole('button', { name: 'Link tenant' }));
    expect(await within(dialog).findByText(TENANT)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { tenant_id: 'a1b2c3d4-0000-4000-8000-000000000001' },
      { tenant_id: TENANT },
    ]);
    expect(within(section).getByText('Microsoft sign-in: 1 tenant')).toBeTruthy();

    await person.click(within(dialog).getByRole('button', { name: `Unlink tenant ${TENANT}` }));
    expect(await within(dialog).findByText('No tenant is linked to this organisation.')).toBeTruthy();
  });

  it('deletes a deactivated organisation only once its name is typed exactly, and says what went', async () => {
    const person = userEvent.setup();
    let list = [organisation({ active: false, deactivated_at: '2026-11-20T10:00:00.000Z', members: 3 })];
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/organisations': () => ({ organisations: list }),
      'POST /api/admin/organisations/org_1/delete': () => {
        list = [];
        return { message: 'Northshire Community Health NHS Trust deleted: 412 records removed.', rows: 412 };
      },
    });
    renderApp('/admin', { user: admin });
    const section = await screen.findByRole('region', { name: 'Organisations' });
    await person.click(await within(section).findByRole('button', { name: 'Delete Northshire Community Health NHS Trust' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Northshire Community Health NHS Trust for good?' });
    expect(dialog.textContent).toContain('its 3 members’ accounts');
    const confirm = within(dialog).getByRole('button', { name: 'Delete for good' });
    expect(confirm).toHaveProperty('disabled', true);
    const field = within(dialog).getByRole('textbox', { name: 'Type Northshire Community Health NHS Trust to confirm' });
    await person.type(field, 'northshire community health nhs trust');
    expect(confirm).toHaveProperty('disabled', true);
    await person.clear(field);
    await person.type(field, 'Northshire Community Health NHS Trust');
    await person.click(confirm);
    expect(await screen.findByText('Northshire Community Health NHS Trust deleted: 412 records removed.', { exact: true })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'Northshire Community Health NHS Trust' },
    ]);
    expect(await within(section).findByText('No organisations yet.')).toBeTruthy();
  });

  it('offers Delete only for a deactivated organisation', async () => {
    mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/organisations': { organisations: [organisation()] },
    });
    renderApp('/admin', { user: admin });
    const section = await screen.findByRole('region', { name: 'Organisations' });
    expect(await within(section).findByRole('button', { name: 'Deactivate Northshire Community Health NHS Trust' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Delete Northshire Community Health NHS Trust' })).toBeNull();
  });

  it('shows a refusal from the server where the change was asked for', async () => {
    const person = userEvent.setup();
    mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/organisations': { organisations: [organisation()] },
      'POST /api/admin/organisations': failure(409, { message: 'Another organisation already has that name.' }),
    });
    renderApp('/admin', { user: admin });
    const section = await screen.findByRole('region', { name: 'Organisations' });
    await person.type(within(section).getByRole('textbox', { name: 'New organisation' }), 'Northshire Community Health NHS Trust');
    await person.click(within(section).getByRole('button', { name: 'Create' }));
    expect(await within(section).findByText('Another organisation already has that name.')).toBeTruthy();
  });

  it('finds people, changes a role, sends a verification link, signs someone out and deactivates them after asking', async () => {
    const person = userEvent.setup();
    let priya: AdminUser = {
      id: 'user_1',
      email: 'priya.shah@example.org',
      firstname: 'Priya',
      surname: 'Shah',
      job_title: 'Head of Estates Compliance',
      roles: ['standard'],
      organisation: { id: 'org_1', name: 'Northshire Community Health NHS Trust' },
      email_verified: false,
      active: true,
      created_at: '2026-01-05T09:00:00.000Z',
      last_login_at: null,
    };
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/organisations': { organisations: [organisation()] },
      'GET /api/admin/users': () => ({ users: [priya], total: 1, page: 1, page_size: 50 }),
      'POST /api/admin/users/user_1': ({ body }: { body: unknown }) => {
        const change = body as { roles?: AdminUser['roles']; active?: boolean };
        priya = {
          ...priya,
          ...(change.roles ? { roles: change.roles } : {}),
          ...(change.active === undefined ? {} : { active: change.active }),
        };
        return priya;
      },
      'POST /api/admin/users/user_1/sign-out': { message: 'Signed out everywhere.' },
      'POST /api/admin/users/user_1/resend-verification': { sent: true, message: 'A new verification link is on its way.' },
    });
    renderApp('/admin?section=people', { user: admin });
    const section = await screen.findByRole('region', { name: 'People' });
    const row = await within(section).findByRole('row', { name: /Priya Shah/ });
    expect(within(row).getByText('Address not verified')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();

    await person.type(within(section).getByRole('searchbox', { name: 'Search people' }), 'shah');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/users' && call.query.get('q') === 'shah')).toBe(true));
    await person.selectOptions(within(section).getByRole('combobox', { name: 'Organisation' }), 'org_1');
    await waitFor(() => expect(calls.at(-1)?.query.get('organisation_id')).toBe('org_1'));

    await person.selectOptions(within(row).getByRole('combobox', { name: 'Role of Priya Shah' }), 'champion');
    expect(await screen.findByText('Priya Shah is now champion')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/admin/users/user_1')?.body).toEqual({ roles: ['standard', 'champion'] });

    await person.click(within(row).getByRole('button', { name: 'Resend link to Priya Shah to verify their address' }));
    expect(await screen.findByText('A new verification link is on its way.')).toBeTruthy();
    await person.click(within(row).getByRole('button', { name: 'Sign out Priya Shah everywhere' }));
    expect(await screen.findByText('Priya Shah is signed out everywhere')).toBeTruthy();

    await person.click(within(row).getByRole('button', { name: 'Deactivate Priya Shah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Priya Shah?' });
    await person.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(section).findByRole('button', { name: 'Reactivate Priya Shah' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/admin/users/user_1').map((call) => call.body)).toEqual([
      { roles: ['standard', 'champion'] },
      { active: false },
    ]);
  });

  it('names the role sets a person can hold, and none for a set it does not know', () => {
    expect(roleChoiceOf(['champion', 'standard'])).toBe('champion');
    expect(roleChoiceOf(['verity_admin', 'standard', 'champion'])).toBe('champion-admin');
    expect(roleChoiceOf(['guest'])).toBe('guest');
    expect(roleChoiceOf(['champion'])).toBeNull();
  });

  it('sets a feature flag for everyone and clears an organisation’s setting', async () => {
    const person = userEvent.setup();
    let settings: FlagSettingView[] = [
      { flag: 'data-library', scope: 'organisation', role: null, organisation_id: 'org_1', enabled: false },
    ];
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/organisations': { organisations: [organisation()] },
      'GET /api/admin/flags': () => ({ settings }),
      'POST /api/admin/flags': ({ body }: { body: unknown }) => {
        const input = body as FlagSettingView & { enabled: boolean | null };
        settings =
          input.enabled === null
            ? settings.filter((setting) => !(setting.flag === input.flag && setting.scope === input.scope))
            : [...settings, { flag: input.flag, scope: input.scope, role: null, organisation_id: null, enabled: input.enabled }];
        return { changed: true, settings };
      },
    });
    renderApp('/admin?section=flags', { user: admin });
    const reports = await screen.findByRole('region', { name: /Workforce reports/ });
    await person.selectOptions(within(reports).getByRole('combobox', { name: 'For everyone' }), 'Off');
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/admin/flags' && call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ flag: 'workforce-reports', scope: 'global', enabled: false });

    const library = screen.getByRole('region', { name: /Data library/ });
    const overrides = within(library).getByRole('list', { name: 'Data library: settings for roles and organisations' });
    expect(within(overrides).getByText('Northshire Community Health NHS Trust')).toBeTruthy();
    await person.click(within(library).getByRole('button', { name: 'Clear Data library for Northshire Community Health NHS Trust' }));
    await waitFor(() => expect(within(library).queryByRole('list', { name: /settings for roles/ })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      flag: 'data-library',
      scope: 'organisation',
      organisation_id: 'org_1',
      enabled: null,
    });
  });

  it('reads the audit log with filters, loads older entries, and refuses an end date before the start', async () => {
    const person = userEvent.setup();
    const pages: Record<string, AuditResponse> = {
      first: {
        entries: [
          entry('e1'),
          entry('e2', { at: '2026-11-26T16:40:00.000Z', kind: 'flags.changed', data: { flag: 'data-library', enabled: false } }),
        ],
        next_before: 'cursor_1',
        kinds: KINDS,
      },
      older: {
        entries: [
          entry('e3', {
            at: '2026-11-20T08:00:00.000Z',
            actor: null,
            ip: null,
            organisation: null,
            kind: 'organisations.created',
            data: { name: 'Riverside' },
          }),
        ],
        next_before: null,
        kinds: KINDS,
      },
    };
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/organisations': { organisations: [organisation()] },
      'GET /api/admin/audit': ({ query }: { query: URLSearchParams }) => (query.get('before') ? pages.older : pages.first),
    });
    renderApp('/admin?section=audit', { user: admin });
    const section = await screen.findByRole('region', { name: 'Audit log' });
    const table = await within(section).findByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Signed in' })).toBeTruthy();
    expect(within(table).getByText('27/11/2026, 09:15')).toBeTruthy();
    expect(within(table).getAllByText('203.0.113.7')).toHaveLength(2);
    expect(within(table).getByText('data-library · turned off')).toBeTruthy();

    await person.click(within(section).getByRole('button', { name: 'Show older entries' }));
    expect(await within(table).findByRole('rowheader', { name: 'Organisation created' })).toBeTruthy();
    expect(within(table).getByText('The system')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Show older entries' })).toBeNull();
    expect(
      calls
        .filter((call) => call.path === '/api/admin/audit')
        .at(-1)
        ?.query.get('before'),
    ).toBe('cursor_1');

    const filters = within(section).getByRole('form', { name: 'Filter the audit log' });
    await person.selectOptions(within(filters).getByRole('combobox', { name: 'Event' }), 'flags.changed');
    await person.type(within(filters).getByRole('textbox', { name: 'Person' }), 'priya');
    await person.type(within(filters).getByLabelText('From'), '2026-11-20');
    await person.type(within(filters).getByLabelText('To'), '2026-11-01');
    await person.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    expect(await within(filters).findByText('The end date is before the start date.')).toBeTruthy();
    await person.clear(within(filters).getByLabelText('To'));
    await person.type(within(filters).getByLabelText('To'), '2026-11-27');
    await person.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => {
      const last = calls.filter((call) => call.path === '/api/admin/audit').at(-1);
      expect(Object.fromEntries(last?.query ?? [])).toEqual({
        kind: 'flags.changed',
        actor: 'priya',
        from: '2026-11-20',
        to: '2026-11-27',
      });
    });
  });

  it('broadcasts a notification to one organisation after checking the form, and to a role', async () => {
    const person = userEvent.setup();
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/organisations': {
        organisations: [organisation(), organisation({ id: 'org_9', name: 'Closed Trust', active: false })],
      },
      'POST /api/admin/broadcast': ({ body }: { body: unknown }) => ({
        recipients: (body as { audience: string }).audience === 'organisation' ? 25 : 3,
        message: (body as { audience: string }).audience === 'organisation' ? 'Sent to 25 people.' : 'Sent to 3 people.',
      }),
    });
    renderApp('/admin?section=broadcast', { user: admin });
    const form = await screen.findByRole('form', { name: 'Broadcast a notification' });
    await person.click(within(form).getByRole('radio', { name: 'One organisation' }));
    await person.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByText('Choose the organisation.')).toBeTruthy();
    expect(within(form).getByText(/Give the notification a title/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    // A deactivated organisation is not offered.
    const organisationField = within(form).getByRole('combobox', { name: 'Organisation' });
    expect(within(organisationField).queryByRole('option', { name: 'Closed Trust' })).toBeNull();
    await person.selectOptions(organisationField, 'org_1');
    await person.type(within(form).getByRole('textbox', { name: 'Title' }), 'Water safety group moves to Thursday');
    await person.type(within(form).getByRole('textbox', { name: 'Message' }), 'From next week we meet on Thursdays.');
    await person.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Sent to 25 people.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Water safety group moves to Thursday',
      message: 'From next week we meet on Thursdays.',
      audience: 'organisation',
      organisation_id: 'org_1',
    });
    expect((within(form).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('');

    await person.click(within(form).getByRole('radio', { name: 'Everyone with a role' }));
    await person.selectOptions(within(form).getByRole('combobox', { name: 'Role' }), 'verity_admin');
    await person.type(within(form).getByRole('textbox', { name: 'Title' }), 'For administrators');
    await person.type(within(form).getByRole('textbox', { name: 'Message' }), 'Maintenance on Sunday.');
    await person.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Sent to 3 people.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      title: 'For administrators',
      message: 'Maintenance on Sunday.',
      audience: 'role',
      role: 'verity_admin',
    });
  });

  it('shows the system status and opens an e-mail kept in the outbox', async () => {
    const person = userEvent.setup();
    const status: SystemStatus = {
      version: '0.1.0',
      database: { kind: 'embedded', size_bytes: 48_200_000, server_version: '17.4', migrations_applied: 26, migrations_shipped: 26 },
      ai: { configured: false, engine: 'Built-in engine (offline)', model: null, embeddings_model: null },
      email: { transport: 'outbox', last_sent_at: null, failed_last_day: 0, in_outbox: 1 },
      jobs: {
        queued: 0,
        running: 0,
        failed: 1,
        succeeded_last_day: 3,
        recent_failures: [
          { id: 'job_1', kind: 'ingest_document', error: 'The file is not a PDF.', attempts: 5, failed_at: '2026-11-27T09:00:00.000Z' },
        ],
      },
    };
    const message = {
      id: 'mail_1',
      to: 'new.person@example.org',
      subject: 'Verify your e-mail address',
      created_at: '2026-11-27T09:05:00.000Z',
      transport: 'outbox' as const,
      sent_at: null,
      failed: false,
    };
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/status': status,
      'GET /api/admin/outbox': { messages: [message], total: 1, page: 1, page_size: 50 },
      'GET /api/admin/outbox/mail_1': { ...message, text: 'Open https://verity.test/auth/action-handler?mode=verifyEmail&oobCode=abc' },
      'POST /api/admin/status/check': {
        ai: { reachable: false, detail: 'AI provider openai answered HTTP 401: Unauthorised (check AI_API_KEY).', ms: 120 },
        email: { reachable: null, detail: 'No SMTP_URL: e-mails are kept in the outbox for you to pass on.', ms: 0 },
      },
    });
    renderApp('/admin?section=system', { user: admin });
    const database = await screen.findByRole('region', { name: 'Database' });
    expect(database.textContent).toContain('48.2 MB');
    expect(database.textContent).toContain('26 of 26 applied');
    expect(screen.getByRole('region', { name: 'AI provider' }).textContent).toContain('None: the built-in engines work offline');
    const failures = screen.getByRole('region', { name: 'Latest failed jobs' });
    expect(failures.textContent).toContain('Library ingestion');
    expect(failures.textContent).toContain('The file is not a PDF.');
    expect(within(failures).getByRole('link', { name: 'Retry from the library’s ingestion jobs' }).getAttribute('href')).toBe(
      '/admin?section=library',
    );

    // The connections are tried only when asked.
    expect(calls.some((call) => call.path === '/api/admin/status/check')).toBe(false);
    await person.click(screen.getByRole('button', { name: 'Check connections' }));
    const provider = screen.getByRole('region', { name: 'AI provider' });
    expect(await within(provider).findByText(/check AI_API_KEY/)).toBeTruthy();
    expect(provider.textContent).toContain('Not reachable.');
    expect(screen.getByRole('region', { name: 'E-mail' }).textContent).toContain('No SMTP_URL: e-mails are kept in the outbox');

    const outbox = screen.getByRole('region', { name: 'E-mail outbox' });
    const row = await within(outbox).findByRole('row', { name: /Verify your e-mail address/ });
    expect(calls.some((call) => call.path === '/api/admin/outbox/mail_1')).toBe(false);
    await person.click(within(row).getByRole('button', { name: /^Open the e-mail/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your e-mail address' });
    expect(dialog.textContent).toContain('oobCode=abc');
  });

  it('a section that cannot be loaded says so and offers a retry', async () => {
    mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/organisations': failure(500, { message: 'Internal server error' }),
    });
    renderApp('/admin', { user: admin });
    const section = await screen.findByRole('region', { name: 'Organisations' });
    expect(await within(section).findByText('The organisations could not be loaded.')).toBeTruthy();
    expect(within(section).getByRole('button', { name: MESSAGES.tryAgain })).toBeTruthy();
  });
});
