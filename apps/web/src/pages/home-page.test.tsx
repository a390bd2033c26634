import type { DocumentReference } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildFlags, buildTestUser } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { resetStores } from '../test/reset-stores';

const NOW = new Date().toISOString();

function reference(id: string, code: string, title: string): DocumentReference {
  return {
    short_id: id.padEnd(26, '0'),
    code,
    title,
    tags: { category: 'Guidance', domain: 'HTM', subdomain: 'Water' },
    status: 'current',
    edition: '2016',
  };
}

const EMPTY = {
  'GET /api/flags': { flags: buildFlags() },
  'GET /api/notifications/user': { notifications: [] },
  'GET /api/chat/sessions': { sessions: [], page: 1, page_size: 20, total: 0 },
  'GET /api/docs/my-favourites': { favourites: [] },
  'GET /api/docs/recent': { documents: [] },
};

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('home page', () => {
  it('greets the user and links every tool they may use', async () => {
    mockApi(EMPTY);
    renderApp('/home', { user: buildTestUser({ firstname: 'Amara', account_roles: ['standard', 'champion', 'verity_admin'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: /, Amara$/ })).toBeTruthy();
    const actions = screen.getByRole('region', { name: 'Quick actions' });
    await waitFor(() =>
      expect(
        within(actions)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/landing', '/chat', '/write', '/review', '/wiki', '/reporting', '/tutorials', '/dashboard', '/admin']),
    );
  });

  it('shows the latest three notifications, newest first, and opens the rest in the Notifications modal', async () => {
    const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9)).toISOString();
    const notification = (id: string, day: number, status: 'read' | 'unread') => ({
      id,
      status,
      title: `Notice ${id}`,
      message: `Message ${id}`,
      created_at: at(day),
    });
    mockApi({
      ...EMPTY,
      'GET /api/notifications/user': {
        notifications: [
          notification('a', 3, 'read'),
          notification('b', 20, 'unread'),
          notification('c', 11, 'read'),
          notification('d', 7, 'unread'),
        ],
      },
    });
    renderApp('/home', { user: buildTestUser() });
    const latest = await screen.findByRole('region', { name: /Latest notifications/ });
    await within(latest).findByText('Notice b');
    const items = within(latest).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Unread: Notice b20/11/2026Message b',
      'Notice c11/11/2026Message c',
      'Unread: Notice d07/11/2026Message d',
    ]);
    expect(within(latest).getByText('2 unread')).toBeTruthy();
    await userEvent.setup().click(within(latest).getByRole('button', { name: 'All notifications' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeTruthy();
  });

  it('keeps the notifications card as tall as last time while its list loads, then remembers how many it showed', async () => {
    localStorage.setItem('verity.latestNotificationsShown', '2');
    mockApi({
      ...EMPTY,
      'GET /api/notifications/user': {
        notifications: [{ id: 'a', status: 'unread', title: 'Notice a', message: 'Message a', created_at: NOW }],
      },
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).includes('/api/notifications/user')) await gate;
      return answer(input, init);
    });
    renderApp('/home', { user: buildTestUser() });
    const latest = await screen.findByRole('region', { name: /Latest notifications/ });
    expect(within(latest).getByText('Loading notifications...').className).toContain('sr-only');
    expect(within(latest).getAllByRole('listitem', { hidden: true })).toHaveLength(2);
    expect(within(latest).getByRole('button', { name: 'All notifications' })).toBeTruthy();

    release();
    await within(latest).findByText('Notice a');
    expect(within(latest).getAllByRole('listitem', { hidden: true })).toHaveLength(1);
    await waitFor(() => expect(localStorage.getItem('verity.latestNotificationsShown')).toBe('1'));
  });

  it('shows onboarding progress to a standard user, and not to a guest', async () => {
    mockApi(EMPTY);
    const { unmount } = renderApp('/home', { user: buildTestUser({ onboarding_modules: ['welcome', 'chat'] }) });
    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(card).getByText('2 of 5 completed')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Continue the guide' })).toBeTruthy();
    unmount();
    resetStores();
    mockApi(EMPTY);
    renderApp('/home', { user: buildTestUser({ account_roles: ['guest'] }) });
    await screen.findByRole('region', { name: /Latest notifications/ });
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
  });

  it('tells a new user what to do when each list is empty', async () => {
    mockApi(EMPTY);
    renderApp('/home', { user: buildTestUser({ account_roles: ['standard'] }) });
    const conversations = await screen.findByRole('region', { name: 'Recent conversations' });
    expect(await within(conversations).findByText(/No conversations yet/)).toBeTruthy();
    expect(
      within(conversations)
        .getByRole('link', { name: /Ask your first question/ })
        .getAttribute('href'),
    ).toBe('/chat');
    const favourites = screen.getByRole('region', { name: 'Favourites' });
    expect(await within(favourites).findByText(/No favourites yet/)).toBeTruthy();
    const recent = screen.getByRole('region', { name: 'Recently opened' });
    expect(await within(recent).findByText(/Nothing opened yet/)).toBeTruthy();
  });

  it('lists recent conversations, favourites and recently opened documents', async () => {
    mockApi({
      ...EMPTY,
      'GET /api/chat/sessions': {
        sessions: [{ id: 'S1', title: 'Legionella sentinel checks', created_at: NOW, updated_at: NOW, last_message_at: NOW }],
        page: 1,
        page_size: 20,
        total: 1,
      },
      'GET /api/docs/my-favourites': { favourites: [reference('F1', 'HTM 06-01', 'Electrical services supply and distribution')] },
      'GET /api/docs/recent': {
        documents: [{ reference: reference('R1', 'HTM 04-01 Part B', 'Water safety operational management'), opened_at: NOW }],
      },
    });
    renderApp('/home', { user: buildTestUser({ account_roles: ['standard'] }) });
    const conversations = await screen.findByRole('region', { name: 'Recent conversations' });
    const conversation = await within(conversations).findByRole('link', { name: /Legionella sentinel checks/ });
    expect(conversation.getAttribute('href')).toBe('/chat/S1');
    const favourites = screen.getByRole('region', { name: 'Favourites' });
    expect((await within(favourites).findByRole('link', { name: /HTM 06-01/ })).getAttribute('href')).toBe(`/wiki/${'F1'.padEnd(26, '0')}`);
    const recent = screen.getByRole('region', { name: 'Recently opened' });
    const opened = await within(recent).findByRole('link', { name: /HTM 04-01 Part B/ });
    expect(opened.getAttribute('href')).toBe(`/wiki/${'R1'.padEnd(26, '0')}`);
    expect(opened.textContent).toMatch(/Opened just now/);
  });

  it('gives a guest no tool shortcuts, asks only for what a guest may see, and says how to get access', async () => {
    const calls = mockApi(EMPTY);
    renderApp('/home', { user: buildTestUser({ account_roles: ['guest'] }) });
    const actions = await screen.findByRole('region', { name: 'Quick actions' });
    expect(within(actions).queryAllByRole('link')).toHaveLength(0);
    expect(within(actions).getByText(/does not include any tools yet/)).toBeTruthy();
    const recent = screen.getByRole('region', { name: 'Recently opened' });
    expect(await within(recent).findByText(/Documents shared with you/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Favourites' })).toBeNull();
    const paths = calls.map((call) => call.path);
    expect(paths).toContain('/api/docs/recent');
    expect(paths).not.toContain('/api/chat/sessions');
    expect(paths).not.toContain('/api/docs/my-favourites');
  });

  it('names the tab after the page', async () => {
    mockApi(EMPTY);
    renderApp('/home', { user: buildTestUser({ account_roles: ['standard'] }) });
    await screen.findByRole('region', { name: 'Quick actions' });
    expect(document.title).toBe('Home — Verity');
  });
});
