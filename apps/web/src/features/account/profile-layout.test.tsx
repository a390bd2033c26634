import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render-route';
import { ProfileLayout } from './profile-layout';

function renderAt(url: string) {
  renderRoute(<ProfileLayout />, {
    path: '/profile',
    url,
    children: (
      <>
        <Route index element={<p>edit page</p>} />
        <Route path="update-password" element={<p>password page</p>} />
        <Route path="help-support" element={<p>help page</p>} />
      </>
    ),
  });
}

describe('ProfileLayout', () => {
  it.each([
    ['/profile', 'Edit profile', 'edit page'],
    ['/profile/update-password', 'Update password', 'password page'],
    ['/profile/help-support', 'Help & support', 'help page'],
  ])('marks the tab for %s as current and shows its page', (url, tab, content) => {
    renderAt(url);
    const nav = screen.getByRole('navigation', { name: 'Profile sections' });
    const current = nav.querySelectorAll('[aria-current="page"]');
    expect(current).toHaveLength(1);
    expect(current[0]?.textContent).toBe(tab);
    expect(screen.getByText(content)).toBeTruthy();
  });
});
