import { type ReactNode, useState } from 'react';
import { errorMessage } from '../lib/form-errors';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { toast } from './ui/toast';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  /** The question, e.g. "Delete conversation?". */
  title: string;
  /** What will be lost, naming the thing deleted. */
  children: ReactNode;
  /** Deletes; a rejection is shown in the dialog, which stays open. */
  onDelete: () => Promise<unknown>;
  /** The toast once it is deleted, e.g. "Conversation deleted". */
  deletedMessage: string;
  /** Shown when the failure carries no message of its own. */
  failedMessage: string;
  onClose: () => void;
  /** After it is deleted and the dialog has closed. */
  onDeleted?: () => void;
  /** The confirming button's word, for an ending that is not a deletion ("Deactivate"). */
  confirmLabel?: string;
}

/**
 * Asks before deleting something that cannot be brought back. Cancel has the focus; neither
 * button nor Escape closes the dialog while the deletion runs, and a failure removes nothing.
 */
export function ConfirmDeleteDialog({
  open,
  title,
  children,
  onDelete,
  deletedMessage,
  failedMessage,
  onClose,
  onDeleted,
  confirmLabel = 'Delete',
}: ConfirmDeleteDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (pending) return;
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (pending) return;
    setError(null);
    setPending(true);
    try {
      await onDelete();
    } catch (cause) {
      setError(errorMessage(cause, failedMessage));
      return;
    } finally {
      setPending(false);
    }
    toast.success(deletedMessage);
    onClose();
    onDeleted?.();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      size="sm"
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-slate-700 text-sm leading-6">{children}</p>
      {error && <Alert className="mt-3">{error}</Alert>}
    </Dialog>
  );
}
