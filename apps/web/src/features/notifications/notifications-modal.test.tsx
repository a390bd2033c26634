import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingAnalyticsEvents } from '../../lib/analytics';
import { useToastStore } from '../../components/ui/toast';
import { buildFlags, buildNotification, buildTestUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';

const NOTIFICATIONS = [
  buildNotification({ id: 'n1', status: 'read', title: 'Older read note', message: 'Read already', created_at: '2025-01-02T09:00:00Z' }),
  buildNotification({ id: 'n2', status: 'unread', title: 'Newest unread', message: 'Fresh news', created_at: '2025-03-04T09:00:00Z' }),
  buildNotification({ id: 'n3', status: 'unread', title: 'Middle unread', message: 'Something', created_at: '2025-02-15T09:00:00Z' }),
];

async function openAccountMenu(user: ReturnType<typeof userEvent.setup>) {
  // The desktop rail and the mobile top bar both render (CSS picks one); use the first.
  const [trigger] = await screen.findAllByRole('button', { name: /Account menu for Amara Okafor/ });
  if (!trigger) throw new Error('no account menu');
  await user.click(trigger);
  return screen.getByRole('menu', { name: 'Account' });
}

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('avatar menu and notifications', () => {
  it('shows the unread count on the avatar and in the menu, then marks all unread read once when the modal opens', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/flags': { flags: buildFlags() },
      'GET /api/notifications/user': { notifications: NOTIFICATIONS },
      'POST /api/notifications/mark-as-read': { updated: 2 },
    });
    renderApp('/home', { user: buildTestUser() });

    await waitFor(() =>
      expect(
        screen.getAllByRole('button', { name: 'Account menu for Amara Okafor, initials AO, 2 unread notifications' }).length,
      ).toBeGreaterThan(0),
    );
    const menu = await openAccountMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Notifications, 2 unread' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeTruthy();

    await user.click(within(menu).getByRole('menuitem', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const titles = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent?.replace(' (unread)', ''));
    expect(titles).toEqual(['Newest unread', 'Middle unread', 'Older read note']);
    expect(within(dialog).getByText('04/03/2025')).toBeTruthy();
    expect(within(dialog).getByText('02/01/2025')).toBeTruthy();

    await waitFor(() => expect(calls.filter((c) => c.path === '/api/notifications/mark-as-read')).toHaveLength(1));
    const markCall = calls.find((c) => c.path === '/api/notifications/mark-as-read');
    expect(markCall?.body).toEqual({ notification_ids: ['n2', 'n3'] });

    // The unread count is recomputed from the cache: no badge any more (on the avatar behind the
    // modal, which hides it from assistive technology while open).
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Account menu for Amara Okafor, initials AO', hidden: true }).length).toBeGreaterThan(0),
    );
    const events = pendingAnalyticsEvents().map((e) => e.event);
    expect(events).toContain('notifications_modal_opened');
    const marked = pendingAnalyticsEvents().find((e) => e.event === 'notifications_marked_as_read');
    expect(marked?.properties).toEqual({ count: 2, ids: ['n2', 'n3'] });

    // Re-opening with nothing unread sends nothing more.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const menuAgain = await openAccountMenu(user);
    await user.click(within(menuAgain).getByRole('menuitem', { name: 'Notifications' }));
    await screen.findByRole('dialog', { name: 'Notifications' });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.path === '/api/notifications/mark-as-read')).toHaveLength(1);
  });

  it("shows 'No notifications' for an empty list and sends no mark-as-read", async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'GET /api/flags': { flags: buildFlags() }, 'GET /api/notifications/user': { notifications: [] } });
    renderApp('/home', { user: buildTestUser() });
    const menu = await openAccountMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('No notifications')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/notifications/mark-as-read')).toBe(false);
  });

  it("shows 'Loading notifications...' while the list loads", async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/flags': { flags: buildFlags() } });
    const realFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/notifications/user') ? new Promise<Response>(() => {}) : realFetch(input, init),
      ),
    );
    renderApp('/home', { user: buildTestUser() });
    const menu = await openAccountMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('Loading notifications...')).toBeTruthy();
  });

  it('does not fetch notifications when the user has no user_id', async () => {
    const calls = mockApi({ 'GET /api/flags': { flags: buildFlags() } });
    renderApp('/home', { user: buildTestUser({ user_id: '' }) });
    await screen.findByRole('heading', { level: 1 });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.path === '/api/notifications/user')).toBe(false);
  });

  it("toasts 'Failed to fetch notifications' when the list cannot be loaded, without the error dialog", async () => {
    mockApi({
      'GET /api/flags': { flags: buildFlags() },
      'GET /api/notifications/user': { status: 403, body: { message: 'x', request_id: 'r' } },
    });
    renderApp('/home', { user: buildTestUser() });
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Failed to fetch notifications'));
    expect(useToastStore.getState().toasts.filter((t) => t.message === 'Failed to fetch notifications')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("toasts 'Failed to mark notifications as read' when marking fails", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/flags': { flags: buildFlags() },
      'GET /api/notifications/user': { notifications: NOTIFICATIONS },
      'POST /api/notifications/mark-as-read': { status: 400, body: { message: 'x', request_id: 'r' } },
    });
    renderApp('/home', { user: buildTestUser() });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /2 unread notifications/ }).length).toBeGreaterThan(0));
    const menu = await openAccountMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Notifications/ }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Failed to mark notifications as read'));
  });

  it('an item with a link opens it and closes the modal; one without stays plain text', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/flags': { flags: buildFlags() },
      'GET /api/notifications/user': {
        notifications: [
          buildNotification({ id: 'n1', title: 'Your minutes are ready', link: '/write/01J00000000000000000000000' }),
          buildNotification({ id: 'n2', title: 'Welcome to Verity', created_at: '2025-01-01T09:00:00Z' }),
        ],
      },
      'POST /api/notifications/mark-as-read': { updated: 2 },
    });
    const { router } = renderApp('/home', { user: buildTestUser() });
    const menu = await openAccountMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).queryByRole('link', { name: 'Welcome to Verity' })).toBeNull();
    await user.click(within(dialog).getByRole('link', { name: 'Your minutes are ready' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/write/01J00000000000000000000000'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('Logout signs out, says so and returns to / (then sign-in)', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/flags': { flags: buildFlags() },
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/auth/signout': { message: 'Logged out successfully.' },
    });
    const { router } = renderApp('/home', { user: buildTestUser() });
    const menu = await openAccountMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(calls.some((c) => c.path === '/api/auth/signout')).toBe(true);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Logged out successfully.');
  });
});
