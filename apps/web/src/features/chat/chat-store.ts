import type { ChatAttachment, ChatMessage, ChatMode, ChatStreamEvent, Citation } from '@verity/shared';
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { DocumentFilters } from '../../components/filters/document-filters';
import { isApiError } from '../../lib/api-client';
import { chatKeys, chatSessionQueryOptions, updateCachedSession } from './api';
import { type AnswerRequest, streamChat } from './stream';

/**
 * The chat's local state, outside any route component so that neither the move from /chat to
 * /chat/{id} after the first question nor a visit to another conversation cuts an answer off:
 * the answers being streamed (per conversation) and what is being written in each composer.
 */

/** The composer of the page with no conversation yet. */
export const NEW_CONVERSATION_KEY = 'new';

export type StreamKind = AnswerRequest['kind'];
export type StreamPhase = 'thinking' | 'streaming' | 'error';

/** The question shown above an answer being streamed, until the server's copy replaces it. */
export interface PendingQuestion {
  content: string;
  mode: ChatMode;
  attachments: ChatAttachment[];
}

export interface ActiveStream {
  sessionId: string;
  kind: StreamKind;
  /**
   * How many of the conversation's messages stay above the streamed pair: all of them for a new
   * question, those before the question for an edit, those before the answer for a regenerate
   * (later messages are replaced by the server and must not show).
   */
  keep: number;
  /** Shown above the answer for ask and edit; a regenerate keeps the stored question. */
  question: PendingQuestion | null;
  mode: ChatMode;
  text: string;
  citations: Citation[];
  phase: StreamPhase;
  error: string | null;
  /** True once the person pressed Stop, until the server's copy of the stopped answer arrives. */
  stopping: boolean;
}

export type UploadStatus = 'uploading' | 'ready' | 'error';

/** A file in the composer: being uploaded, uploaded (an attachment the question will name) or refused. */
export interface ComposerAttachment {
  localId: string;
  fileName: string;
  size: number;
  status: UploadStatus;
  /** 0–1 while uploading. */
  progress: number;
  attachment: ChatAttachment | null;
  error: string | null;
}

export interface ComposerDraft {
  text: string;
  mode: ChatMode;
  /**
   * The answer whose mode the composer last took: the mode control follows the mode the latest
   * answer was produced in (as the server stored it) once per answer, and the person can change it after.
   */
  modeFromAnswer: string | null;
  /** null: the library's default categories (known once filter data loads), no domain or subdomain. */
  filters: DocumentFilters | null;
  includeInternal: boolean;
  attachments: ComposerAttachment[];
}

export const EMPTY_DRAFT: ComposerDraft = {
  text: '',
  mode: 'answer',
  modeFromAnswer: null,
  filters: null,
  includeInternal: true,
  attachments: [],
};

interface ChatState {
  streams: Record<string, ActiveStream>;
  drafts: Record<string, ComposerDraft>;
  /** Read out by the page's live region when an answer finishes, stops or fails (not every token). */
  announcement: string;
  updateDraft: (key: string, change: Partial<ComposerDraft> | ((draft: ComposerDraft) => Partial<ComposerDraft>)) => void;
  /** The new-conversation composer becomes the composer of the conversation just created for it. */
  moveDraft: (from: string, to: string) => void;
  updateAttachment: (key: string, localId: string, change: Partial<ComposerAttachment>) => void;
  removeAttachment: (key: string, localId: string) => void;
}

export const useChatStore = create<ChatState>()((set) => ({
  streams: {},
  drafts: {},
  announcement: '',
  updateDraft: (key, change) =>
    set((state) => {
      const current = state.drafts[key] ?? EMPTY_DRAFT;
      const next = typeof change === 'function' ? change(current) : change;
      return { drafts: { ...state.drafts, [key]: { ...current, ...next } } };
    }),
  moveDraft: (from, to) =>
    set((state) => {
      const draft = state.drafts[from];
      if (!draft) return state;
      const { [from]: _moved, ...rest } = state.drafts;
      return { drafts: { ...rest, [to]: draft } };
    }),
  updateAttachment: (key, localId, change) =>
    set((state) => {
      // The upload may finish after its draft moved to the new conversation: update it wherever it is.
      const entry = Object.entries(state.drafts).find(([, draft]) => draft.attachments.some((a) => a.localId === localId));
      const draftKey = entry?.[0] ?? key;
      const draft = state.drafts[draftKey];
      if (!draft) return state;
      return {
        drafts: {
          ...state.drafts,
          [draftKey]: { ...draft, attachments: draft.attachments.map((a) => (a.localId === localId ? { ...a, ...change } : a)) },
        },
      };
    }),
  removeAttachment: (key, localId) =>
    set((state) => {
      const draft = state.drafts[key];
      if (!draft) return state;
      return { drafts: { ...state.drafts, [key]: { ...draft, attachments: draft.attachments.filter((a) => a.localId !== localId) } } };
    }),
}));

export function selectDraft(key: string) {
  return (state: ChatState): ComposerDraft => state.drafts[key] ?? EMPTY_DRAFT;
}

export function selectStream(sessionId: string | null) {
  return (state: ChatState): ActiveStream | null => (sessionId ? (state.streams[sessionId] ?? null) : null);
}

