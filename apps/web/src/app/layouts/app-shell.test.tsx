import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingAnalyticsEvents } from '../../lib/analytics';
import { buildFlags, buildTestUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';

function mainNav() {
  // The desktop rail's navigation is the first 'Main' landmark.
  const [nav] = screen.getAllByRole('navigation', { name: 'Main' });
  if (!nav) throw new Error('no main navigation');
  return nav;
}

beforeEach(() => {
  resetStores();
  mockApi({ 'GET /api/flags': { flags: buildFlags() }, 'GET /api/notifications/user': { notifications: [] } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('application shell', () => {
  it('shows Home only to a guest', async () => {
    renderApp('/home', { user: buildTestUser({ account_roles: ['guest'] }) });
    await screen.findByRole('heading', { level: 1, name: /Amara/ });
    const links = within(mainNav())
      .getAllByRole('link')
      .map((a) => a.getAttribute('aria-label'));
    expect(links).toEqual(['Home']);
  });

  it('shows the standard tools, Champion Dashboard and Admin by role, and Reports only with its flag', async () => {
    renderApp('/home', { user: buildTestUser({ account_roles: ['standard', 'champion', 'verity_admin'] }) });
    await waitFor(() => expect(within(mainNav()).getAllByRole('listitem')).toHaveLength(9));
    const names = within(mainNav())
      .getAllByRole('listitem')
      .map((item) => (item.firstElementChild as HTMLElement).getAttribute('aria-label'));
    expect(names).toEqual([
      'Home',
      'Chat',
      'Write',
      'Review Assistant',
      'Regulatory Wiki',
      'Reports',
      'Tutorials & Documentation',
      'Champion Dashboard',
      'Admin',
    ]);
  });

  it('Reports is a link like any other tool, with no navigation event of its own', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/home', { user: buildTestUser({ account_roles: ['standard', 'champion', 'verity_admin'] }) });
    await waitFor(() => expect(within(mainNav()).getAllByRole('link')).toHaveLength(9));
    await user.click(within(mainNav()).getByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reporting'));
    expect(
      pendingAnalyticsEvents()
        .map((e) => e.event)
        .filter((event) => event.startsWith('navigate_')),
    ).toEqual([]);
  });

  it('hides Reports when the workforce-reports flag is off for the user, reading the flags that came with them', async () => {
    const calls = mockApi({
      'GET /api/flags': { flags: buildFlags() },
      'GET /api/notifications/user': { notifications: [] },
    });
    renderApp('/home', { user: buildTestUser({ flags: buildFlags({ 'workforce-reports': false }) }) });
    await waitFor(() => expect(within(mainNav()).getByRole('link', { name: 'Chat' })).toBeTruthy());
    expect(within(mainNav()).queryByRole('button', { name: /^Reports/ })).toBeNull();
    // The user's own flags were used: the global ones (Reports on) were never asked for.
    expect(calls.some((call) => call.path === '/api/flags')).toBe(false);
  });

  it('highlights the active section, fires the navigation event and records a page view', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/profile/help-support', { user: buildTestUser() });
    await waitFor(() => expect(within(mainNav()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull());

    await user.click(within(mainNav()).getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Quick actions' })).toBeTruthy();
    expect(within(mainNav()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');

    const events = pendingAnalyticsEvents();
    expect(events.map((e) => e.event)).toContain('navigate_home');
    const pageviews = events.filter((e) => e.event === '$pageview').map((e) => e.properties.path);
    expect(pageviews).toEqual(['/profile/help-support', '/home']);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it.each([
    ['Home', 'navigate_home'],
    ['Chat', 'navigate_chat'],
    ['Write', 'navigate_writing_assistant'],
    ['Regulatory Wiki', 'navigate_wiki'],
  ])('%s fires %s', async (label, event) => {
    const user = userEvent.setup();
    renderApp('/profile/help-support', { user: buildTestUser({ account_roles: ['standard', 'champion', 'verity_admin'] }) });
    // The shell is loaded on demand: its navigation may not be there yet.
    await screen.findAllByRole('navigation', { name: 'Main' });
    await user.click(await within(mainNav()).findByRole('link', { name: label }));
    expect(pendingAnalyticsEvents().map((e) => e.event)).toContain(event);
  });

  it('uses the fixed-height layout for chat and the scrolling layout elsewhere', async () => {
    const { container } = renderApp('/chat/abc', { user: buildTestUser() });
    await screen.findByRole('heading', { level: 2, name: 'Conversations' });
    expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('fixed');
    expect(container.querySelector('[data-layout]')?.className).toContain('h-dvh');
  });

  it('the mobile bar holds the first tools that fit and the rest under More', async () => {
    renderApp('/home', { user: buildTestUser({ account_roles: ['standard', 'champion'] }) });
    const bar = await screen.findByRole('navigation', { name: 'Quick navigation' });
    await waitFor(() => expect(within(bar).getAllByRole('link')).toHaveLength(4));
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Home', 'Chat', 'Regulatory Wiki', 'Reports']);
    expect(within(bar).getByRole('button', { name: 'More' })).toBeTruthy();
  });

  it('the mobile menu lists every item and closes after navigating', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/profile/help-support', { user: buildTestUser() });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(within(drawer).getAllByRole('link')).toHaveLength(7));
    expect(within(drawer).getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/reporting');
    await user.click(within(drawer).getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });

  it('renders only the navigation the screen shows, and swaps it when the window crosses the md width', async () => {
    let wide = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query === '(min-width: 48rem)' ? wide : false;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }));
    renderApp('/home', { user: buildTestUser() });
    await screen.findByRole('heading', { level: 1, name: /Amara/ });
    // A phone: the top bar and the tab bar, no rail.
    expect(screen.getByRole('navigation', { name: 'Quick navigation' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Verity home' })).toBeNull();

    wide = true;
    act(() => {
      for (const listener of listeners) listener();
    });
    expect(screen.getByRole('link', { name: 'Verity home' })).not.toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Quick navigation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  });
});
