import type { Review } from '@verity/shared';
import { FileDown, FileUp, Lock, Trash2, Users } from 'lucide-react';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/ui/button';
import { formatShortDate } from '../../lib/format-date';
import { REVIEW_PATH } from './api';

/** The actions the reader may take, each present only when the review's abilities allow it. */
export interface ReviewActions {
  onShare?: (shared: boolean) => void;
  sharing: boolean;
  onNewVersion?: () => void;
  /** The new-version form is open. */
  versioning: boolean;
  onDownload?: () => void;
  downloading: boolean;
  onDelete?: () => void;
}

export interface ReviewHeaderProps {
  review: Pick<Review, 'title' | 'filename' | 'created_at' | 'page_count' | 'shared' | 'status'>;
  /** The way back to the list, for those who may open it. */
  showBack: boolean;
  /** What the reader may do (from the review's abilities); none: the review is read-only. */
  actions: ReviewActions;
}

/** Whether the organisation can see it: said in words, with an icon. */
function SharingState({ shared }: { shared: boolean }) {
  return (
    <p className="inline-flex items-center gap-1.5 text-slate-700 text-sm" aria-live="polite">
      {shared ? (
        <Users aria-hidden="true" className="size-4 text-brand-700" />
      ) : (
        <Lock aria-hidden="true" className="size-4 text-slate-500" />
      )}
      {shared ? 'Shared with your organisation' : 'Only you can see this review'}
    </p>
  );
}

/** The review's title, the file it came from, who can see it, and for its author sharing, a new version, the Word download and delete. */
export function ReviewHeader({ review, showBack, actions }: ReviewHeaderProps) {
  const { onShare, onNewVersion, onDownload, onDelete } = actions;
  const any = Boolean(onShare || onNewVersion || onDownload || onDelete);
  const details = [
    review.filename,
    `Reviewed ${formatShortDate(review.created_at)}`,
    review.page_count ? `${review.page_count} ${review.page_count === 1 ? 'page' : 'pages'}` : null,
  ].filter(Boolean);

  return (
    <header>
      {showBack && <BackLink to={REVIEW_PATH}>All reviews</BackLink>}
      <div className="mt-3 flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1">
          <h1 className="break-words font-semibold text-slate-900 text-xl tracking-tight sm:text-2xl">{review.title}</h1>
          <p className="mt-1 break-words text-slate-600 text-sm">{details.join(' · ')}</p>
          <div className="mt-1.5">{onShare || review.shared ? <SharingState shared={review.shared} /> : null}</div>
        </div>
        {any && (
          <div className="flex flex-wrap items-center gap-2">
            {onShare && (
              <Button variant="secondary" onClick={() => onShare(!review.shared)} loading={actions.sharing}>
                {!actions.sharing &&
                  (review.shared ? <Lock aria-hidden="true" className="size-4" /> : <Users aria-hidden="true" className="size-4" />)}
                {review.shared ? 'Stop sharing' : 'Share with your organisation'}
              </Button>
            )}
            {onNewVersion && review.status !== 'reviewing' && (
              <Button variant="secondary" onClick={onNewVersion} aria-expanded={actions.versioning}>
                <FileUp aria-hidden="true" className="size-4" />
                Upload a new version
              </Button>
            )}
            {onDownload && review.status === 'ready' && (
              <Button variant="secondary" onClick={onDownload} loading={actions.downloading}>
                {!actions.downloading && <FileDown aria-hidden="true" className="size-4" />}
                Download .docx
              </Button>
            )}
            {onDelete && (
              <Button variant="ghost" onClick={onDelete} className="px-2 text-red-700 hover:bg-red-50" aria-label="Delete the review">
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            )}
          </div>
        )}
      </div>
    </header>
  );
}
