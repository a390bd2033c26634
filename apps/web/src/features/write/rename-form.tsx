import { WRITE_TITLE_MAX_LENGTH } from '@verity/shared';
import { CircleCheck, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { submitErrors } from '../../lib/form-errors';
import { useRenameWriteDocument } from './api';

export const RENAME_FAILED_MESSAGE = 'The document could not be renamed. Please try again.';

export interface RenameFormProps {
  externalId: string;
  title: string;
  /** Called once the title is saved, or left unchanged. */
  onDone: () => void;
  /** The heading's size on the document page; the list's rows use the default. */
  size?: 'md' | 'lg';
}

/**
 * Renames a document in place, in the list or in the document's header: Enter saves, Escape
 * cancels. The server checks the title (blank, too long) and its message shows under the field.
 */
export function RenameForm({ externalId, title: current, onDone, size = 'md' }: RenameFormProps) {
  const rename = useRenameWriteDocument();
  const [title, setTitle] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rename.isPending) return;
    if (title === current) {
      onDone();
      return;
    }
    setError(null);
    rename.mutate(
      { externalId, title },
      {
        onSuccess: onDone,
        onError: (cause) => {
          const { fieldErrors, formError } = submitErrors(cause, ['title'], RENAME_FAILED_MESSAGE);
          setError(fieldErrors.title ?? formError ?? RENAME_FAILED_MESSAGE);
          inputRef.current?.focus();
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (!rename.isPending) onDone();
  };

  return (
    <form onSubmit={submit} className="min-w-0 flex-1" aria-label={`Rename “${current}”`}>
      <div className="flex items-center gap-1">
        <input
          ref={inputRef}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={WRITE_TITLE_MAX_LENGTH}
          aria-label="Document title"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          readOnly={rename.isPending}
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
          disabled={rename.isPending}
          className="focus-ring inline-flex size-9 shrink-0 items-center justify-center rounded-md text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed"
        >
          {rename.isPending ? <Spinner size="sm" /> : <CircleCheck aria-hidden="true" className="size-4" />}
        </button>
        <button
          type="button"
          aria-label="Cancel renaming"
          onClick={onDone}
          disabled={rename.isPending}
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
