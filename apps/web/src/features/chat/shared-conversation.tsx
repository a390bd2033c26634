import { CHAT_MESSAGE_MAX_LENGTH } from '@verity/shared';
import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadingState } from '../../components/ui/loading-state';
import { isChatNotFound, useSharedChatSession } from './api';
import { CitationPanel } from './citation-panel';
import { ConversationPrivate } from './conversation-private';
import { ConversationUnavailable } from './conversation-unavailable';
import { MessageList } from './message-list';
import { type PhoneNav, PhoneNavRow } from './phone-nav-row';
import { useSourcesPanel } from './use-sources-panel';

export interface SharedConversationProps {
  sessionId: string;
  /** What a 404 shows (the conversation is not shared with the reader); "This conversation is private" by default. */
  privateView?: ReactNode;
  /** Below the lg breakpoint, the conversations drawer's button and New conversation, at the ends of the header. */
  phoneNav?: PhoneNav;
}

/**
 * A conversation someone in the reader's organisation shared, read only: its questions and cited
 * answers and the sources panel, with no composer, editing, regenerating or rating, and a line
 * naming who shared it.
 */
export function SharedConversation({ sessionId, privateView, phoneNav }: SharedConversationProps) {
  const session = useSharedChatSession(sessionId);
  const messages = session.data?.messages ?? [];
  const sources = useSourcesPanel(sessionId, messages, null);

  if (session.isPending || session.isError) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <PhoneNavRow phoneNav={phoneNav} />
        {session.isPending ? (
          <div className="flex min-h-0 flex-1 items-center justify-center">
            <LoadingState message="Loading the conversation…" />
          </div>
        ) : isChatNotFound(session.error) ? (
          (privateView ?? <ConversationPrivate />)
        ) : (
          <ConversationUnavailable notFound={false} onRetry={() => void session.refetch()} />
        )}
      </div>
    );
  }

  const { title, shared_by: sharedBy } = session.data;
  return (
    <div className="flex h-full min-h-0 min-w-0 flex-1">
      <section aria-label="Conversation thread" className="flex min-h-0 min-w-0 flex-1 flex-col" data-read-only="true">
        <header className="flex min-h-14 shrink-0 items-center gap-1 border-slate-200 border-b bg-white px-2 py-1.5 sm:gap-3 sm:px-4 sm:py-2">
          {phoneNav?.start}
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <h1 className="min-w-0 truncate font-semibold text-base text-slate-900 sm:text-lg" title={title}>
              {title}
            </h1>
            <p className="flex min-w-0 items-center gap-1.5 text-slate-600 text-sm">
              <Eye aria-hidden="true" className="size-4 shrink-0" />
              <span className="min-w-0 truncate">Shared by {sharedBy.name} — read only</span>
            </p>
          </div>
          {phoneNav?.end}
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
          <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
            {messages.length === 0 ? (
              <p className="text-center text-slate-600 text-sm">No questions have been asked in this conversation yet.</p>
            ) : (
              <MessageList
                sessionId={sessionId}
                messages={messages}
                stream={null}
                maxLength={CHAT_MESSAGE_MAX_LENGTH}
                onOpenSources={sources.open}
              />
            )}
          </div>
        </div>
      </section>
      {sources.panel && sources.citations.length > 0 && (
        <CitationPanel citations={sources.citations} activeN={sources.panel.n} onClose={sources.close} />
      )}
    </div>
  );
}
