import type { WriteDocumentStatus } from '@verity/shared';
import { CircleAlert } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';

/** "Generating" or "Failed" beside a document's title; a ready document needs no badge. */
export function DocumentStatusBadge({ status, className }: { status: WriteDocumentStatus; className?: string }) {
  if (status === 'ready') return null;
  const generating = status === 'generating';
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 font-medium text-xs',
        generating ? 'bg-sky-50 text-sky-900' : 'bg-red-50 text-red-800',
        className,
      )}
    >
      {generating ? <Spinner size="sm" className="size-3 border-[1.5px]" /> : <CircleAlert aria-hidden="true" className="size-3.5" />}
      {generating ? 'Generating' : 'Failed'}
    </span>
  );
}
