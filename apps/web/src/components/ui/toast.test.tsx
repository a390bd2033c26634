import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from './toast';
import { Toaster } from './toaster';

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** The toaster's code is loaded with the first toast; wait until the toasts are on screen. */
async function renderToasts(...messages: [show: (message: string) => number, message: string][]): Promise<HTMLElement> {
  render(<Toaster />);
  act(() => {
    for (const [show, message] of messages) show(message);
  });
  for (const [, message] of messages) await screen.findByText(message, { selector: 'li *' });
  return screen.getByRole('region', { name: /^Notifications/ });
}

describe('toast', () => {
  it('shows success, error and info messages top right, announces them, and closes them after 5000 ms', async () => {
    const region = await renderToasts(
      [toast.success, 'Profile updated.'],
      [toast.error, 'Failed to fetch notifications'],
      [toast.info, 'Heads up'],
    );
    const list = region.querySelector('ol');
    expect(list?.className).toContain('top-4');
    expect(list?.className).toContain('right-4');
    expect([...(list?.querySelectorAll('li') ?? [])].map((item) => item.textContent)).toEqual([
      'Profile updated.',
      'Failed to fetch notifications',
      'Heads up',
    ]);
    // Errors interrupt (assertive); the rest wait their turn (polite).
    const announcer = (text: string) =>
      screen.getAllByRole('status').find((node) => !node.closest('ol') && node.textContent?.includes(text) === true);
    await vi.waitFor(() => expect(announcer('Failed to fetch notifications')?.getAttribute('aria-live')).toBe('assertive'));
    expect(announcer('Profile updated.')?.getAttribute('aria-live')).toBe('polite');

    vi.useFakeTimers();
    act(() => toast.info('Later'));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Later')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Later')).toBeNull();
    expect(useToastStore.getState().toasts.map((t) => t.message)).not.toContain('Later');
  });

  it('can be dismissed by hand', async () => {
    const user = userEvent.setup();
    await renderToasts([toast.info, 'Dismiss me']);
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Dismiss me')).toBeNull();
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});
