import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModalOverlay } from './modal-overlay';

function Panel({ onClose }: { onClose: () => void }) {
  const panelRef = useRef<HTMLDivElement>(null);
  return (
    <ModalOverlay panelRef={panelRef} onClose={onClose}>
      <div ref={panelRef} role="dialog" aria-label="Panel" tabIndex={-1}>
        <button type="button">Inside</button>
      </div>
    </ModalOverlay>
  );
}

describe('ModalOverlay', () => {
  it('moves focus in, locks page scroll, and gives both back when it unmounts', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(<Panel onClose={() => {}} />);

    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    expect(document.body.style.overflow).toBe('hidden');

    unmount();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
    opener.remove();
  });

  it('closes on Escape without letting the key reach listeners behind it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const behind = vi.fn();
    window.addEventListener('keydown', behind);
    render(<Panel onClose={onClose} />);

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(behind).not.toHaveBeenCalled();
    window.removeEventListener('keydown', behind);
  });

  it('closes on a click on the backdrop but not inside the panel', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Panel onClose={onClose} />);

    await user.click(screen.getByRole('button', { name: 'Inside' }));
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = screen.getByRole('dialog').previousElementSibling;
    if (!(backdrop instanceof HTMLElement)) throw new Error('no backdrop');
    await user.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
