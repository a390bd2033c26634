import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

export interface DropdownMenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  /** Extra content after the label, e.g. an unread badge. */
  trailing?: ReactNode;
  /** Accessible name when it should say more than the label (e.g. include the badge). */
  ariaLabel?: string;
  onSelect: () => void;
  /** Marks the item as the current page (More menu). */
  current?: boolean;
  tone?: 'default' | 'danger';
}

export interface DropdownTriggerProps {
  ref: (el: HTMLButtonElement | null) => void;
  id: string;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: () => void;
  onKeyDown: (event: ReactKeyboardEvent<HTMLButtonElement>) => void;
}

export type DropdownPlacement = 'bottom-start' | 'bottom-end' | 'top-start' | 'top-end' | 'right-end';

export interface DropdownMenuProps {
  /** Renders the button that opens the menu; spread the props onto a <button>. */
  trigger: (props: DropdownTriggerProps) => ReactNode;
  items: readonly DropdownMenuItem[];
  /** Accessible name of the menu. */
  label: string;
  placement?: DropdownPlacement;
  className?: string;
  /** Called after the menu opens (e.g. analytics). */
  onOpenChange?: (open: boolean) => void;
}

const PLACEMENTS: Record<DropdownPlacement, string> = {
  'bottom-start': 'top-full left-0 mt-1.5',
  'bottom-end': 'top-full right-0 mt-1.5',
  'top-start': 'bottom-full left-0 mb-1.5',
  'top-end': 'bottom-full right-0 mb-1.5',
  'right-end': 'bottom-0 left-full ml-2',
};

/**
 * A menu button (WAI-ARIA menu pattern): closes on outside click, Escape or Tab; ArrowUp and
 * ArrowDown move between items (wrapping), Home and End jump to the ends.
 */
export function DropdownMenu({ trigger, items, label, placement = 'bottom-start', className, onOpenChange }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const menuId = useId();
  const triggerId = useId();

  const setOpenState = useCallback(
    (next: boolean) => {
      setOpen(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );

  const close = useCallback(
    (returnFocus: boolean) => {
      setOpenState(false);
      if (returnFocus) triggerRef.current?.focus();
    },
    [setOpenState],
  );

  const itemCount = items.length;
  const focusItem = useCallback(
    (index: number) => {
      if (itemCount === 0) return;
      itemRefs.current[((index % itemCount) + itemCount) % itemCount]?.focus();
    },
    [itemCount],
  );

  useEffect(() => {
    if (!open) return;
    if (pendingFocus.current) {
      focusItem(pendingFocus.current === 'first' ? 0 : itemCount - 1);
      pendingFocus.current = null;
    }
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open, close, focusItem, itemCount]);

  const openWith = (focus: 'first' | 'last') => {
    pendingFocus.current = focus;
    if (open) {
      focusItem(focus === 'first' ? 0 : items.length - 1);
      pendingFocus.current = null;
    } else {
      setOpenState(true);
    }
  };

  const onTriggerKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current < 0 ? items.length - 1 : current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        // Let the browser move focus on as usual; the menu just gets out of the way.
        close(false);
        break;
    }
  };

  return (
    <div ref={containerRef} className={cn('relative', className)}>
      {trigger({
        ref: (el) => {
          triggerRef.current = el;
        },
        id: triggerId,
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? menuId : undefined,
        onClick: () => (open ? close(false) : openWith('first')),
        onKeyDown: onTriggerKeyDown,
      })}
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          aria-orientation="vertical"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className={cn(
            'absolute z-40 min-w-48 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg',
            PLACEMENTS[placement],
          )}
        >
          {items.map((item, index) => (
            <button
              key={item.id}
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-label={item.ariaLabel}
              aria-current={item.current ? 'page' : undefined}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
              className={cn(
                'flex w-full items-center gap-3 px-3 py-2 text-left text-sm outline-none focus-visible:bg-brand-50 hover:bg-slate-50 focus:bg-brand-50',
                item.tone === 'danger' ? 'text-red-700' : 'text-slate-800',
                item.current && 'font-semibold text-brand-800',
              )}
            >
              {item.icon && (
                <span className="text-slate-500" aria-hidden="true">
                  {item.icon}
                </span>
              )}
              <span className="flex-1">{item.label}</span>
              {item.trailing}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
