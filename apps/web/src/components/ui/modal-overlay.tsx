import * as RadixDialog from '@radix-ui/react-dialog';
import { type ComponentPropsWithoutRef, useRef } from 'react';
import { cn } from '../../lib/cn';

type ContentProps = ComponentPropsWithoutRef<typeof RadixDialog.Content>;

export interface ModalOverlayProps extends Omit<ContentProps, 'onEscapeKeyDown' | 'onOpenAutoFocus' | 'onCloseAutoFocus' | 'forceMount'> {
  open: boolean;
  /** Called on Escape, on a click outside the panel and by a RadixDialog.Close inside it. */
  onClose: () => void;
  /** Positions the panel within the full-screen dimmed layer. */
  layerClassName?: string;
}

/**
 * What every modal surface (dialog, temporary drawer) shares, on Radix Dialog: a portal over the
 * page with a dimmed backdrop, focus held in the panel, the page not scrolling, and Escape or a
 * click outside closing it. The panel is `RadixDialog.Content`, so a `RadixDialog.Title` inside
 * names it.
 */
export function ModalOverlay({ open, onClose, layerClassName, children, ...contentProps }: ModalOverlayProps) {
  const openerRef = useRef<Element | null>(null);

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={cn('fixed inset-0 z-50 bg-slate-950/40', layerClassName)}>
          <RadixDialog.Content
            {...contentProps}
            onOpenAutoFocus={(event) => {
              openerRef.current = document.activeElement;
              // A panel may name the control to start on (say Cancel of a destructive confirmation).
              const preferred = event.currentTarget instanceof HTMLElement && event.currentTarget.querySelector('[data-autofocus]');
              if (preferred instanceof HTMLElement) {
                event.preventDefault();
                preferred.focus();
              }
            }}
            onCloseAutoFocus={(event) => {
              // Radix returns focus only to its own trigger; ours are opened from anywhere (a menu
              // item, a store), so focus goes back to whatever had it before.
              event.preventDefault();
              const opener = openerRef.current;
              if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
            }}
            onEscapeKeyDown={(event) => closeUnlessHandledInside(event, onClose)}
          >
            {children}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Radix hears Escape on the document before the focused control does, so a control inside the
 * panel that uses Escape itself (a search box clearing its text, an inline rename) could not keep
 * the panel open. Close only if the key bubbles back up to the document unhandled, and stop it
 * there so listeners behind the modal do not act on it too.
 */
function closeUnlessHandledInside(event: KeyboardEvent, onClose: () => void): void {
  event.preventDefault();
  const onBubble = (bubbled: KeyboardEvent) => {
    document.removeEventListener('keydown', onBubble);
    if (bubbled !== event) return;
    event.stopPropagation();
    onClose();
  };
  document.addEventListener('keydown', onBubble);
  // A control that stopped the key leaves the listener behind; drop it once dispatch is over.
  setTimeout(() => document.removeEventListener('keydown', onBubble), 0);
}
