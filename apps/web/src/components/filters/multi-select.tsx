import { useRef, useState } from 'react';
import { lazyModule, useLazyModule } from '../../hooks/use-lazy-module';
import { MultiSelectButton } from './multi-select-button';
import type { MultiSelectProps } from './multi-select-types';

export type { MultiSelectProps } from './multi-select-types';

/**
 * The Radix half. Radix Popover and its positioning are about 24 kB (gzip), more than the wiki's
 * first load has room for, and no panel is open when a page first renders: it is fetched when the
 * browser is idle, or at once when a picker is used first.
 */
export const multiSelectPopoverModule = lazyModule(() => import('./multi-select-popover'));

/**
 * A button that opens a panel of checkboxes (Radix Popover). Checkboxes (rather than an ARIA
 * listbox) keep every option reachable with Tab and Space in every screen reader; Escape, a click
 * outside or focus leaving the panel closes it, and Escape gives focus back to the button.
 *
 * Until Radix has loaded this light component renders the button alone, and remembers an opening to make.
 */
export function MultiSelect(props: MultiSelectProps) {
  const [opening, setOpening] = useState(false);
  const buttonFocused = useRef(false);
  const module = useLazyModule(multiSelectPopoverModule, opening);

  if (module) {
    const { MultiSelectPopover } = module;
    return <MultiSelectPopover {...props} initialOpen={opening} focusTrigger={buttonFocused.current} />;
  }
  return (
    <MultiSelectButton
      label={props.label}
      selectedCount={props.options.filter((o) => o.selected).length}
      disabled={props.disabled}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => setOpening(true)}
      onFocus={() => {
        buttonFocused.current = true;
      }}
      onBlur={() => {
        buttonFocused.current = false;
      }}
    />
  );
}
