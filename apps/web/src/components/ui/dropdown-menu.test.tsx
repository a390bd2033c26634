import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';
import { DropdownMenu } from './dropdown-menu';
import { menuButtonModule } from './overlay-modules';

function renderMenu() {
  const onSelect = vi.fn();
  render(
    <div>
      <DropdownMenu
        label="Account"
        items={[
          { id: 'notifications', label: 'Notifications', onSelect: () => onSelect('notifications') },
          { id: 'profile', label: 'Profile', onSelect: () => onSelect('profile') },
          { id: 'logout', label: 'Logout', onSelect: () => onSelect('logout') },
        ]}
        trigger={(props) => (
          <button type="button" {...props}>
            Open account menu
          </button>
        )}
      />
      <button type="button">Outside</button>
    </div>,
  );
  return { onSelect, trigger: currentTrigger() };
}

/** The trigger as it is now: the first use puts Radix's in the light one's place. */
function currentTrigger(): HTMLElement {
  return screen.getByRole('button', { name: 'Open account menu' });
}

describe('DropdownMenu', () => {
  it('opens on click with the first item focused and exposes menu semantics', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(menu.className).toContain('min-w-48');
    expect(currentTrigger().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('menuitem')).toHaveLength(3);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Notifications' }));
  });

  it('moves focus with ArrowDown, ArrowUp (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    await user.click(trigger);
    const item = (name: string) => screen.getByRole('menuitem', { name });
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Profile'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Logout'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Notifications'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(item('Logout'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(item('Notifications'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(item('Logout'));
  });

  it('opens from the trigger with ArrowUp on the last item', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Logout' }));
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(currentTrigger());
  });

  it('closes on Tab', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    await user.click(trigger);
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on a click outside, but not on a click inside', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    await user.click(trigger);
    await user.pointer({ keys: '[MouseLeft]', target: screen.getByRole('menu') });
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('stays a light button, without Radix’s attributes, until it is first used', async () => {
    await menuButtonModule.load();
    const user = userEvent.setup();
    renderMenu();
    expect(currentTrigger().hasAttribute('data-state')).toBe(false);
    await user.click(currentTrigger());
    expect(currentTrigger().getAttribute('data-state')).toBe('open');
    await user.keyboard('{Escape}');
    expect(currentTrigger().getAttribute('data-state')).toBe('closed');
  });

  it('runs the chosen item and closes (Enter on a focused item)', async () => {
    const user = userEvent.setup();
    const { trigger, onSelect } = renderMenu();
    await user.click(trigger);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('profile');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('gives focus back to the trigger when a dialog opened from an item closes', async () => {
    const user = userEvent.setup();
    function MenuWithDialog() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <DropdownMenu
            label="Account"
            items={[{ id: 'notifications', label: 'Notifications', onSelect: () => setOpen(true) }]}
            trigger={(props) => (
              <button type="button" {...props}>
                Open account menu
              </button>
            )}
          />
          <Dialog open={open} onClose={() => setOpen(false)} title="Notifications">
            <p>List</p>
          </Dialog>
        </>
      );
    }
    render(<MenuWithDialog />);
    const trigger = screen.getByRole('button', { name: 'Open account menu' });
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Notifications' }));
    await screen.findByRole('dialog', { name: 'Notifications' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(currentTrigger()));
  });
});
