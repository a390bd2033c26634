import { Check, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { submitErrors } from '../lib/form-errors';
import { Spinner } from './ui/spinner';

export interface RenameFormProps {
  /** The title as saved; the field starts with it and the form is named after it. */
  current: string;
  maxLength: number;
  /** The field's accessible name, e.g. "Conversation title". */
  inputLabel: string;
  /** Shown when the failure carries no message of its own. */
  failedMessage: string;
  /** Saves the new title; a rejection keeps the form open with its message under the field. */
  onSave: (title: string) => Promise<unknown>;
  /** Called once the title is saved, left unchanged or the edit cancelled. */
  onDone: () => void;
  /** The form's own layout where it sits (padding in a list, flex in a header). */
  className?: string;
  /** The heading's size where the form replaces a page title; rows use the default. */
  size?: 'md' | 'lg';
}

/**
 * Renames something in place, a conversation or a document: Enter saves, Escape cancels. The
 * server checks the title (blank, too long) and its message is shown under the field; the old
 * title stays until then.
 */
export function RenameForm({ current, maxLength, inputLabel, failedMessage, onSave, onDone, className, size = 'md' }: RenameFormProps) {
  const [title, setTitle] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (title === current) {
      onDone();
      return;
    }
    setError(null);
    setPending(true);
    try {
      await onSave(title);
      onDone();
    } catch (cause) {
      const { fieldErrors, formError } = submitErrors(cause, ['title'], failedMessage);
      setError(fieldErrors.title ?? formError ?? failedMessage);
      inputRef.current?.focus();
    } finally {
      setPending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    // Escape ends the edit only: a drawer around the list must stay open.
    event.preventDefault();
    event.stopPropagation();
    if (!pending) onDone();
  };

  return (
    <form onSubmit={submit} className={className} aria-label={`Rename “${current}”`}>
      <div className="flex items-center gap-1">
        <input
          ref={inputRef}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={maxLength}
          aria-label={inputLabel}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          readOnly={pending}
          autoComplete="off"
          className={cn(
            'focus-ring min-w-0 flex-1 rounded-md border bg-white px-2.5 text-slate-900',
            size === 'lg' ? 'h-10 font-semibold text-lg' : 'h-9 text-base sm:text-sm',
            error ? 'border-red-600' : 'border-slate-300',
          )}
        />
        <button
          type="submit"
          aria-label="Save title"
          disabled={pending}
          className="focus-ring inline-flex size-9 shrink-0 items-center justify-center rounded-md text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed"
        >
          {pending ? <Spinner size="sm" /> : <Check aria-hidden="true" className="size-4" />}
        </button>
        <button
          type="button"
          aria-label="Cancel renaming"
          onClick={onDone}
          disabled={pending}
          className="focus-ring inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 px-0.5 text-red-700 text-xs leading-5">
          {error}
        </p>
      )}
    </form>
  );
}