/** Aborts of the answers being streamed, by conversation (not state: nothing renders from them). */
const controllers = new Map<string, AbortController>();

function patchStream(sessionId: string, change: Partial<ActiveStream> | ((stream: ActiveStream) => Partial<ActiveStream>)): void {
  useChatStore.setState((state) => {
    const stream = state.streams[sessionId];
    if (!stream) return state;
    const next = typeof change === 'function' ? change(stream) : change;
    return { streams: { ...state.streams, [sessionId]: { ...stream, ...next } } };
  });
}

function endStream(sessionId: string): void {
  controllers.delete(sessionId);
  useChatStore.setState((state) => {
    const { [sessionId]: _ended, ...rest } = state.streams;
    return { streams: rest };
  });
}

function announce(message: string): void {
  // Cleared first so the same message twice in a row is still read out.
  useChatStore.setState({ announcement: '' });
  setTimeout(() => useChatStore.setState({ announcement: message }), 50);
}

export function isStreaming(sessionId: string): boolean {
  return controllers.has(sessionId);
}

export interface StartStreamOptions {
  queryClient: QueryClient;
  /** The question to answer, in the conversation its path names. */
  request: AnswerRequest;
  keep: number;
  question: PendingQuestion | null;
  mode: ChatMode;
}

/** The outcome of a stream, for the caller to restore what it took from the composer on a refusal. */
export type StreamOutcome = 'done' | 'stopped' | 'error' | 'refused';

/** Polls for the stored copy of an answer that was stopped or failed (the server saves it as the stream closes). */
const SETTLE_ATTEMPTS = 6;
const SETTLE_DELAY_MS = 250;

async function settle(queryClient: QueryClient, sessionId: string, expectedLength: number): Promise<void> {
  for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt++) {
    try {
      const detail = await queryClient.fetchQuery({ ...chatSessionQueryOptions(sessionId), staleTime: 0 });
      if (detail.messages.length >= expectedLength) return;
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_DELAY_MS));
  }
}

/**
 * Stream an answer into the store. On `done` the conversation in the cache takes the stored
 * question and answer (and the title the first question gave it); after a stop, an `error` event
 * or a dropped connection it is fetched again, so the page always ends up showing what the
 * server kept. A refusal before the stream (rate limit, validation) has already been shown
 * through the error dialog; the caller gets 'refused' and can put the question back.
 */
export async function startChatStream(options: StartStreamOptions): Promise<StreamOutcome> {
  const { queryClient, request, keep, question, mode } = options;
  const { kind } = request;
  const sessionId = request.input.params.id;
  if (controllers.has(sessionId)) return 'refused';
  const controller = new AbortController();
  controllers.set(sessionId, controller);
  useChatStore.setState((state) => ({
    streams: {
      ...state.streams,
      [sessionId]: { sessionId, kind, keep, question, mode, text: '', citations: [], phase: 'thinking', error: null, stopping: false },
    },
  }));

  let finished = false;
  let failed = false;
  const onEvent = (event: ChatStreamEvent) => {
    if (event.event === 'token') {
      patchStream(sessionId, (stream) => ({ text: stream.text + event.data.text, phase: 'streaming' }));
    } else if (event.event === 'citations') {
      patchStream(sessionId, { citations: event.data.citations });
    } else if (event.event === 'done') {
      finished = true;
      const { question: storedQuestion, answer, session } = event.data;
      queryClient.setQueryData(chatSessionQueryOptions(sessionId).queryKey, (detail) => {
        const earlier: ChatMessage[] = detail ? detail.messages.slice(0, keep) : [];
        const pair = kind === 'regenerate' ? [answer] : [storedQuestion, answer];
        return { ...(detail ?? session), ...session, messages: [...earlier, ...pair] };
      });
      updateCachedSession(queryClient, session);
      // A fetch of the conversation that started before `done` must not put the old messages back.
      void queryClient.invalidateQueries({ queryKey: chatKeys.session(sessionId), exact: true });
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
    } else {
      failed = true;
      patchStream(sessionId, { phase: 'error', error: event.data.message });
    }
  };

  try {
    await streamChat({ request, signal: controller.signal, onEvent });
  } catch (error) {
    if (!controller.signal.aborted && isApiError(error) && !finished && !failed) {
      const refusedBeforeStream = useChatStore.getState().streams[sessionId]?.phase === 'thinking';
      if (refusedBeforeStream) {
        endStream(sessionId);
        return 'refused';
      }
    }
  }

  if (finished) {
    announce('The answer is complete.');
    endStream(sessionId);
    return 'done';
  }
  const stopped = controller.signal.aborted;
  announce(stopped ? 'The answer was stopped.' : 'The answer could not be completed.');
  if (!failed && !stopped) patchStream(sessionId, { phase: 'error', error: 'The connection was lost before the answer finished.' });
  await settle(queryClient, sessionId, kind === 'regenerate' ? keep + 1 : keep + 2);
  void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
  endStream(sessionId);
  return stopped ? 'stopped' : 'error';
}

/** Stop the answer being streamed in a conversation; the server keeps the partial text, marked stopped. */
export function stopChatStream(sessionId: string): void {
  const controller = controllers.get(sessionId);
  if (!controller) return;
  patchStream(sessionId, { stopping: true });
  controller.abort();
}
