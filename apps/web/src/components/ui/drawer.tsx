import type { ReactNode } from 'react';
import { useLazyModule } from '../../hooks/use-lazy-module';
import { cn } from '../../lib/cn';
import { modalOverlayModule } from './overlay-modules';
import { TEMPORARY_DRAWER_DEFAULT_WIDTH_PX } from '../../lib/constants';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /**
   * temporary: overlays the page, locks its scroll and is unmounted when closed.
   * persistent: sits in the layout next to the content and is only hidden when closed.
   */
  variant?: 'temporary' | 'persistent';
  side?: 'left' | 'right';
  /** Width in px (a temporary drawer defaults to 100px) or any CSS length. */
  width?: number | string;
  /** Accessible name of the drawer region. */
  label: string;
  children: ReactNode;
  className?: string;
}

export function Drawer({
  open,
  onClose,
  variant = 'temporary',
  side = 'left',
  width = TEMPORARY_DRAWER_DEFAULT_WIDTH_PX,
  label,
  children,
  className,
}: DrawerProps) {
  const temporary = variant === 'temporary';
  const module = useLazyModule(modalOverlayModule, temporary && open, temporary);
  if (!temporary) {
    return (
      <aside
        aria-label={label}
        hidden={!open}
        style={{ width }}
        className={cn('h-full shrink-0 overflow-y-auto bg-white', side === 'left' ? 'border-r' : 'border-l', 'border-slate-200', className)}
      >
        {children}
      </aside>
    );
  }
  if (!open || !module) return null;
  const { ModalOverlay } = module;
  return (
    <ModalOverlay
      open={open}
      onClose={onClose}
      aria-label={label}
      style={{ width }}
      className={cn(
        'absolute top-0 flex h-dvh max-w-[100vw] flex-col overflow-y-auto bg-white shadow-xl outline-none',
        side === 'left' ? 'left-0' : 'right-0',
        className,
      )}
    >
      {children}
    </ModalOverlay>
  );
}
