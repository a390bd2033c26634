import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Drawer } from './drawer';

describe('Drawer', () => {
  it('temporary: unmounted when closed; when open it is full height, 100px by default and locks page scroll', async () => {
    const { rerender } = render(
      <Drawer open={false} onClose={() => {}} label="Filters">
        <p>Drawer body</p>
      </Drawer>,
    );
    expect(screen.queryByText('Drawer body')).toBeNull();
    expect(getComputedStyle(document.body).overflow).not.toBe('hidden');

    rerender(
      <Drawer open onClose={() => {}} label="Filters">
        <p>Drawer body</p>
      </Drawer>,
    );
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    expect(panel.style.width).toBe('100px');
    expect(panel.className).toContain('h-dvh');
    expect(getComputedStyle(document.body).overflow).toBe('hidden');

    rerender(
      <Drawer open={false} onClose={() => {}} label="Filters">
        <p>Drawer body</p>
      </Drawer>,
    );
    await waitFor(() => expect(screen.queryByText('Drawer body')).toBeNull());
    expect(getComputedStyle(document.body).overflow).not.toBe('hidden');
  });

  it('temporary: Escape and the backdrop close it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Drawer open onClose={onClose} label="Menu">
        <button type="button">Inside</button>
      </Drawer>,
    );
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    if (!panel.parentElement) throw new Error('no backdrop');
    await user.click(panel.parentElement);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('persistent: stays in the layout, hidden when closed, without locking scroll', () => {
    const { rerender } = render(
      <Drawer open variant="persistent" onClose={() => {}} label="Sources" width={320}>
        <p>Persistent body</p>
      </Drawer>,
    );
    const aside = screen.getByRole('complementary', { name: 'Sources' });
    expect(aside.hidden).toBe(false);
    expect(getComputedStyle(document.body).overflow).not.toBe('hidden');
    rerender(
      <Drawer open={false} variant="persistent" onClose={() => {}} label="Sources" width={320}>
        <p>Persistent body</p>
      </Drawer>,
    );
    expect(screen.getByText('Persistent body')).toBeTruthy();
    expect(screen.getByText('Persistent body').closest('aside')?.hidden).toBe(true);
  });
});
