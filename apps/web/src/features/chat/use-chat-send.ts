import type { ChatAttachment, ChatMessage, ChatMode } from '@verity/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DocumentFilters } from '../../components/filters/document-filters';
import { toast } from '../../components/ui/toast';
import { CHAT_QUESTION_ASKED_EVENT, track } from '../../lib/analytics';
import { isApiError } from '../../lib/api-client';
import { chatSessionPath, chatSessionQueryOptions } from './api';
import type { ExampleQuestion } from './chat-empty-state';
import { NEW_CONVERSATION_KEY, selectDraft, selectStream, startChatStream, stopChatStream, useChatStore } from './chat-store';
import type { AnswerRequest } from './stream';

export interface ChatSendOptions {
  /** null: no conversation yet (the first question creates one). */
  sessionId: string | null;
  messages: readonly ChatMessage[];
  /** The scope the next question is asked in. */
  filters: DocumentFilters;
  maxLength: number;
  ensureConversation: () => Promise<string>;
  /** An answer starts streaming: the thread follows it and the sources panel closes. */
  onStreamStart: () => void;
}

export interface ChatSend {
  /** Ask what the composer holds, or an example question (which leaves the composer's text alone). */
  send: (example?: ExampleQuestion) => Promise<void>;
  regenerate: (messageId: string) => void;
  edit: (messageId: string, content: string) => void;
  stop: () => void;
  /** The conversation for the first question is being created. */
  starting: boolean;
}

/** The questions of one conversation: asked, answered again or edited, each answer streamed through the chat store. */
export function useChatSend({ sessionId, messages, filters, maxLength, ensureConversation, onStreamStart }: ChatSendOptions): ChatSend {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const draft = useChatStore(selectDraft(sessionId ?? NEW_CONVERSATION_KEY));
  const stream = useChatStore(selectStream(sessionId));
  const updateDraft = useChatStore((state) => state.updateDraft);
  const [starting, setStarting] = useState(false);

  const runStream = (
    request: AnswerRequest,
    shown: { keep: number; question: { content: string; mode: ChatMode; attachments: ChatAttachment[] } | null; mode: ChatMode },
  ) => {
    onStreamStart();
    const pending = startChatStream({ queryClient, request, ...shown });
    if (!sessionId) void navigate(chatSessionPath(request.input.params.id));
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
      id = await ensureConversation();
    } catch (error) {
      setStarting(false);
      if (!isApiError(error)) toast.error('The conversation could not be started. Please try again.');
      return;
    }
    const keep = queryClient.getQueryData(chatSessionQueryOptions(id).queryKey)?.messages.length ?? 0;
    // An example question leaves what the person was writing (and its mode) alone.
    updateDraft(id, example ? { attachments: [] } : { text: '', attachments: [] });
    track(CHAT_QUESTION_ASKED_EVENT, { mode, has_attachments: attachments.length > 0 });
    setStarting(false);

    const outcome = await runStream(
      {
        kind: 'ask',
        input: {
          params: { id },
          body: {
            content,
            mode,
            filters: { category: [...filters.category], domain: [...filters.domain], subDomain: [...filters.subDomain] },
            include_internal: draft.includeInternal,
            attachment_ids: attachments.map((attachment) => attachment.id),
          },
        },
      },
      { keep, question: { content, mode, attachments }, mode },
    );
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
    void runStream(
      { kind: 'regenerate', input: { params: { id: sessionId, messageId } } },
      { keep: index, question: null, mode: messages[index - 1]?.mode ?? 'answer' },
    );
  };

  const edit = (messageId: string, content: string) => {
    if (!sessionId || stream) return;
    const index = messages.findIndex((message) => message.id === messageId);
    const original = messages[index];
    if (!original) return;
    void runStream(
      { kind: 'edit', input: { params: { id: sessionId, messageId }, body: { content } } },
      { keep: index, question: { content, mode: original.mode, attachments: original.attachments }, mode: original.mode },
    );
  };

  const stop = () => {
    if (sessionId) stopChatStream(sessionId);
  };

  return { send, regenerate, edit, stop, starting };
}
