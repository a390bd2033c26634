import { REVIEW_DISMISS_REASON_MAX_LENGTH } from '@verity/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

export const DISMISS_REASON_REQUIRED = 'Give a reason for dismissing the finding';

export interface DismissFormProps {
  /** Sends the reason (trimmed, not blank). */
  onDismiss: (reason: string) => void;
  onCancel: () => void;
}

/** Why a finding is dismissed: a reason is required, and stays with the finding in the export. */
export function DismissForm({ onDismiss, onCancel }: DismissFormProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const errorId = useId();

  useEffect(() => fieldRef.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(DISMISS_REASON_REQUIRED);
      fieldRef.current?.focus();
      return;
    }
    onDismiss(trimmed);
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <label htmlFor={fieldId} className="font-medium text-slate-800 text-sm">
        Reason for dismissing
      </label>
      <textarea
        ref={fieldRef}
        id={fieldId}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        rows={2}
        maxLength={REVIEW_DISMISS_REASON_MAX_LENGTH}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder="For example: the trust’s own procedure covers this."
        className={cn(
          'focus-ring mt-1.5 w-full resize-y rounded-md border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 sm:text-sm',
          error ? 'border-red-600' : 'border-slate-300 hover:border-slate-400',
        )}
      />
      {error && (
        <p id={errorId} className="mt-1 text-red-700 text-sm">
          {error}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          Dismiss finding
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
