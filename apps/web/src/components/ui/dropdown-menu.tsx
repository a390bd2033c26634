import { useRef, useState } from 'react';
import { useLazyModule, usePreloadWhenIdle } from '../../hooks/use-lazy-module';
import type { DropdownMenuProps, MenuStart } from './dropdown-menu-types';
import { menuButtonModule } from './overlay-modules';

export type {
  DropdownMenuItem,
  DropdownMenuProps,
  DropdownPlacement,
  DropdownTriggerProps,
  MenuStart,
} from './dropdown-menu-types';

const OPENING_KEYS: Record<string, MenuStart> = { Enter: 'first', ' ': 'first', ArrowDown: 'first', ArrowUp: 'last' };

/**
 * A menu button (WAI-ARIA menu pattern) on Radix Dropdown Menu: closes on outside click, Escape
 * or Tab; ArrowUp and ArrowDown move between items (wrapping), Home and End jump to the ends,
 * typing a letter jumps to the item it starts. Opening focuses the first item (the last when
 * opened with ArrowUp); closing gives focus back to the trigger.
 *
 * Until the trigger is first used, this light component renders the trigger alone; the first use
 * mounts the Radix menu in its place, open (and the trigger stays Radix's from then on). Radix is
 * fetched when the browser is idle, or at once on that first use if it has not arrived. A table
 * of 25 rows thus carries 25 light buttons, not 25 Radix menus mounted when Radix arrives.
 */
export function DropdownMenu(props: DropdownMenuProps) {
  const [start, setStart] = useState<MenuStart>();
  const triggerFocused = useRef(false);
  usePreloadWhenIdle(menuButtonModule);
  const module = useLazyModule(menuButtonModule, start !== undefined, false);

  if (module && start !== undefined) {
    const { MenuButton } = module;
    return <MenuButton {...props} initialOpen={start} focusTrigger={triggerFocused.current} />;
  }

  const openAt = (next: MenuStart) => {
    if (start !== undefined) return;
    setStart(next);
    props.onOpenChange?.(true);
  };
  return (
    <div className={props.className}>
      {props.trigger({
        'aria-haspopup': 'menu',
        'aria-expanded': false,
        onFocus: () => {
          triggerFocused.current = true;
        },
        onBlur: () => {
          triggerFocused.current = false;
        },
        onPointerDown: (event) => {
          if (event.button !== 0 || event.ctrlKey) return;
          // As Radix does: focus stays put until the menu opens and takes it.
          event.preventDefault();
          openAt('first');
        },
        onKeyDown: (event) => {
          const next = OPENING_KEYS[event.key];
          if (!next) return;
          event.preventDefault();
          openAt(next);
        },
      })}
    </div>
  );
}
