import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure } from '../../test/mock-api';
import { buildTestUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { buildOrganisationUser, defaultAnswer, setupDashboard } from './test-dashboard';

const champion = buildTestUser({ account_roles: ['standard', 'champion'] });
const LAST_CHAMPION = 'This would leave your organisation without an active champion. Make someone else a champion first, then try again.';

const team = [
  buildOrganisationUser(1, { firstname: 'Jane', surname: 'Smith' }),
  buildOrganisationUser(2, { firstname: 'Jane', surname: 'Smith' }),
  buildOrganisationUser(3, { firstname: 'Leo', surname: 'Gone', deactivated: true }),
  buildOrganisationUser(4, { firstname: 'Ada', surname: 'Lead', account_roles: ['standard', 'champion'] }),
];

function usersRegion(): HTMLElement {
  return screen.getByRole('region', { name: 'Users' });
}

async function open(handlers: Record<string, unknown> = {}) {
  const { calls } = setupDashboard((section, days) => (section === 'users' ? { users: team } : defaultAnswer(section, days)), handlers);
  const person = userEvent.setup();
  renderApp('/dashboard', { user: champion });
  await within(await screen.findByRole('region', { name: 'Users' })).findByRole('table');
  return { person, calls };
}

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/dashboard: managing members', () => {
  it('marks deactivated people and champions, and names every row’s actions apart, even for a shared name', async () => {
    await open();
    const buttons = within(usersRegion()).getAllByRole('button', { name: /^Actions for / });
    const names = buttons.map((button) => button.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(team.length);
    expect(names).toContain('Actions for Jane Smith (person0001@trust.example)');
    expect(names).toContain('Actions for Leo Gone');
    const gone = within(usersRegion()).getByRole('rowheader', { name: /Leo Gone/ });
    expect(gone.textContent).toContain('Deactivated');
    expect(within(usersRegion()).getByRole('rowheader', { name: /Ada Lead/ }).textContent).toContain('Champion');
  });

  it('changes a role through the dialog, and shows the server’s refusal for the last champion', async () => {
    let refuse = false;
    const { person, calls } = await open({
      'POST /api/members/usr_4/role': () =>
        refuse
          ? failure(409, { message: LAST_CHAMPION })
          : {
              user_id: 'usr_4',
              firstname: 'Ada',
              surname: 'Lead',
              email: 'x',
              role: 'guest',
              account_roles: ['guest'],
              deactivated: false,
              deactivated_at: null,
            },
    });
    await person.click(within(usersRegion()).getByRole('button', { name: 'Actions for Ada Lead' }));
    await person.click(await screen.findByRole('menuitem', { name: 'Change role for Ada Lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role for Ada Lead' });
    expect(within(dialog).getByRole('radio', { name: /Champion/ })).toHaveProperty('checked', true);
    refuse = true;
    await person.click(within(dialog).getByRole('radio', { name: /Guest/ }));
    await person.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await within(dialog).findByText(LAST_CHAMPION)).toBeTruthy();
    const call = calls.find((c) => c.method === 'POST' && c.path === '/api/members/usr_4/role');
    expect(call?.body).toEqual({ role: 'guest' });
  });

  it('offers Reactivate for a deactivated person and Deactivate for the others', async () => {
    const { person } = await open();
    await person.click(within(usersRegion()).getByRole('button', { name: 'Actions for Leo Gone' }));
    expect(await screen.findByRole('menuitem', { name: 'Reactivate Leo Gone' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /^Deactivate/ })).toBeNull();
  });

  it('deactivates after asking, naming the person the table’s one dialog was opened for, and reactivates at once', async () => {
    const { person, calls } = await open({
      'POST /api/members/usr_2/deactivate': () => ({ user_id: 'usr_2', deactivated: true }),
      'POST /api/members/usr_3/reactivate': () => ({ user_id: 'usr_3', deactivated: false }),
    });
    const name = 'Jane Smith (person0002@trust.example)';
    await person.click(within(usersRegion()).getByRole('button', { name: `Actions for ${name}` }));
    await person.click(await screen.findByRole('menuitem', { name: `Deactivate ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Jane Smith?' });
    expect(dialog.textContent).toContain('Jane Smith (person0002@trust.example) will be signed out everywhere');
    await person.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Jane Smith has been deactivated')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/deactivate')).map((c) => c.path)).toEqual([
      '/api/members/usr_2/deactivate',
    ]);

    await person.click(within(usersRegion()).getByRole('button', { name: 'Actions for Leo Gone' }));
    await person.click(await screen.findByRole('menuitem', { name: 'Reactivate Leo Gone' }));
    expect(await screen.findByText('Leo Gone can sign in again')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/members/usr_3/reactivate')).toBe(true);
  });

  it('hands over work to a colleague, and offers no choice when there is nothing to hand over', async () => {
    let owns = { write_documents: 2, reviews: 1, library_documents: 0 };
    const { person } = await open({ 'GET /api/members/usr_1/holdings': () => owns });
    const name = 'Jane Smith (person0001@trust.example)';
    await person.click(within(usersRegion()).getByRole('button', { name: `Actions for ${name}` }));
    await person.click(await screen.findByRole('menuitem', { name: `Hand over work of ${name}` }));
    let dialog = await screen.findByRole('dialog', { name: /^Hand over / });
    expect(await within(dialog).findByText(/owns 2 written documents, 1 review and 0 data-library documents/)).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'New owner' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Hand over' })).toBeTruthy();
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    owns = { write_documents: 0, reviews: 0, library_documents: 0 };
    await person.click(within(usersRegion()).getByRole('button', { name: `Actions for ${name}` }));
    await person.click(await screen.findByRole('menuitem', { name: `Hand over work of ${name}` }));
    dialog = await screen.findByRole('dialog', { name: /^Hand over / });
    expect(await within(dialog).findByText(/There is nothing to hand over\./)).toBeTruthy();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Hand over' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
