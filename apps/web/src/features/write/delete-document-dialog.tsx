import type { WriteDocumentSummary } from '@verity/shared';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { useDeleteWriteDocument } from './api';

export const DELETE_FAILED_MESSAGE = 'The document could not be deleted. Please try again.';

export interface DeleteDocumentDialogProps {
  /** The document to delete; null keeps the dialog closed. */
  document: Pick<WriteDocumentSummary, 'external_id' | 'title'> | null;
  onClose: () => void;
  /** After it is deleted (the document's own page goes back to the list). */
  onDeleted?: () => void;
}

/** Confirms deleting a document, naming it; a failure is shown in the dialog and nothing is removed. */
export function DeleteDocumentDialog({ document, onClose, onDeleted }: DeleteDocumentDialogProps) {
  const remove = useDeleteWriteDocument();
  return (
    <ConfirmDeleteDialog
      open={document !== null}
      title="Delete document?"
      onDelete={async () => {
        if (document) await remove.mutateAsync({ externalId: document.external_id });
      }}
      deletedMessage="Document deleted"
      failedMessage={DELETE_FAILED_MESSAGE}
      onClose={onClose}
      onDeleted={onDeleted}
    >
      <span className="break-words font-semibold text-slate-900">“{document?.title}”</span> and the transcript it was written from will be
      deleted. This cannot be undone.
    </ConfirmDeleteDialog>
  );
}
