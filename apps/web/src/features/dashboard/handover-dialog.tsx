import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
import { formatNumber } from '../../lib/format-number';
import { useHandOver, useHoldings } from './api';
import type { UserRow } from './users-model';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * Hands a member's work (written documents, reviews, data-library uploads) over to an active
 * colleague, showing first what would move. Conversations stay with their owner: they are personal.
 */
export function HandoverDialog({ row, colleagues, onClose }: { row: UserRow; colleagues: readonly UserRow[]; onClose: () => void }) {
  const selectId = useId();
  const holdings = useHoldings(row.id, true);
  const handOver = useHandOver();
  const choices = colleagues.filter((colleague) => colleague.id !== row.id && !colleague.deactivated);
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nothing = holdings.data && holdings.data.write_documents + holdings.data.reviews + holdings.data.library_documents === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!to) {
      setError('Choose who takes the work over.');
      return;
    }
    setError(null);
    handOver.mutate(
      { userId: row.id, toUserId: to },
      {
        onSuccess: () => {
          toast.success(`${row.name}’s work now belongs to ${choices.find((choice) => choice.id === to)?.name ?? 'your colleague'}`);
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, 'The work could not be handed over. Please try again.')),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={() => !handOver.isPending && onClose()}
      size="md"
      title={`Hand over ${row.name}’s work`}
      description="Their written documents, policy reviews and data-library uploads move to the colleague you choose, who is told. Conversations stay with their owner: they are personal."
    >
      <form onSubmit={submit} noValidate aria-label={`Hand over ${row.name}’s work`}>
        <div aria-live="polite" className="rounded-md bg-slate-50 p-3 text-slate-700 text-sm">
          {holdings.isPending ? (
            <span className="inline-flex items-center gap-2">
              <Spinner size="sm" /> Counting their work…
            </span>
          ) : holdings.isError ? (
            'What they own could not be counted; you can still hand it over.'
          ) : (
            <>
              {row.name} owns {plural(holdings.data.write_documents, 'written document', 'written documents')},{' '}
              {plural(holdings.data.reviews, 'review', 'reviews')} and{' '}
              {plural(holdings.data.library_documents, 'data-library document', 'data-library documents')}.
              {nothing && ' There is nothing to hand over.'}
            </>
          )}
        </div>
        {/* With nothing to hand over there is no one to choose. */}
        {!nothing && (
          <>
            <label htmlFor={selectId} className="mt-4 block font-medium text-slate-900 text-sm">
              New owner
            </label>
            <select
              id={selectId}
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error && !to ? true : undefined}
              className="focus-ring mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
            >
              <option value="">Choose an active member…</option>
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name} ({choice.email})
                </option>
              ))}
            </select>
          </>
        )}
        {error && <Alert className="mt-3">{error}</Alert>}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={handOver.isPending}>
            {nothing ? 'Close' : 'Cancel'}
          </Button>
          {!nothing && (
            <Button type="submit" loading={handOver.isPending}>
              Hand over
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
