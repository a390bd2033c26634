import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent, ReactElement, ReactNode } from 'react';

// The menu's types, in a module of their own: the lazily loaded menu button reads them without
// importing the light component that loads it.

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
