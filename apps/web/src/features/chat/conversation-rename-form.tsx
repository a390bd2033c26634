import { CHAT_TITLE_MAX_LENGTH, type ChatSessionSummary } from '@verity/shared';
import { RenameForm } from '../../components/rename-form';
import { useRenameChatSession } from './api';

export const RENAME_FAILED_MESSAGE = 'The conversation could not be renamed. Please try again.';

export interface ConversationRenameFormProps {
  session: ChatSessionSummary;
  /** Called once the title is saved, or left unchanged. */
  onDone: () => void;
}

/** Renames a conversation in place, in the list of conversations. */
export function ConversationRenameForm({ session, onDone }: ConversationRenameFormProps) {
  const rename = useRenameChatSession();
  return (
    <RenameForm
      current={session.title}
      maxLength={CHAT_TITLE_MAX_LENGTH}
      inputLabel="Conversation title"
      failedMessage={RENAME_FAILED_MESSAGE}
      onSave={(title) => rename.mutateAsync({ id: session.id, title })}
      onDone={onDone}
      className="px-1 py-1.5"
    />
  );
}
