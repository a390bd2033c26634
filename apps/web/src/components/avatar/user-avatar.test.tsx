import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserAvatar } from './user-avatar';

describe('UserAvatar', () => {
  it('is decorative by default: hidden from assistive tech, whether photo or initials', () => {
    const { rerender } = render(<UserAvatar firstname="Amara" surname="Okafor" photoURL="/api/account/photos/ph_1" />);
    expect(screen.queryByRole('img')).toBeNull();
    rerender(<UserAvatar firstname="Amara" surname="Okafor" />);
    const initials = screen.getByTestId('avatar-initials');
    expect(initials.getAttribute('aria-hidden')).toBe('true');
    expect(initials.textContent).toBe('AO');
  });

  it('when labelled, names the photo after the person and says whose the initials are', () => {
    const { rerender } = render(<UserAvatar firstname="Amara" surname="Okafor" photoURL="/api/account/photos/ph_1" size="xl" labelled />);
    expect(screen.getByRole('img', { name: 'Amara Okafor' }).getAttribute('src')).toBe('/api/account/photos/ph_1');
    rerender(<UserAvatar firstname="Amara" surname="Okafor" size="xl" labelled />);
    expect(screen.getByRole('img', { name: 'Initials of Amara Okafor' }).textContent).toBe('AO');
  });

  it('falls back to the initials when the photo fails to load', () => {
    render(<UserAvatar firstname="Amara" surname="Okafor" photoURL="/api/account/photos/gone" labelled />);
    fireEvent.error(screen.getByRole('img', { name: 'Amara Okafor' }));
    expect(screen.getByRole('img', { name: 'Initials of Amara Okafor' }).textContent).toBe('AO');
  });
});
