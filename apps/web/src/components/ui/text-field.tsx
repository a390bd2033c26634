import { type ComponentProps, useId } from 'react';
import { cn } from '../../lib/cn';

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** Shown under the input in red and announced with the field. */
  error?: string;
  /** Helper text shown under the input when there is no error. */
  hint?: string;
}

export function TextField({ label, error, hint, id, className, 'aria-describedby': describedBy, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describers = [describedBy, error ? errorId : undefined, hint && !error ? hintId : undefined].filter(Boolean);

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="font-medium text-slate-800 text-sm">
        {label}
        {rest.required && (
          <span className="text-slate-500" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describers.length > 0 ? describers.join(' ') : undefined}
        className={cn(
          'focus-ring h-10 w-full rounded-md border bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm',
          error ? 'border-red-600' : 'border-slate-300 hover:border-slate-400',
        )}
        {...rest}
      />
      {error ? (
        <p id={errorId} className="text-red-700 text-sm">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="text-slate-600 text-sm">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
