import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from './toast';
import { Toaster } from './toaster';

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows success, error and info messages in a live region and closes them after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Profile updated.');
      toast.error('Failed to fetch notifications');
      toast.info('Heads up');
    });
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch notifications');
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Profile updated.', 'Heads up']);
    expect(screen.getByText('Profile updated.').closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Profile updated.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Profile updated.')).toBeNull();
    expect(screen.queryByText('Failed to fetch notifications')).toBeNull();
  });

  it('can be dismissed by hand', () => {
    render(<Toaster />);
    act(() => {
      toast.info('Dismiss me');
    });
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByText('Dismiss me')).toBeNull();
  });
});
