import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface MultiSelectButtonProps extends ComponentProps<'button'> {
  label: string;
  selectedCount: number;
}

/**
 * The button of a multi-select: its label and how many are chosen. The same element before and
 * after Radix has loaded, so the picker looks the same throughout; Radix's trigger adds its state
 * (`data-state="open"` turns the chevron).
 */
export function MultiSelectButton({ label, selectedCount, ...props }: MultiSelectButtonProps) {
  return (
    <button
      type="button"
      {...props}
      className={cn(
        'group focus-ring flex h-10 w-full min-w-0 items-center gap-1 rounded-md border bg-white px-2 text-left text-sm sm:gap-2 sm:px-3 transition-colors disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
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
        className="ml-auto size-3.5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180 sm:size-4"
      />
    </button>
  );
}
