import type { ReviewSummary } from '@verity/shared';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { useDeleteReview } from './api';

export const DELETE_FAILED_MESSAGE = 'The review could not be deleted. Please try again.';

export interface DeleteReviewDialogProps {
  /** The review to delete; null keeps the dialog closed. */
  review: Pick<ReviewSummary, 'id' | 'title'> | null;
  onClose: () => void;
  /** After it is deleted (the review's own page goes back to the list). */
  onDeleted?: () => void;
}

/** Confirms deleting a review, naming it; a failure is shown in the dialog and nothing is removed. */
export function DeleteReviewDialog({ review, onClose, onDeleted }: DeleteReviewDialogProps) {
  const remove = useDeleteReview();
  return (
    <ConfirmDeleteDialog
      open={review !== null}
      title="Delete review?"
      onDelete={async () => {
        if (review) await remove.mutateAsync({ id: review.id });
      }}
      deletedMessage="Review deleted"
      failedMessage={DELETE_FAILED_MESSAGE}
      onClose={onClose}
      onDeleted={onDeleted}
    >
      <span className="break-words font-semibold text-slate-900">“{review?.title}”</span>, its findings and the policy text kept with it
      will be deleted. This cannot be undone.
    </ConfirmDeleteDialog>
  );
}
