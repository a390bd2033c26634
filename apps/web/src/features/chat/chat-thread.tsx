import {
  CHAT_ATTACHMENT_DEFAULT_MAX_BYTES,
  CHAT_ATTACHMENTS_MAX,
  CHAT_DEFAULT_TITLE,
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatAttachment,
  type ChatMode,
  type ChatSessionDetail,
} from '@verity/shared';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquareOff, RotateCw } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { LoadingState } from '../../components/ui/loading-state';
import { toast } from '../../components/ui/toast';
import type { DocumentFilters } from '../../components/filters/document-filters';
import { type ApiError, isApiError } from '../../lib/api-client';
import { track } from '../../lib/analytics';
import { useFilterData } from '../../lib/filter-data';
import { CHAT_PATH, chatKeys, chatSessionPath, isChatNotFound, useChatConfig, useChatSession, useCreateChatSession } from './api';
import { attachmentProblem, deleteAttachment, formatBytes, uploadAttachment } from './attachment-upload';
import { ChatEmptyState, type ExampleQuestion } from './chat-empty-state';
import { ChatFilters, countFilters } from './chat-filters';
import {
  CHAT_QUESTION_ASKED_EVENT,
  type ComposerAttachment,
  NEW_CONVERSATION_KEY,
  type StreamKind,
  selectDraft,
  selectStream,
  startChatStream,
  stopChatStream,
  useChatStore,
} from './chat-store';
import { CitationPanel } from './citation-panel';
import { Composer } from './composer';
import { MessageList, STREAMING_ANSWER } from './message-list';
import { ThreadHeader } from './thread-header';

export interface ChatThreadProps {
  /** null: /chat with no conversation yet (the first question creates one). */
  sessionId: string | null;
}

/** Uploads in flight, by the composer chip they belong to, so removing the chip cancels the upload. */
const uploads = new Map<string, AbortController>();

/** The question is read as at the bottom of the thread when within this distance of it. */
const STICK_TO_BOTTOM_PX = 96;

function messagesPath(sessionId: string): string {
  return `/chat/sessions/${encodeURIComponent(sessionId)}/messages`;
}

function messagePath(sessionId: string, messageId: string, action: 'regenerate' | 'edit'): string {
  return `${messagesPath(sessionId)}/${encodeURIComponent(messageId)}/${action}`;
}

/** The server's own words for a refused file (413 too large, 422 wrong type or unreadable). */
function uploadErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'The file could not be uploaded. Please try again.';
  const apiError = error as ApiError;
  if (apiError.status === 422) return apiError.clientError.description;
  return apiError.body?.message ?? apiError.clientError.description;
}

function localId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * One conversation: its messages with streamed, cited answers, the sources panel, and the
 * composer. The streaming itself lives in the chat store, so it carries on when the page moves
 * from /chat to the conversation the first question created.
 */
