import { ChevronDown, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import type { FilterOption } from './document-filters';

export interface MultiSelectProps {
  label: string;
  options: readonly FilterOption[];
  onToggle: (value: string) => void;
  disabled?: boolean;
  /** Open the panel leftwards from the button's right edge (the last control in a row). */
  alignEnd?: boolean;
}

/** Lists longer than this get a box to narrow them by typing. */
const SEARCHABLE_FROM = 8;

/**
 * A button that opens a panel of checkboxes. Checkboxes (rather than an ARIA listbox) keep every
 * option reachable with Tab and Space in every screen reader; Escape or a click outside closes it.
 */
export function MultiSelect({ label, options, onToggle, disabled = false, alignEnd = false }: MultiSelectProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const selectedCount = options.filter((o) => o.selected).length;
  const needle = text.trim().toLocaleLowerCase('en-GB');
  const visible = needle ? options.filter((o) => o.value.toLocaleLowerCase('en-GB').includes(needle)) : options;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (!open) setText('');
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the control closes its panel.
    <div
      ref={rootRef}
      // On a phone the panel spans the whole filter row (the nearest positioned parent), not one narrow button.
      className="sm:relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && rootRef.current && !rootRef.current.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
        className={cn(
          'focus-ring flex h-10 w-full min-w-0 items-center gap-1 rounded-md border bg-white px-2 text-left text-sm sm:gap-2 sm:px-3 transition-colors disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
          selectedCount > 0 ? 'border-brand-400 text-slate-900' : 'border-slate-300 text-slate-700 hover:border-slate-400',
        )}
      >
        <span className="truncate font-medium">{label}</span>
        {selectedCount > 0 && (
          <span className="rounded-full bg-brand-700 px-1.5 font-semibold text-white text-xs leading-5">
            {selectedCount}
            <span className="sr-only"> selected</span>
          </span>
        )}
        <ChevronDown
          aria-hidden="true"
          className={cn('ml-auto size-3.5 shrink-0 text-slate-500 sm:size-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      {open && (
        <div
          id={panelId}
          className={cn(
            'absolute inset-x-0 top-full z-30 mt-1 rounded-lg border border-slate-200 bg-white shadow-lg sm:w-80 sm:max-w-[calc(100vw-2rem)]',
            alignEnd ? 'sm:left-auto' : 'sm:right-auto',
          )}
        >
          {options.length >= SEARCHABLE_FROM && (
            <div className="border-slate-100 border-b p-2">
              <div className="relative">
                <Search
                  aria-hidden="true"
                  className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-slate-400"
                />
                <input
                  type="search"
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  aria-label={`Find a ${label.toLowerCase()}`}
                  placeholder={`Find a ${label.toLowerCase()}`}
                  // biome-ignore lint/a11y/noAutofocus: the panel was opened to choose from it.
                  autoFocus
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
              visible.map((option, index) => (
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
                    // biome-ignore lint/a11y/noAutofocus: without a find box the first option takes the focus.
                    autoFocus={options.length < SEARCHABLE_FROM && index === 0}
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
      )}
    </div>
  );
}
