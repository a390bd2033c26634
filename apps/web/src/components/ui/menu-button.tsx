import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import type { DropdownMenuProps, DropdownPlacement, MenuStart } from './dropdown-menu-types';

type Side = 'top' | 'right' | 'bottom' | 'left';
type Align = 'start' | 'center' | 'end';

const PLACEMENTS: Record<DropdownPlacement, { side: Side; align: Align; sideOffset: number }> = {
  'bottom-start': { side: 'bottom', align: 'start', sideOffset: 6 },
  'bottom-end': { side: 'bottom', align: 'end', sideOffset: 6 },
  'top-start': { side: 'top', align: 'start', sideOffset: 6 },
  'top-end': { side: 'top', align: 'end', sideOffset: 6 },
  'right-end': { side: 'right', align: 'end', sideOffset: 8 },
};

export interface MenuButtonProps extends DropdownMenuProps {
  /** Open at once, starting on this item: the trigger was used before this module had loaded. */
  initialOpen?: MenuStart | undefined;
  /** The light trigger this replaces had focus: the new one takes it over. */
  focusTrigger?: boolean;
}

/** The menu button on Radix Dropdown Menu: see <DropdownMenu>, which loads this module when first needed. */
export function MenuButton({
  trigger,
  items,
  label,
  placement = 'bottom-start',
  className,
  onOpenChange,
  initialOpen,
  focusTrigger = false,
}: MenuButtonProps) {
  const [open, setOpen] = useState(initialOpen !== undefined);
  const triggerRef = useRef<HTMLButtonElement>(null);
  /** Set on opening until the menu first takes focus. */
  const starting = useRef(initialOpen !== undefined);
  const startOnLast = useRef(initialOpen === 'last');
  const { side, align, sideOffset } = PLACEMENTS[placement];

  // On mount only: the light trigger this replaced had focus (an opening menu takes focus itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the element it replaced.
  useEffect(() => {
    if (focusTrigger && initialOpen === undefined) triggerRef.current?.focus({ preventScroll: true });
  }, []);

  const changeOpen = (next: boolean) => {
    starting.current = next;
    setOpen(next);
    onOpenChange?.(next);
  };

  return (
    // Not modal: a click outside closes the menu and still reaches what was clicked, and the page keeps scrolling.
    <RadixMenu.Root open={open} onOpenChange={changeOpen} modal={false}>
      <div className={className}>
        <RadixMenu.Trigger
          asChild
          ref={triggerRef}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowUp') return;
            event.preventDefault();
            startOnLast.current = true;
            changeOpen(true);
          }}
        >
          {trigger({ 'aria-haspopup': 'menu', 'aria-expanded': open })}
        </RadixMenu.Trigger>
      </div>
      {/* Not portalled: the menu stays inside its trigger's landmark (axe's "region" rule), and it
          is positioned fixed, so no ancestor clips it. */}
      <RadixMenu.Content
        aria-label={label}
        // Radix names the menu after its trigger; ours have names of their own ("Account", "More").
        aria-labelledby={undefined}
        side={side}
        align={align}
        sideOffset={sideOffset}
        collisionPadding={8}
        loop
        onFocus={(event) => {
          // On opening Radix focuses the menu itself (and moves on to the first item only after a
          // key press): every opening starts on an item here, the last one when ArrowUp opened it.
          if (!starting.current || event.target !== event.currentTarget) return;
          starting.current = false;
          const menuItems = event.currentTarget.querySelectorAll('[role="menuitem"]');
          const target = startOnLast.current ? menuItems[menuItems.length - 1] : menuItems[0];
          startOnLast.current = false;
          if (target instanceof HTMLElement) {
            // Also keeps Radix's own first-item focus from running after this.
            event.preventDefault();
            target.focus({ preventScroll: true });
          }
        }}
        onKeyDown={(event) => {
          // Radix keeps Tab inside a menu; here Tab leaves it, and focus goes back to the trigger.
          if (event.key === 'Tab') {
            event.preventDefault();
            changeOpen(false);
          }
        }}
        className="z-50 min-w-48 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {items.map((item) => (
          <RadixMenu.Item
            key={item.id}
            aria-label={item.ariaLabel}
            aria-current={item.current ? 'page' : undefined}
            onSelect={() => {
              // Focus is back on the trigger before the action runs, so a dialog it opens returns focus there.
              triggerRef.current?.focus();
              item.onSelect();
            }}
            className={cn(
              'flex w-full cursor-default select-none items-center gap-3 px-3 py-2 text-left text-sm outline-none hover:bg-slate-50 focus:bg-brand-50 data-[highlighted]:bg-brand-50',
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
            {/* A space keeps the label and a trailing count separate words, as an ariaLabel says them. */}
            {item.trailing && ' '}
            {item.trailing}
          </RadixMenu.Item>
        ))}
      </RadixMenu.Content>
    </RadixMenu.Root>
  );
}
