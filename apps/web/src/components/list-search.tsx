import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { cn } from '../lib/cn';
import { Spinner } from './ui/spinner';

export interface ListSearchProps {
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** The field's accessible name, e.g. "Search conversations". */
  label: string;
  placeholder: string;
  /** A search is under way: typed but not sent yet, or sent and not answered. */
  searching: boolean;
  /** Read out politely once results are in ("3 documents found"); empty says nothing. */
  announcement: string;
  /** The search element's layout where it sits. */
  className?: string;
}

/**
 * The search box above a person's list of conversations or documents, with a spinner while a
 * search runs and a clear button. Escape clears a search first (and goes no further, so a
 * drawer around the list closes only on the next one).
 */
export function ListSearch({ value, onChange, maxLength, label, placeholder, searching, announcement, className }: ListSearchProps) {
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);

  return (
    <>
      <search className={cn('relative', className)}>
        <label htmlFor={searchId} className="sr-only">
          {label}
        </label>
        <Search aria-hidden="true" className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-slate-400" />
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && value) {
              event.preventDefault();
              event.stopPropagation();
              onChange('');
            }
          }}
          placeholder={placeholder}
          autoComplete="off"
          className="focus-ring h-9 w-full rounded-md border border-slate-300 bg-white pr-14 pl-8 text-base text-slate-900 placeholder:text-slate-400 hover:border-slate-400 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
        />
        <span className="-translate-y-1/2 absolute top-1/2 right-1.5 flex items-center gap-1">
          {searching && <Spinner size="sm" label="Searching" className="text-slate-400" />}
          {value && (
            <button
              type="button"
              onClick={() => {
                onChange('');
                searchRef.current?.focus();
              }}
              aria-label="Clear search"
              className="focus-ring inline-flex size-6 items-center justify-center rounded text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          )}
        </span>
      </search>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
