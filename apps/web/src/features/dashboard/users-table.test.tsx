import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { buildOrganisationUser, defaultAnswer, setupDashboard } from './test-dashboard';

const champion = buildTestUser({ account_roles: ['standard', 'champion'] });
const THOUSAND = Array.from({ length: 1000 }, (_, i) => buildOrganisationUser(i + 1));

function usersRegion(): HTMLElement {
  return screen.getByRole('region', { name: 'Users' });
}

/** The body rows' first cells (the names), in order. */
function names(): string[] {
  return within(usersRegion())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent ?? '');
}

async function openWith(users = THOUSAND) {
  setupDashboard((section, days) => (section === 'users' ? { users } : defaultAnswer(section, days)));
  const person = userEvent.setup();
  renderApp('/dashboard', { user: champion });
  await within(await screen.findByRole('region', { name: 'Users' })).findByRole('table');
  return person;
}

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/dashboard: users', () => {
  it('names each person, or Unknown User, and says Never when they have not signed in', async () => {
    await openWith([
      buildOrganisationUser(1, { firstname: 'Grace', surname: 'Hopper', activity: 'high', tasks: 30 }),
      buildOrganisationUser(2, { firstname: null, surname: null, last_login: null, activity: 'inactive', tasks: 0 }),
    ]);
    const rows = within(usersRegion()).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('Grace Hopper');
    expect(rows[0]?.textContent).toContain('person0001@trust.example');
    expect(rows[0]?.textContent).toContain('2 Nov 2026');
    expect(rows[0]?.textContent).toContain('High');
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('Unknown User');
    expect(rows[1]?.textContent).toContain('Never');
    expect(rows[1]?.textContent).toContain('Inactive');
  });

  it('says the table scrolls sideways while some of its columns are out of sight', async () => {
    await openWith(THOUSAND.slice(0, 3));
    const scroller = within(usersRegion()).getByRole('table').parentElement as HTMLElement;
    const hint = 'Scroll sideways to see every column.';
    expect(within(usersRegion()).queryByText(hint)).toBeNull();
    // jsdom lays nothing out: the widths of a phone's screen are set by hand.
    Object.defineProperty(scroller, 'clientWidth', { configurable: true, value: 358 });
    Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 720 });
    fireEvent.scroll(scroller);
    expect(within(usersRegion()).getByText(hint)).toBeTruthy();
    scroller.scrollLeft = 362;
    fireEvent.scroll(scroller);
    expect(within(usersRegion()).getByText(hint)).toBeTruthy();
    Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 358 });
    scroller.scrollLeft = 0;
    fireEvent.scroll(scroller);
    expect(within(usersRegion()).queryByText(hint)).toBeNull();
  });

  it('shows 1,000 people 25 at a time, sorted by any column both ways', async () => {
    const person = await openWith();
    expect(within(usersRegion()).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Page 1 of 40')).toBeTruthy();

    await person.click(within(usersRegion()).getByRole('button', { name: 'Name' }));
    expect(names().slice(0, 2)).toEqual(['Person0001 Tester', 'Person0002 Tester']);
    expect(within(usersRegion()).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    await person.click(within(usersRegion()).getByRole('button', { name: 'Name' }));
    expect(names()[0]).toBe('Person1000 Tester');
    expect(within(usersRegion()).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');

    await person.click(within(usersRegion()).getByRole('button', { name: 'Tasks' }));
    const tasks = within(usersRegion())
      .getAllByRole('row')
      .slice(1)
      // The last cell holds the person's actions; the tasks are the one before it.
      .map((row) => Number(row.lastElementChild?.previousElementSibling?.textContent));
    expect(tasks[0]).toBe(16);
    expect([...tasks].sort((a, b) => b - a)).toEqual(tasks);

    await person.click(within(usersRegion()).getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 40')).toBeTruthy();
    await person.click(within(usersRegion()).getByRole('button', { name: 'Last active' }));
    expect(screen.getByText('Page 1 of 40')).toBeTruthy();
  });

  it('searches by name or e-mail and says when nothing matches', async () => {
    const person = await openWith();
    const search = within(usersRegion()).getByRole('searchbox', { name: 'Search users' });
    await person.click(search);
    await person.paste('person012');
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(names()[0]).toBe('Person0120 Tester');
    expect(screen.getByText('10 of 1,000 users')).toBeTruthy();
    expect(within(usersRegion()).queryByRole('navigation', { name: 'Pages of users' })).toBeNull();
    await person.clear(search);
    await person.paste('Nobody Here');
    expect(await within(usersRegion()).findByText('No users match “Nobody Here”')).toBeTruthy();
  });

  it('downloads the searched table as CSV named after the period and the day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 12));
    const saved: { name: string; text: Promise<string> }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', text: (blob as Blob).text() });
      return 'blob:users';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    const person = await openWith([
      buildOrganisationUser(1, { firstname: 'Ada', surname: 'Lovelace, Countess', tasks: 3 }),
      buildOrganisationUser(2, { firstname: '=cmd', surname: null, last_login: null, tasks: 0 }),
      buildOrganisationUser(3, { firstname: 'Someone', surname: 'Else' }),
    ]);
    await person.type(within(usersRegion()).getByRole('searchbox', { name: 'Search users' }), 'person000');
    await person.click(within(usersRegion()).getByRole('button', { name: 'Name' }));
    await person.click(within(usersRegion()).getByRole('button', { name: 'Download CSV' }));
    vi.useRealTimers();

    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('organisation-users-last-30-days-2026-11-24.csv');
    const lines = (await saved[0]?.text)?.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines?.[0]).toBe('Name,Email,Last active,Sessions,Activity level,Tasks');
    expect(lines?.[1]).toBe("'=cmd,person0002@trust.example,Never,2,Low,0");
    expect(lines?.[2]).toBe('"Ada Lovelace, Countess",person0001@trust.example,2026-11-02T09:00:00.000Z,1,Medium,3');
    expect(lines).toHaveLength(5);
  });
});
