import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactElement,
  type ReactNode,
  useRef,
  useState,
} from 'react';
import { useLazyModule } from '../../hooks/use-lazy-module';
import { menuButtonModule } from './overlay-modules';

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

/**
 * Spread onto the trigger <button>. Once the menu's code has loaded, Radix's trigger adds its own
 * attributes, handlers and ref to the element returned; before that, the handlers here open it.
 */
export interface DropdownTriggerProps {
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  onFocus?: () => void;
  onBlur?: () => void;
  onPointerDown?: (event: ReactPointerEvent<HTMLButtonElement>) => void;
  onKeyDown?: (event: ReactKeyboardEvent<HTMLButtonElement>) => void;
}

export type DropdownPlacement = 'bottom-start' | 'bottom-end' | 'top-start' | 'top-end' | 'right-end';

export interface DropdownMenuProps {
  /** Renders the button that opens the menu: one <button> element, the props spread onto it. */
  trigger: (props: DropdownTriggerProps) => ReactElement;
  items: readonly DropdownMenuItem[];
  /** Accessible name of the menu. */
  label: string;
  placement?: DropdownPlacement;
  className?: string;
  /** Called after the menu opens or closes (e.g. analytics). */
  onOpenChange?: (open: boolean) => void;
}

/** Which item an opening menu focuses. */
export type MenuStart = 'first' | 'last';

const OPENING_KEYS: Record<string, MenuStart> = { Enter: 'first', ' ': 'first', ArrowDown: 'first', ArrowUp: 'last' };

/**
 * A menu button (WAI-ARIA menu pattern) on Radix Dropdown Menu: closes on outside click, Escape
 * or Tab; ArrowUp and ArrowDown move between items (wrapping), Home and End jump to the ends,
 * typing a letter jumps to the item it starts. Opening focuses the first item (the last when
 * opened with ArrowUp); closing gives focus back to the trigger.
 *
 * Until Radix has loaded (fetched when the browser is idle, or at once when the trigger is used
 * first) this light component renders the trigger alone, and remembers an opening to make.
 */
export function DropdownMenu(props: DropdownMenuProps) {
  const [start, setStart] = useState<MenuStart>();
  const triggerFocused = useRef(false);
  const module = useLazyModule(menuButtonModule, start !== undefined);

  if (module) {
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
