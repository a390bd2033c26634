import { isDocumentId, type Review } from '@verity/shared';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NotFoundState } from '../../components/not-found-state';
import { PageLoadError } from '../../components/page-load-error';
import { Alert } from '../../components/ui/alert';
import { LoadingState } from '../../components/ui/loading-state';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { isApiError } from '../../lib/api-client';
import { errorDialogPayloadFromClientError, openErrorDialog } from '../../lib/error-dialog-store';
import { downloadReviewDocx, isReviewNotFound, REVIEW_PATH, useReview, useShareReview } from './api';
import { DeleteReviewDialog } from './delete-review-dialog';
import { type ReviewActions, ReviewHeader } from './review-header';
import { REVIEW_FAILED_MESSAGE, ReviewProgress } from './review-progress';
import { ReviewWorkspace } from './review-workspace';
import { StartPanel } from './start-panel';
import { useMayOpen } from '../../hooks/use-may';

export const REVIEW_NOT_FOUND = 'Review not found';
export const REVIEW_LOAD_FAILED = 'The review could not be loaded';
export const DOWNLOAD_FAILED_MESSAGE = 'The review could not be downloaded. Please try again.';

/** A 404: no such review, or one not shared with the reader (the server answers both the same way). */
function NotFound() {
  const mayOpenList = useMayOpen(REVIEW_PATH);
  return (
    <NotFoundState title={REVIEW_NOT_FOUND} back={mayOpenList ? { to: REVIEW_PATH, label: 'Back to Review Assistant' } : undefined}>
      The link may be mistyped, or the review may have been deleted or no longer be shared with your organisation.
    </NotFoundState>
  );
}

/**
 * /review/{id}: a review while it runs, when it failed (why), and once finished (the policy with
 * its findings). Its author may share it, review a new version, download it and delete it; anyone
 * else it is shared with reads it only.
 */
export function ReviewDetailPage() {
  const { id = '' } = useParams();
  return isDocumentId(id) ? <ReviewPage key={id} id={id} /> : <NotFound />;
}

function ReviewPage({ id }: { id: string }) {
  const query = useReview(id);
  useDocumentTitle(query.data?.title);

  if (query.isPending) return <LoadingState message="Loading the review…" />;
  if (query.isError) {
    return isReviewNotFound(query.error) ? (
      <NotFound />
    ) : (
      <PageLoadError title={REVIEW_LOAD_FAILED} error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
    );
  }
  return <LoadedReview review={query.data} onReviewed={() => void query.refetch()} />;
}

function LoadedReview({ review, onReviewed }: { review: Review; onReviewed: () => void }) {
  const navigate = useNavigate();
  const mayOpenList = useMayOpen(REVIEW_PATH);
  const share = useShareReview();
  const [versioning, setVersioning] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadReviewDocx(review.id);
      toast.success('The review was downloaded');
    } catch (error) {
      if (isApiError(error)) openErrorDialog(errorDialogPayloadFromClientError(error.clientError));
      else toast.error(DOWNLOAD_FAILED_MESSAGE);
    } finally {
      setDownloading(false);
    }
  };

  // Each action only when the server's review policy gives the reader that ability.
  const { abilities } = review;
  const actions: ReviewActions = {
    onShare: abilities.share ? (shared: boolean) => share.mutate({ id: review.id, shared }) : undefined,
    sharing: share.isPending,
    onNewVersion: abilities.new_version ? () => setVersioning((open) => !open) : undefined,
    versioning,
    onDownload: abilities.export ? download : undefined,
    downloading,
    onDelete: abilities.delete ? () => setDeleting(true) : undefined,
  };

  return (
    <div className="mx-auto w-full max-w-[88rem] px-4 py-6 sm:px-6 lg:px-8">
      <ReviewHeader review={review} showBack={mayOpenList} actions={actions} />
      {!abilities.decide_findings && (
        <Alert tone="info" className="mt-4">
          Shared with your organisation by its author: you can read it, not change it.
        </Alert>
      )}
      {versioning && (
        <div className="mt-5">
          <StartPanel previousId={review.id} heading="Upload a new version" />
        </div>
      )}
      {review.status === 'ready' && <ReviewWorkspace review={review} />}
      {review.status === 'reviewing' && (
        <div className="mt-6">
          {review.job_id ? (
            // Its author follows the stages; the review is read again once the job ends either way.
            <ReviewProgress jobId={review.job_id} title="Reviewing your policy" onSucceeded={onReviewed} onFailed={onReviewed} />
          ) : (
            <LoadingState message="The policy is being reviewed…" />
          )}
        </div>
      )}
      {review.status === 'failed' && (
        <Alert className="mt-6" title="This policy could not be reviewed">
          {review.error || REVIEW_FAILED_MESSAGE}
        </Alert>
      )}
      <DeleteReviewDialog
        review={deleting ? review : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(REVIEW_PATH, { replace: true })}
      />
    </div>
  );
}
