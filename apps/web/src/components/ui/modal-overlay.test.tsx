import * as RadixDialog from '@radix-ui/react-dialog';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModalOverlay } from './modal-overlay';

function Panel({ onClose, open = true }: { onClose: () => void; open?: boolean }) {
  const [query, setQuery] = useState('x');
  return (
    <ModalOverlay open={open} onClose={onClose} aria-describedby={undefined}>
      <RadixDialog.Title>Panel</RadixDialog.Title>
      <button type="button">Inside</button>
      <input
        aria-label="Search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && query) {
            event.stopPropagation();
            setQuery('');
          }
        }}
      />
      <button type="button" data-autofocus>
        Preferred
      </button>
    </ModalOverlay>
  );
}

describe('ModalOverlay', () => {
  it('moves focus in (to the control marked data-autofocus), locks page scroll, and gives both back when it closes', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { rerender } = render(<Panel onClose={() => {}} />);

    expect(document.activeElement).toBe(await screen.findByRole('button', { name: 'Preferred' }));
    expect(screen.getByRole('dialog', { name: 'Panel' })).toBeTruthy();
    expect(getComputedStyle(document.body).overflow).toBe('hidden');

    rerender(<Panel onClose={() => {}} open={false} />);
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
    expect(getComputedStyle(document.body).overflow).not.toBe('hidden');
    opener.remove();
  });

  it('keeps Tab and Shift+Tab inside the panel', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Behind</button>
        <Panel onClose={() => {}} />
      </>,
    );
    const preferred = await screen.findByRole('button', { name: 'Preferred' });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(preferred);
  });

  it('closes on Escape without letting the key reach listeners behind it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const behind = vi.fn();
    window.addEventListener('keydown', behind);
    render(<Panel onClose={onClose} />);
    await screen.findByRole('dialog');

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(behind).not.toHaveBeenCalled();
    window.removeEventListener('keydown', behind);
  });

  it('leaves Escape to a control inside that uses it, and closes on the next one', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Panel onClose={onClose} />);
    const search = await screen.findByRole('textbox', { name: 'Search' });
    await user.click(search);

    await user.keyboard('{Escape}');
    expect((search as HTMLInputElement).value).toBe('');
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a click outside the panel but not inside it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Panel onClose={onClose} />);

    await user.click(await screen.findByRole('button', { name: 'Inside' }));
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = screen.getByRole('dialog').parentElement;
    if (!backdrop) throw new Error('no backdrop');
    await user.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
