import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';

beforeEach(() => {
  resetStores();
});

describe('/reporting', () => {
  it('lists the reports there are, each opening its page', async () => {
    mockApi({ 'GET /api/notifications/user': { notifications: [] } });
    renderApp('/reporting', { user: buildTestUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Workforce performance/ }).getAttribute('href')).toBe('/reporting/workforce-performance');
  });
});
