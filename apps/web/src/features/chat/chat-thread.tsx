import { CHAT_ATTACHMENT_DEFAULT_MAX_BYTES, CHAT_ATTACHMENTS_MAX, CHAT_DEFAULT_TITLE, CHAT_MESSAGE_MAX_LENGTH } from '@verity/shared';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { countFilters, type DocumentFilters } from '../../components/filters/document-filters';
import { LoadingState } from '../../components/ui/loading-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useFilterData } from '../../lib/filter-data';
import { isChatNotFound, useChatConfig, useChatSession } from './api';
import { formatBytes } from './attachment-upload';
import { ChatEmptyState } from './chat-empty-state';
import { NEW_CONVERSATION_KEY, selectDraft, selectStream, useChatStore } from './chat-store';
import { CitationPanel } from './citation-panel';
import { Composer } from './composer';
import { ConversationUnavailable } from './conversation-unavailable';
import { MessageList } from './message-list';
import { SharedConversation } from './shared-conversation';
import { ThreadHeader } from './thread-header';
import { useChatSend } from './use-chat-send';
import { useComposerAttachments } from './use-composer-attachments';
import { useEnsureConversation } from './use-ensure-conversation';
import { useSourcesPanel } from './use-sources-panel';
import { useThreadScroll } from './use-thread-scroll';
import { type PhoneNav, PhoneNavRow } from './phone-nav-row';

// The scope panel's pickers load when it is first opened: no first visit to the chat pays for them.
const ChatFilters = lazy(() => import('./chat-filters').then((module) => ({ default: module.ChatFilters })));

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
  const updateDraft = useChatStore((state) => state.updateDraft);
  const [scopeOpen, setScopeOpen] = useState(false);
  const scopeButtonId = useId();
  const scopePanelId = useId();

  // Escape closes the scope (a picker's own list, when open, takes the Escape first), and focus
  // that was inside it goes back to the Scope button.
  useEffect(() => {
    if (!scopeOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const panel = document.getElementById(scopePanelId);
      const focusInside = panel?.contains(document.activeElement) ?? false;
      setScopeOpen(false);
      if (focusInside) document.getElementById(scopeButtonId)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [scopeOpen, scopeButtonId, scopePanelId]);

  const messages = session.data?.messages ?? [];
  const maxLength = config.data?.message_max_length ?? CHAT_MESSAGE_MAX_LENGTH;
  const maxFiles = config.data?.attachments_max ?? CHAT_ATTACHMENTS_MAX;
  const maxBytes = config.data?.attachment_max_bytes ?? CHAT_ATTACHMENT_DEFAULT_MAX_BYTES;
  const defaultCategories = filterData.data?.default_categories;
  const filters: DocumentFilters = useMemo(
    () => draft.filters ?? { category: defaultCategories ?? [], domain: [], subDomain: [] },
    [draft.filters, defaultCategories],
  );

  // The mode control shows the mode the latest answer was produced in (a draft example, or an
  // answer the server produced as a draft), once per answer: the person may switch it afterwards.
  const latestAnswer = messages.findLast((message) => message.role === 'assistant');
  const latestAnswerId = latestAnswer?.id ?? null;
  const latestAnswerMode = latestAnswer?.mode ?? null;
  useEffect(() => {
    if (!latestAnswerId || !latestAnswerMode || stream || draft.modeFromAnswer === latestAnswerId) return;
    updateDraft(draftKey, { mode: latestAnswerMode, modeFromAnswer: latestAnswerId });
  }, [latestAnswerId, latestAnswerMode, stream, draft.modeFromAnswer, draftKey, updateDraft]);

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

  if (sessionId && session.isPending) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <PhoneNavRow phoneNav={phoneNav} />
        <div className="flex min-h-0 flex-1 items-center justify-center">
          <LoadingState message="Loading the conversation…" />
        </div>
      </div>
    );
  }
  if (sessionId && session.isError) {
    // Not the reader's own: it may be a colleague's, shared with the organisation (read only).
    if (isChatNotFound(session.error)) {
      return (
        <SharedConversation
          sessionId={sessionId}
          phoneNav={phoneNav}
          privateView={<ConversationUnavailable notFound onRetry={() => void session.refetch()} />}
        />
      );
    }
    return <ConversationUnavailable notFound={false} onRetry={() => void session.refetch()} />;
  }

  const uploading = draft.attachments.some((item) => item.status === 'uploading');
  const refused = draft.attachments.some((item) => item.status === 'error');
  const blockedReason = uploading
    ? 'Wait for the files to finish uploading.'
    : refused
      ? 'Remove the files that could not be attached to send the question.'
      : null;
  const empty = messages.length === 0 && !stream;
  const streaming = stream !== null;
  const activeFiles = draft.attachments.filter((item) => item.status !== 'error').length;

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
        {scopeOpen && (
          <Suspense fallback={null}>
            <ChatFilters
              id={scopePanelId}
              references={filterData.data?.references ?? []}
              filters={filters}
              onChange={(next) => updateDraft(draftKey, { filters: next })}
              onReset={() => updateDraft(draftKey, { filters: null })}
              isDefault={draft.filters === null}
              includeInternal={draft.includeInternal}
              onIncludeInternalChange={(includeInternal) => updateDraft(draftKey, { includeInternal })}
              disabled={!filterData.data}
            />
          </Suspense>
        )}
        <div
          ref={scroll.scrollRef}
          onScroll={scroll.onScroll}
          data-conversation-scroll=""
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
        >
          {empty ? (
            <ChatEmptyState onAsk={(example) => void send(example)} disabled={starting} />
          ) : (
            <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
              <MessageList
                sessionId={sessionId ?? ''}
                messages={messages}
                stream={stream}
                maxLength={maxLength}
                onRegenerate={regenerate}
                onEdit={edit}
                onOpenSources={sources.open}
              />
            </div>
          )}
        </div>
        <Composer
          text={draft.text}
          onTextChange={(text) => updateDraft(draftKey, { text })}
          mode={draft.mode}
          onModeChange={(mode) => updateDraft(draftKey, { mode })}
          attachments={draft.attachments}
          onFiles={(files) => void addFiles(files)}
          onRemoveAttachment={removeAttachment}
          attachHint={`PDF, Word (.docx) or text files, up to ${formatBytes(maxBytes)} each, ${maxFiles} per question`}
          canAttachMore={activeFiles < maxFiles && !starting}
          maxLength={maxLength}
          streaming={streaming}
          onSend={() => void send()}
          onStop={stop}
          scopeOpen={scopeOpen}
          onScopeToggle={() => setScopeOpen((open) => !open)}
          scopeCount={draft.filters === null && draft.includeInternal ? 0 : countFilters(filters) + (draft.includeInternal ? 0 : 1)}
          scopeButtonId={scopeButtonId}
          scopePanelId={scopePanelId}
          blockedReason={blockedReason}
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
