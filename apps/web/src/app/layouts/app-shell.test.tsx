import { screen, waitFor, within } from '@testing-library/react';
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
    await waitFor(() => expect(within(mainNav()).getAllByRole('link')).toHaveLength(9));
    const labels = within(mainNav())
      .getAllByRole('link')
      .map((a) => a.getAttribute('aria-label'));
    expect(labels).toEqual([
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

  it('hides Reports when the workforce-reports flag is off', async () => {
    mockApi({
      'GET /api/flags': { flags: buildFlags({ 'workforce-reports': false }) },
      'GET /api/notifications/user': { notifications: [] },
    });
    renderApp('/home', { user: buildTestUser() });
    await waitFor(() => expect(within(mainNav()).getByRole('link', { name: 'Chat' })).toBeTruthy());
    expect(within(mainNav()).queryByRole('link', { name: 'Reports' })).toBeNull();
  });

  it('highlights the active section, fires the navigation event and records a page view', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/home', { user: buildTestUser() });
    await waitFor(() => expect(within(mainNav()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page'));

    await user.click(within(mainNav()).getByRole('link', { name: 'Write' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/write'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Write' })).toBeTruthy();
    expect(within(mainNav()).getByRole('link', { name: 'Write' }).getAttribute('aria-current')).toBe('page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();

    const events = pendingAnalyticsEvents();
    expect(events.map((e) => e.event)).toContain('navigate_writing_assistant');
    const pageviews = events.filter((e) => e.event === '$pageview').map((e) => e.properties.path);
    expect(pageviews).toEqual(['/home', '/write']);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it.each([
    ['Home', 'navigate_home'],
    ['Chat', 'navigate_chat'],
    ['Review Assistant', 'navigate_review'],
    ['Regulatory Wiki', 'navigate_wiki'],
    ['Tutorials & Documentation', 'navigate_tutorials'],
    ['Champion Dashboard', 'navigate_dashboard'],
    ['Admin', 'navigate_admin'],
  ])('%s fires %s', async (label, event) => {
    const user = userEvent.setup();
    renderApp('/profile/help-support', { user: buildTestUser({ account_roles: ['standard', 'champion', 'verity_admin'] }) });
    await user.click(await within(mainNav()).findByRole('link', { name: label }));
    expect(pendingAnalyticsEvents().map((e) => e.event)).toContain(event);
  });

  it('uses the fixed-height layout for chat and the scrolling layout elsewhere', async () => {
    const { container } = renderApp('/chat/abc', { user: buildTestUser() });
    await screen.findByRole('heading', { level: 2, name: 'Conversations' });
    expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('fixed');
    expect(container.querySelector('[data-layout]')?.className).toContain('h-dvh');
  });

  it('the mobile bar leaves out Write and Review and keeps the active page out of More', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard', { user: buildTestUser({ account_roles: ['standard', 'champion', 'verity_admin'] }) });
    const bar = await screen.findByRole('navigation', { name: 'Quick navigation' });
    await waitFor(() => expect(within(bar).getByRole('link', { name: 'Champion Dashboard' })).toBeTruthy());
    expect(within(bar).queryByRole('link', { name: 'Write' })).toBeNull();
    expect(within(bar).queryByRole('link', { name: 'Review Assistant' })).toBeNull();
    expect(within(bar).getByRole('link', { name: 'Champion Dashboard' }).getAttribute('aria-current')).toBe('page');
    // Seven bar items with room for five: four in the bar (the active one included) and More.
    expect(within(bar).getAllByRole('link')).toHaveLength(4);
    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const more = screen.getByRole('menu', { name: 'More' });
    const overflow = within(more)
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(overflow).not.toContain('Champion Dashboard');
    expect(overflow).toHaveLength(3);
  });

  it('the mobile menu lists every item and closes after navigating', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/home', { user: buildTestUser() });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(within(drawer).getAllByRole('link')).toHaveLength(7));
    await user.click(within(drawer).getByRole('link', { name: 'Review Assistant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/review'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});
