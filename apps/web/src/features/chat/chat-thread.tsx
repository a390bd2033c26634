import { CHAT_ATTACHMENT_DEFAULT_MAX_BYTES, CHAT_ATTACHMENTS_MAX, CHAT_DEFAULT_TITLE, CHAT_MESSAGE_MAX_LENGTH } from '@verity/shared';
import { useMemo } from 'react';
import type { DocumentFilters } from '../../components/filters/document-filters';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useFilterData } from '../../lib/filter-data';
import { useChatConfig, useChatSession } from './api';
import { NEW_CONVERSATION_KEY, selectDraft, selectStream, useChatStore } from './chat-store';
import { CitationPanel } from './citation-panel';
import { ScopePanel } from './scope-panel';
import { ThreadComposer } from './thread-composer';
import { ThreadHeader } from './thread-header';
import { ThreadLoadState } from './thread-load-state';
import { ThreadMessages } from './thread-messages';
import { useChatSend } from './use-chat-send';
import { useComposerAttachments } from './use-composer-attachments';
import { useEnsureConversation } from './use-ensure-conversation';
import { useModeFromLatestAnswer } from './use-mode-from-latest-answer';
import { useScopePanel } from './use-scope-panel';
import { useSourcesPanel } from './use-sources-panel';
import { useThreadScroll } from './use-thread-scroll';
import type { PhoneNav } from './phone-nav-row';

export interface ChatThreadProps {
  /** null: /chat with no conversation yet (the first question creates one). */
  sessionId: string | null;
  /**
   * Below the lg breakpoint, the conversations drawer's button and New conversation: placed at
   * the two ends of the thread's header so a phone has one compact bar above the conversation.
   */
  phoneNav?: PhoneNav;
}

/**
 * One conversation: its messages with streamed, cited answers, the sources panel, and the
 * composer. The streaming itself lives in the chat store, so it carries on when the page moves
 * from /chat to the conversation the first question created.
 */
export function ChatThread({ sessionId, phoneNav }: ChatThreadProps) {
  const session = useChatSession(sessionId);
  // The conversation's title names the tab; a new chat keeps the route's ("Chat — Verity").
  useDocumentTitle(session.data?.title);
  const config = useChatConfig();
  const filterData = useFilterData();
  const draftKey = sessionId ?? NEW_CONVERSATION_KEY;
  const draft = useChatStore(selectDraft(draftKey));
  const stream = useChatStore(selectStream(sessionId));
  const announcement = useChatStore((state) => state.announcement);
  const scope = useScopePanel();

  const messages = session.data?.messages ?? [];
  const maxLength = config.data?.message_max_length ?? CHAT_MESSAGE_MAX_LENGTH;
  const maxFiles = config.data?.attachments_max ?? CHAT_ATTACHMENTS_MAX;
  const maxBytes = config.data?.attachment_max_bytes ?? CHAT_ATTACHMENT_DEFAULT_MAX_BYTES;
  const defaultCategories = filterData.data?.default_categories;
  const filters: DocumentFilters = useMemo(
    () => draft.filters ?? { category: defaultCategories ?? [], domain: [], subDomain: [] },
    [draft.filters, defaultCategories],
  );

  useModeFromLatestAnswer(messages, stream, draft, draftKey);

  const sources = useSourcesPanel(sessionId, messages, stream);
  const scroll = useThreadScroll({
    sessionId,
    messageCount: messages.length,
    streamText: stream?.text,
    streamPhase: stream?.phase,
    loaded: session.isSuccess,
  });
  const ensureConversation = useEnsureConversation(sessionId);
  const { send, regenerate, edit, stop, starting } = useChatSend({
    sessionId,
    messages,
    filters,
    maxLength,
    ensureConversation,
    onStreamStart: () => {
      scroll.stickToBottom();
      sources.close();
    },
  });
  const { addFiles, removeAttachment } = useComposerAttachments({ sessionId, maxFiles, maxBytes, ensureConversation });

  if (sessionId && (session.isPending || session.isError)) {
    return <ThreadLoadState sessionId={sessionId} session={session} phoneNav={phoneNav} />;
  }

  const streaming = stream !== null;

  return (
    <div className="flex h-full min-h-0 min-w-0 flex-1">
      <section aria-label="Conversation thread" className="flex min-h-0 min-w-0 flex-1 flex-col">
        <ThreadHeader
          title={session.data?.title ?? CHAT_DEFAULT_TITLE}
          sessionId={sessionId}
          engineLabel={config.data?.engine.label ?? null}
          canExport={messages.length > 0 && !streaming}
          session={session.data ?? null}
          start={phoneNav?.start}
          end={phoneNav?.end}
        />
        {scope.open && (
          <ScopePanel
            id={scope.panelId}
            draft={draft}
            draftKey={draftKey}
            filters={filters}
            references={filterData.data?.references ?? null}
          />
        )}
        <ThreadMessages
          scroll={scroll}
          onAsk={(example) => void send(example)}
          starting={starting}
          sessionId={sessionId ?? ''}
          messages={messages}
          stream={stream}
          maxLength={maxLength}
          onRegenerate={regenerate}
          onEdit={edit}
          onOpenSources={sources.open}
        />
        <ThreadComposer
          draft={draft}
          draftKey={draftKey}
          filters={filters}
          maxLength={maxLength}
          maxFiles={maxFiles}
          maxBytes={maxBytes}
          streaming={streaming}
          starting={starting}
          onSend={() => void send()}
          onStop={stop}
          onFiles={(files) => void addFiles(files)}
          onRemoveAttachment={removeAttachment}
          scope={scope}
        />
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </section>
      {sources.panel && sources.citations.length > 0 && (
        <CitationPanel citations={sources.citations} activeN={sources.panel.n} onClose={sources.close} />
      )}
    </div>
  );
}
