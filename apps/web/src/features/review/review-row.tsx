import type { ReviewSummary } from '@verity/shared';
import { FileSearch, Trash2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { formatShortDate } from '../../lib/format-date';
import { usePrefetch } from '../../hooks/use-prefetch';
import { reviewPath, reviewQueryOptions } from './api';
import { ReviewStatusBadge } from './review-status-badge';
import { SeverityCounts } from './severity';

export interface ReviewRowProps {
  review: ReviewSummary;
  onDelete: (review: ReviewSummary) => void;
}

/** One review in the list: its link (title, file, date, state, findings by severity) and Delete. */
export function ReviewRow({ review, onDelete }: ReviewRowProps) {
  const prefetch = usePrefetch(reviewQueryOptions(review.id));
  const details = [review.filename, `Reviewed ${formatShortDate(review.created_at)}`, review.previous_id ? 'New version' : null].filter(
    Boolean,
  );
  return (
    <li className="group flex items-start gap-1">
      <Link
        to={reviewPath(review.id)}
        {...prefetch}
        className="focus-ring flex min-w-0 flex-1 items-start gap-3 rounded-lg px-3 py-3 transition-colors hover:bg-slate-50"
      >
        <FileSearch aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400 group-hover:text-brand-700" />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="line-clamp-2 break-words font-medium text-slate-900 text-sm">{review.title}</span>
            <ReviewStatusBadge status={review.status} />
            {review.shared && (
              <span className="inline-flex items-center gap-1 text-slate-600 text-xs">
                <Users aria-hidden="true" className="size-3.5" />
                Shared
              </span>
            )}
          </span>
          <span className="mt-0.5 block break-words text-slate-600 text-xs">{details.join(' · ')}</span>
          {review.status === 'ready' && (
            <span className="mt-1.5 block">
              <SeverityCounts counts={review.counts} />
            </span>
          )}
        </span>
      </Link>
      <span className="flex shrink-0 items-center pt-2">
        <button
          type="button"
          onClick={() => onDelete(review)}
          aria-label={`Delete “${review.title}”`}
          title="Delete"
          className="focus-ring inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </span>
    </li>
  );
}
