import * as Popover from '@radix-ui/react-popover';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import type { MultiSelectProps } from './multi-select-types';
import { MultiSelectButton } from './multi-select-button';

/** Lists longer than this get a box to narrow them by typing. */
const SEARCHABLE_FROM = 8;

export interface MultiSelectPopoverProps extends MultiSelectProps {
  /** Open at once: the button was used before this module had loaded. */
  initialOpen?: boolean;
  /** The light button this replaces had focus: the new one takes it over. */
  focusTrigger?: boolean;
}

/** The multi-select on Radix Popover: see <MultiSelect>, which loads this module when first needed. */
export function MultiSelectPopover({
  label,
  options,
  onToggle,
  disabled = false,
  alignEnd = false,
  initialOpen = false,
  focusTrigger = false,
}: MultiSelectPopoverProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);

  // On mount only: the light button this replaced had focus (an opening panel takes focus itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the element it replaced.
  useEffect(() => {
    if (focusTrigger && !initialOpen) triggerRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Popover.Root defaultOpen={initialOpen}>
      <Popover.Trigger asChild>
        <MultiSelectButton ref={triggerRef} label={label} selectedCount={options.filter((o) => o.selected).length} disabled={disabled} />
      </Popover.Trigger>
      {/* Not portalled: the options stay inside the region that holds the pickers (the chat's
          scope), and Tab moves on from the button into them. */}
      <Popover.Content
        aria-label={label}
        side="bottom"
        align={alignEnd ? 'end' : 'start'}
        sideOffset={4}
        // On a phone the panel is as wide as the filter row, which has 1rem of page either side.
        collisionPadding={16}
        className="z-30 w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white shadow-lg sm:w-80"
      >
        <OptionsPanel label={label} options={options} onToggle={onToggle} />
      </Popover.Content>
    </Popover.Root>
  );
}

/**
 * The open panel: a find box for a long list, then the options as checkboxes. Radix focuses the
 * first control on opening (the find box, or the first option); the text goes when it closes.
 */
function OptionsPanel({ label, options, onToggle }: Pick<MultiSelectProps, 'label' | 'options' | 'onToggle'>) {
  const [text, setText] = useState('');
  const needle = text.trim().toLocaleLowerCase('en-GB');
  const visible = needle ? options.filter((o) => o.value.toLocaleLowerCase('en-GB').includes(needle)) : options;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Tab at either end of the panel leaves it.
    <div onKeyDown={leaveOnTabAtEdge}>
      {options.length >= SEARCHABLE_FROM && (
        <div className="border-slate-100 border-b p-2">
          <div className="relative">
            <Search aria-hidden="true" className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-slate-400" />
            <input
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-label={`Find a ${label.toLowerCase()}`}
              placeholder={`Find a ${label.toLowerCase()}`}
              className="focus-ring h-9 w-full rounded-md border border-slate-300 pr-2 pl-8 text-base sm:text-sm"
            />
          </div>
        </div>
      )}
      <fieldset className="max-h-72 overflow-y-auto p-1">
        <legend className="sr-only">{label}</legend>
        {visible.length === 0 ? (
          <p className="px-3 py-2 text-slate-600 text-sm">
            No {label.toLowerCase()} matches “{text.trim()}”.
          </p>
        ) : (
          visible.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-2.5 rounded-md px-2.5 py-2 text-sm hover:bg-slate-50',
                option.count === 0 && !option.selected && 'text-slate-400',
              )}
            >
              <input
                type="checkbox"
                checked={option.selected}
                aria-label={`${option.value} (${option.count === 1 ? '1 document' : `${option.count} documents`})`}
                onChange={() => onToggle(option.value)}
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
              />
              <span className="min-w-0 flex-1 text-slate-800">{option.value}</span>
              <span aria-hidden="true" className="shrink-0 text-slate-500 text-xs tabular-nums leading-5">
                {option.count}
              </span>
            </label>
          ))
        )}
      </fieldset>
    </div>
  );
}

/**
 * Radix's popover keeps Tab inside (its focus scope loops round). Here Tab on the last control
 * goes on to the next one on the page, closing the panel as focus leaves it, and Shift+Tab on the
 * first goes back to the button, as they would through any group of checkboxes: the key is kept
 * from the focus scope, and the browser moves focus.
 */
function leaveOnTabAtEdge(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Tab') return;
  const controls = event.currentTarget.querySelectorAll('input');
  const edge = event.shiftKey ? controls[0] : controls[controls.length - 1];
  if (event.target === edge) event.stopPropagation();
}
