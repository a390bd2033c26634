import type { WriteDocumentSummary } from '@verity/shared';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
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
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (remove.isPending) return;
    setError(null);
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!document) return;
    setError(null);
    remove.mutate(
      { externalId: document.external_id },
      {
        onSuccess: () => {
          toast.success('Document deleted');
          remove.reset();
          onClose();
          onDeleted?.();
        },
        onError: (cause) => setError(errorMessage(cause, DELETE_FAILED_MESSAGE)),
      },
    );
  };

  return (
    <Dialog
      open={document !== null}
      onClose={close}
      size="sm"
      title="Delete document?"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={remove.isPending} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </>
      }
    >
      <p className="text-slate-700 text-sm leading-6">
        <span className="break-words font-semibold text-slate-900">“{document?.title}”</span> and the transcript it was written from will be
        deleted. This cannot be undone.
      </p>
      {error && <Alert className="mt-3">{error}</Alert>}
    </Dialog>
  );
}
