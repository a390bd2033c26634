import type { ChatSessionSummary } from '@verity/shared';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
import { useDeleteChatSession } from './api';

export const DELETE_FAILED_MESSAGE = 'The conversation could not be deleted. Please try again.';

export interface ConversationDeleteDialogProps {
  /** The conversation to delete; null keeps the dialog closed. */
  session: ChatSessionSummary | null;
  onClose: () => void;
}

/**
 * Confirms deleting a conversation, naming it. Deleting the open conversation returns the page
 * to /chat (useDeleteChatSession); a failure is shown in the dialog and nothing is removed.
 */
export function ConversationDeleteDialog({ session, onClose }: ConversationDeleteDialogProps) {
  const remove = useDeleteChatSession();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (remove.isPending) return;
    setError(null);
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!session) return;
    setError(null);
    remove.mutate(
      { id: session.id },
      {
        onSuccess: () => {
          toast.success('Conversation deleted');
          remove.reset();
          onClose();
        },
        onError: (cause) => setError(errorMessage(cause, DELETE_FAILED_MESSAGE)),
      },
    );
  };

  return (
    <Dialog
      open={session !== null}
      onClose={close}
      size="sm"
      title="Delete conversation?"
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
        <span className="break-words font-semibold text-slate-900">“{session?.title}”</span> and all its messages will be deleted. This
        cannot be undone.
      </p>
      {error && <Alert className="mt-3">{error}</Alert>}
    </Dialog>
  );
}
