import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildFlags, buildTestUser } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { resetStores } from '../test/reset-stores';

beforeEach(() => {
  resetStores();
  mockApi({ 'GET /api/flags': { flags: buildFlags() }, 'GET /api/notifications/user': { notifications: [] } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('home page', () => {
  it('greets the user by first name and offers a quick action for each tool they may use', async () => {
    renderApp('/home', { user: buildTestUser({ firstname: 'Amara', account_roles: ['standard', 'champion'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: /, Amara$/ })).toBeTruthy();
    const actions = screen.getByRole('region', { name: 'Quick actions' });
    await waitFor(() => expect(within(actions).getAllByRole('link')).toHaveLength(7));
    expect(
      within(actions)
        .getByRole('link', { name: /Champion Dashboard/ })
        .getAttribute('href'),
    ).toBe('/dashboard');
    expect(within(actions).queryByRole('link', { name: /^Admin/ })).toBeNull();
    expect(screen.getByText('Recent conversations will appear here once you start using Chat.')).toBeTruthy();
  });

  it('gives a guest no tool shortcuts and says how to get access', async () => {
    renderApp('/home', { user: buildTestUser({ account_roles: ['guest'] }) });
    const actions = await screen.findByRole('region', { name: 'Quick actions' });
    expect(within(actions).queryAllByRole('link')).toHaveLength(0);
    expect(within(actions).getByText(/does not include any tools yet/)).toBeTruthy();
  });
});
