import type { ChatSessionSummary } from '@verity/shared';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
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
  return (
    <ConfirmDeleteDialog
      open={session !== null}
      title="Delete conversation?"
      onDelete={async () => {
        if (session) await remove.mutateAsync({ id: session.id });
      }}
      deletedMessage="Conversation deleted"
      failedMessage={DELETE_FAILED_MESSAGE}
      onClose={onClose}
    >
      <span className="break-words font-semibold text-slate-900">“{session?.title}”</span> and all its messages will be deleted. This cannot
      be undone.
    </ConfirmDeleteDialog>
  );
}
