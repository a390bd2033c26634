import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { buildAppConfig, buildTestUser } from '../../test/fixtures';
import { mockApi, type RecordedCall } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';
import { resetStores } from '../../test/reset-stores';
import { HelpSupportPage } from './help-support-page';

describe('HelpSupportPage', () => {
  let calls: RecordedCall[] = [];
  beforeEach(() => {
    resetStores();
    calls = mockApi({ 'GET /api/app-config': buildAppConfig({ support_email: 'help@trust.example' }) });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('links to the configured support address and to the tutorials for a standard user', async () => {
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser() });
    renderRoute(<HelpSupportPage />, { path: '/profile/help-support' });

    const address = await screen.findByRole('link', { name: 'help@trust.example' });
    expect(address.getAttribute('href')).toBe('mailto:help@trust.example');
    const draft = screen.getByRole('link', { name: 'Write to support' }).getAttribute('href') ?? '';
    expect(draft.startsWith('mailto:help@trust.example?subject=')).toBe(true);
    expect(decodeURIComponent(draft)).toContain('E-mail: amara.okafor@example.nhs.uk');
    // The support address, and the champions the "Access denied" answer names.
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual(['GET /api/app-config', 'GET /api/members/champions']);
    expect(screen.getByRole('link', { name: /Tutorials & Documentation/ }).getAttribute('href')).toBe('/tutorials');
    expect(screen.getByText(/Request ID/, { selector: 'strong' })).toBeTruthy();
  });

  it("gives the photo size limit from the server's configuration", async () => {
    mockApi({ 'GET /api/app-config': buildAppConfig({ support_email: 'help@trust.example', image_max_bytes: 2 * 1024 * 1024 }) });
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser() });
    renderRoute(<HelpSupportPage />, { path: '/profile/help-support' });
    await screen.findByRole('link', { name: 'help@trust.example' });
    expect(screen.getByText(/a PNG, JPEG, GIF or WebP image of up to 2 MB\./)).toBeTruthy();
  });

  it('does not offer the tutorials link to a guest, who could not open it', async () => {
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser({ account_roles: ['guest'] }) });
    renderRoute(<HelpSupportPage />, { path: '/profile/help-support' });
    await screen.findByRole('link', { name: 'help@trust.example' });
    expect(screen.queryByRole('link', { name: /Tutorials & Documentation/ })).toBeNull();
    expect(screen.getByText(/Tutorials are available to accounts with full \(standard\) access/)).toBeTruthy();
  });
});
