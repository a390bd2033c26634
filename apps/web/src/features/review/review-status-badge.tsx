import type { ReviewStatus } from '@verity/shared';
import { CircleAlert } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';

/** "Reviewing" or "Failed" beside a review's title; a finished review needs no badge. */
export function ReviewStatusBadge({ status, className }: { status: ReviewStatus; className?: string }) {
  if (status === 'ready') return null;
  const reviewing = status === 'reviewing';
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 font-medium text-xs',
        reviewing ? 'bg-sky-50 text-sky-900' : 'bg-red-50 text-red-800',
        className,
      )}
    >
      {reviewing ? <Spinner size="sm" className="size-3 border-[1.5px]" /> : <CircleAlert aria-hidden="true" className="size-3.5" />}
      {reviewing ? 'Reviewing' : 'Failed'}
    </span>
  );
}
