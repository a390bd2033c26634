import { CircleAlert, CloudCheck, CloudOff, RefreshCw } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import type { SaveStatus } from './autosave';

export const SAVE_LABELS: Record<SaveStatus, string> = {
  saved: 'Saved',
  pending: 'Saving…',
  saving: 'Saving…',
  offline: 'Offline — will retry',
  retrying: 'Not saved — will retry',
  conflict: 'Not saved',
  failed: 'Not saved',
};

/** Where the person's changes are, in a few words beside the title; announced politely as it changes. */
export function SaveStateIndicator({ status, className }: { status: SaveStatus; className?: string }) {
  const busy = status === 'pending' || status === 'saving';
  const problem = status === 'conflict' || status === 'failed';
  const Icon = status === 'saved' ? CloudCheck : status === 'offline' ? CloudOff : status === 'retrying' ? RefreshCw : CircleAlert;
  return (
    <p
      role="status"
      aria-live="polite"
      data-save-status={status}
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap text-sm',
        problem ? 'font-medium text-red-700' : status === 'saved' ? 'text-slate-600' : 'text-amber-800',
        busy && 'text-slate-600',
        className,
      )}
    >
      {busy ? <Spinner size="sm" className="text-slate-500" /> : <Icon aria-hidden="true" className="size-4" />}
      {SAVE_LABELS[status]}
    </p>
  );
}
