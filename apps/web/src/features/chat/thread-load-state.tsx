import type { ChatSessionDetail } from '@verity/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadingState } from '../../components/ui/loading-state';
import { isChatNotFound } from './api';
import { ConversationUnavailable } from './conversation-unavailable';
import { type PhoneNav, PhoneNavRow } from './phone-nav-row';
import { SharedConversation } from './shared-conversation';

export interface ThreadLoadStateProps {
  sessionId: string;
  /** The conversation's query, still loading or failed. */
  session: UseQueryResult<ChatSessionDetail>;
  phoneNav: PhoneNav | undefined;
}

/**
 * A conversation not (yet) on screen: loading, or not the reader's own (it may be a colleague's,
 * shared with the organisation, read only), or failed to load, with a way to try again.
 */
export function ThreadLoadState({ sessionId, session, phoneNav }: ThreadLoadStateProps) {
  if (session.isPending) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <PhoneNavRow phoneNav={phoneNav} />
        <div className="flex min-h-0 flex-1 items-center justify-center">
          <LoadingState message="Loading the conversation…" />
        </div>
      </div>
    );
  }
  const retry = () => void session.refetch();
  if (isChatNotFound(session.error)) {
    return (
      <SharedConversation sessionId={sessionId} phoneNav={phoneNav} privateView={<ConversationUnavailable notFound onRetry={retry} />} />
    );
  }
  return <ConversationUnavailable notFound={false} onRetry={retry} />;
}
