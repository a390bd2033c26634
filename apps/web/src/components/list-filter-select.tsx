import { useId } from 'react';
import { cn } from '../lib/cn';

export interface ListFilterSelectProps {
  /** The label above the select ("Organisation", "Status"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The choices; the first is usually "any" with the value ''. */
  options: readonly { value: string; label: string }[];
  className?: string;
}

/** A labelled select beside a list's search box, narrowing what the search pages through. */
export function ListFilterSelect({ label, value, onChange, options, className }: ListFilterSelectProps) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="font-medium text-slate-800 text-xs">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="focus-ring h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-base sm:text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
