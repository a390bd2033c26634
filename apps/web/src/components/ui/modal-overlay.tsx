import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../../hooks/use-focus-trap';
import { useScrollLock } from '../../hooks/use-scroll-lock';
import { cn } from '../../lib/cn';

export interface ModalOverlayProps {
  /** The panel inside `children` that holds focus while the overlay is mounted. */
  panelRef: RefObject<HTMLElement | null>;
  /** Called on Escape and on a click on the backdrop. */
  onClose: () => void;
  /** Positions the panel within the full-screen layer. */
  className?: string;
  children: ReactNode;
}

/**
 * What every modal surface (dialog, temporary drawer) shares while it is mounted: a portal over
 * the page with a dimmed backdrop, focus trapped in the panel, the page not scrolling, and
 * Escape or a backdrop click closing it. Mount it only while open.
 */
export function ModalOverlay({ panelRef, onClose, className, children }: ModalOverlayProps) {
  useScrollLock(true);
  useFocusTrap(panelRef, true);

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        // The topmost modal takes the Escape; nothing behind it should act on it too.
        event.stopPropagation();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return createPortal(
    <div className={cn('fixed inset-0 z-50', className)}>
      <div className="absolute inset-0 bg-slate-950/40" aria-hidden="true" onClick={onClose} />
      {children}
    </div>,
    document.body,
  );
}
