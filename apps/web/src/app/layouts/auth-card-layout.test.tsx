import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAppConfig, buildFlags } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';

const partners = [
  { name: 'Northfield NHS Trust', logo_url: '/logos/northfield.svg' },
  { name: 'Riverside Hospital', logo_url: '/logos/riverside.svg' },
];
const professional = [{ name: 'Institute of Estates', logo_url: '/logos/institute.svg' }];

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('auth card layout', () => {
  it('shows the logo and the Trusted by strip with the list rendered twice, the copy hidden from assistive tech', async () => {
    mockApi({ 'GET /api/app-config': buildAppConfig({ trusted_by: partners }), 'GET /api/flags': { flags: buildFlags() } });
    renderApp('/auth/forgot-password');
    expect(screen.getAllByRole('img', { name: 'Verity' }).length).toBeGreaterThan(0);
    const strip = await screen.findByTestId('trusted-by-strip');
    expect(screen.getByRole('heading', { name: 'Trusted by' })).toBeTruthy();
    const items = strip.querySelectorAll('li');
    expect(items).toHaveLength(4);
    expect(
      within(strip)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Northfield NHS Trust', 'Riverside Hospital']);
    expect(items[2]?.getAttribute('aria-hidden')).toBe('true');
  });

  it('switches to the professional-body set and logo when the flag is on', async () => {
    mockApi({
      'GET /api/app-config': buildAppConfig({
        trusted_by: partners,
        trusted_by_professional: professional,
        professional_body_logo: { name: 'Royal Body of Engineers', logo_url: '/logos/body.svg' },
      }),
      'GET /api/flags': { flags: buildFlags({ 'professional-body-logos': true }) },
    });
    renderApp('/auth/forgot-password');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Institute of Estates' })).toBeTruthy());
    expect(screen.queryByRole('img', { name: 'Northfield NHS Trust' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Royal Body of Engineers' })).toBeTruthy();
  });

  it('hides the whole strip when the list is empty', async () => {
    const calls = mockApi({ 'GET /api/app-config': buildAppConfig({ trusted_by: [] }), 'GET /api/flags': { flags: buildFlags() } });
    renderApp('/auth/forgot-password');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/app-config')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('trusted-by-strip')).toBeNull();
    expect(screen.queryByText('Trusted by')).toBeNull();
  });
});
