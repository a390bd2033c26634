import { CHAT_TITLE_MAX_LENGTH, type ChatSessionSummary } from '@verity/shared';
import { Check, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { submitErrors } from '../../lib/form-errors';
import { useRenameChatSession } from './api';

export const RENAME_FAILED_MESSAGE = 'The conversation could not be renamed. Please try again.';

export interface ConversationRenameFormProps {
  session: ChatSessionSummary;
  /** Called once the title is saved, or left unchanged. */
  onDone: () => void;
}

/**
 * Renames a conversation in place: Enter saves, Escape cancels. The server checks the title
 * (blank, too long) and its message is shown under the field; the old title stays until then.
 */
export function ConversationRenameForm({ session, onDone }: ConversationRenameFormProps) {
  const rename = useRenameChatSession();
  const [title, setTitle] = useState(session.title);
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
    if (title === session.title) {
      onDone();
      return;
    }
    setError(null);
    rename.mutate(
      { id: session.id, title },
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
    // Escape ends the edit only: a drawer around the list must stay open.
    event.preventDefault();
    event.stopPropagation();
    if (!rename.isPending) onDone();
  };

  return (
    <form onSubmit={submit} className="px-1 py-1.5" aria-label={`Rename “${session.title}”`}>
      <div className="flex items-center gap-1">
        <input
          ref={inputRef}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={CHAT_TITLE_MAX_LENGTH}
          aria-label="Conversation title"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          readOnly={rename.isPending}
          autoComplete="off"
          className={cn(
            'focus-ring h-9 min-w-0 flex-1 rounded-md border bg-white px-2.5 text-base text-slate-900 sm:text-sm',
            error ? 'border-red-600' : 'border-slate-300',
          )}
        />
        <button
          type="submit"
          aria-label="Save title"
          disabled={rename.isPending}
          className="focus-ring inline-flex size-9 shrink-0 items-center justify-center rounded-md text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed"
        >
          {rename.isPending ? <Spinner size="sm" /> : <Check aria-hidden="true" className="size-4" />}
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