export function ChatThread({ sessionId }: ChatThreadProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useChatSession(sessionId);
  const config = useChatConfig();
  const filterData = useFilterData();
  const createSession = useCreateChatSession();
  const draftKey = sessionId ?? NEW_CONVERSATION_KEY;
  const draft = useChatStore(selectDraft(draftKey));
  const stream = useChatStore(selectStream(sessionId));
  const announcement = useChatStore((state) => state.announcement);
  const updateDraft = useChatStore((state) => state.updateDraft);
  const [scopeOpen, setScopeOpen] = useState(false);
  const [panel, setPanel] = useState<{ messageId: string; n: number | null } | null>(null);
  const [starting, setStarting] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickRef = useRef(true);
  const creatingRef = useRef<Promise<string> | null>(null);

  const messages = session.data?.messages ?? [];
  const maxLength = config.data?.message_max_length ?? CHAT_MESSAGE_MAX_LENGTH;
  const maxFiles = config.data?.attachments_max ?? CHAT_ATTACHMENTS_MAX;
  const maxBytes = config.data?.attachment_max_bytes ?? CHAT_ATTACHMENT_DEFAULT_MAX_BYTES;
  const defaultCategories = filterData.data?.default_categories;
  const filters: DocumentFilters = useMemo(
    () => draft.filters ?? { category: defaultCategories ?? [], domain: [], subDomain: [] },
    [draft.filters, defaultCategories],
  );

  // Another conversation opened in the same page: its own sources, scrolled to its end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the conversation changes.
  useEffect(() => {
    setPanel(null);
    stickRef.current = true;
  }, [sessionId]);

  const streamText = stream?.text;
  const streamPhase = stream?.phase;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the answer as it grows and new messages arrive.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    // The welcome and its example questions read from the top.
    if (!element || !stickRef.current || (messages.length === 0 && !streamPhase)) return;
    element.scrollTop = element.scrollHeight;
  }, [streamText, streamPhase, messages.length, sessionId, session.isSuccess]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    stickRef.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
  };

  /** The conversation to ask in, created (and moved to) for the first question or file. */
  const ensureSession = useCallback(async (): Promise<string> => {
    if (sessionId) return sessionId;
    if (!creatingRef.current) {
      creatingRef.current = createSession
        .mutateAsync({})
        .then((created) => {
          useChatStore.getState().moveDraft(NEW_CONVERSATION_KEY, created.id);
          return created.id;
        })
        .finally(() => {
          creatingRef.current = null;
        });
    }
    return creatingRef.current;
  }, [sessionId, createSession]);

  const runStream = async (options: {
    id: string;
    kind: StreamKind;
    path: string;
    body: unknown;
    keep: number;
    question: { content: string; mode: ChatMode; attachments: ChatAttachment[] } | null;
    mode: ChatMode;
  }) => {
    stickRef.current = true;
    setPanel(null);
    const pending = startChatStream({ queryClient, sessionId: options.id, ...options });
    if (!sessionId) void navigate(chatSessionPath(options.id));
    return pending;
  };

  const send = async (example?: ExampleQuestion) => {
    const content = (example?.text ?? draft.text).trim();
    const mode = example?.mode ?? draft.mode;
    if (!content || stream || starting || content.length > maxLength) return;
    if (draft.attachments.some((item) => item.status !== 'ready')) return;
    const items = draft.attachments;
    const attachments = items.flatMap((item) => (item.attachment ? [item.attachment] : []));

    setStarting(true);
    let id: string;
    try {
      id = await ensureSession();
    } catch (error) {
      setStarting(false);
      if (!isApiError(error)) toast.error('The conversation could not be started. Please try again.');
      return;
    }
    const detail = queryClient.getQueryData<ChatSessionDetail>(chatKeys.session(id));
    const keep = detail?.messages.length ?? 0;
    // An example question leaves what the person was writing (and its mode) alone.
    updateDraft(id, example ? { attachments: [] } : { text: '', attachments: [] });
    track(CHAT_QUESTION_ASKED_EVENT, { mode, has_attachments: attachments.length > 0 });
    setStarting(false);

    const outcome = await runStream({
      id,
      kind: 'ask',
      path: messagesPath(id),
      body: {
        content,
        mode,
        filters: { category: [...filters.category], domain: [...filters.domain], subDomain: [...filters.subDomain] },
        include_internal: draft.includeInternal,
        attachment_ids: attachments.map((attachment) => attachment.id),
      },
      keep,
      question: { content, mode, attachments },
      mode,
    });
    if (outcome === 'refused') {
      // Nothing was asked: the question and its files go back into the composer.
      updateDraft(id, (current) => ({
        text: current.text.trim() ? current.text : content,
        attachments: current.attachments.length > 0 ? current.attachments : items,
      }));
    }
  };

  const regenerate = (messageId: string) => {
    if (!sessionId || stream) return;
    const index = messages.findIndex((message) => message.id === messageId);
    if (index < 1) return;
    void runStream({
      id: sessionId,
      kind: 'regenerate',
      path: messagePath(sessionId, messageId, 'regenerate'),
      body: {},
      keep: index,
      question: null,
      mode: messages[index - 1]?.mode ?? 'answer',
    });
  };

  const edit = (messageId: string, content: string) => {
    if (!sessionId || stream) return;
    const index = messages.findIndex((message) => message.id === messageId);
    const original = messages[index];
    if (!original) return;
    void runStream({
      id: sessionId,
      kind: 'edit',
      path: messagePath(sessionId, messageId, 'edit'),
      body: { content },
      keep: index,
      question: { content, mode: original.mode, attachments: original.attachments },
      mode: original.mode,
    });
  };

  const onFiles = async (files: File[]) => {
    const current = useChatStore.getState().drafts[draftKey]?.attachments ?? [];
    const room = maxFiles - current.filter((item) => item.status !== 'error').length;
    if (files.length > room) toast.error(`Attach at most ${maxFiles} files to a question`);
    const accepted = files.slice(0, Math.max(room, 0));
    if (accepted.length === 0) return;
    const items = accepted.map((file): ComposerAttachment & { file: File } => {
      const problem = attachmentProblem(file, maxBytes);
      return {
        localId: localId(),
        fileName: file.name,
        size: file.size,
        status: problem ? 'error' : 'uploading',
        progress: 0,
        attachment: null,
        error: problem,
        file,
      };
    });
    updateDraft(draftKey, (draft) => ({ attachments: [...draft.attachments, ...items.map(({ file: _file, ...item }) => item)] }));
    const toUpload = items.filter((item) => item.status === 'uploading');
    if (toUpload.length === 0) return;

    const { updateAttachment } = useChatStore.getState();
    let id: string;
    try {
      id = await ensureSession();
      if (!sessionId) void navigate(chatSessionPath(id));
    } catch (error) {
      for (const item of toUpload) updateAttachment(draftKey, item.localId, { status: 'error', error: uploadErrorMessage(error) });
      return;
    }
    await Promise.all(
      toUpload.map(async (item) => {
        const controller = new AbortController();
        uploads.set(item.localId, controller);
        try {
          const attachment = await uploadAttachment(
            id,
            item.file,
            (progress) => updateAttachment(id, item.localId, { progress }),
            controller.signal,
          );
          updateAttachment(id, item.localId, { status: 'ready', progress: 1, attachment });
        } catch (error) {
          if (!controller.signal.aborted) updateAttachment(id, item.localId, { status: 'error', error: uploadErrorMessage(error) });
        } finally {
          uploads.delete(item.localId);
        }
      }),
    );
  };

  const removeAttachment = (id: string) => {
    const item = draft.attachments.find((attachment) => attachment.localId === id);
    useChatStore.getState().removeAttachment(draftKey, id);
    uploads.get(id)?.abort();
    if (item?.attachment && sessionId) {
      deleteAttachment(sessionId, item.attachment.id).catch(() =>
        toast.error(`${item.fileName} could not be removed from the conversation`),
      );
    }
  };

  const openSources = (messageId: string, n: number | null) => setPanel({ messageId, n });
  const panelCitations = useMemo(() => {
    if (!panel) return [];
    if (panel.messageId === STREAMING_ANSWER) {
      if (stream) return stream.citations;
      return messages.findLast((message) => message.role === 'assistant')?.citations ?? [];
    }
    return messages.find((message) => message.id === panel.messageId)?.citations ?? [];
  }, [panel, stream, messages]);

  if (sessionId && session.isPending) {
    return (
      <div className="flex min-h-0 flex-1 items-center justify-center">
        <LoadingState message="Loading the conversation…" />
      </div>
    );
  }
  if (sessionId && session.isError) {
    const notFound = isChatNotFound(session.error);
    return (
      <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
        <MessageSquareOff aria-hidden="true" className="size-10 text-slate-400" />
        <h1 className="font-semibold text-lg text-slate-900">
          {notFound ? 'This conversation could not be found' : 'The conversation could not be loaded'}
        </h1>
        <p className="max-w-md text-slate-600 text-sm">
          {notFound ? 'It may have been deleted, or it belongs to someone else.' : 'Check your connection and try again.'}
        </p>
        <div className="flex gap-2">
          {!notFound && (
            <Button variant="secondary" onClick={() => void session.refetch()}>
              <RotateCw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          )}
          <ButtonLink to={CHAT_PATH}>Start a new conversation</ButtonLink>
        </div>
      </div>
    );
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
        />
        {scopeOpen && (
          <ChatFilters
            references={filterData.data?.references ?? []}
            filters={filters}
            onChange={(next) => updateDraft(draftKey, { filters: next })}
            onReset={() => updateDraft(draftKey, { filters: null })}
            isDefault={draft.filters === null}
            includeInternal={draft.includeInternal}
            onIncludeInternalChange={(includeInternal) => updateDraft(draftKey, { includeInternal })}
            disabled={!filterData.data}
          />
        )}
        <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
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
                onOpenSources={openSources}
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
          onFiles={(files) => void onFiles(files)}
          onRemoveAttachment={removeAttachment}
          attachHint={`PDF, Word (.docx) or text files, up to ${formatBytes(maxBytes)} each, ${maxFiles} per question`}
          canAttachMore={activeFiles < maxFiles && !starting}
          maxLength={maxLength}
          streaming={streaming}
          onSend={() => void send()}
          onStop={() => sessionId && stopChatStream(sessionId)}
          scopeOpen={scopeOpen}
          onScopeToggle={() => setScopeOpen((open) => !open)}
          scopeCount={draft.filters === null && draft.includeInternal ? 0 : countFilters(filters) + (draft.includeInternal ? 0 : 1)}
          blockedReason={blockedReason}
        />
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </section>
      {panel && panelCitations.length > 0 && <CitationPanel citations={panelCitations} activeN={panel.n} onClose={() => setPanel(null)} />}
    </div>
  );
}
