import { type ChatSessionListResponse, type ChatSessionSummary, chatEndpoints, type EndpointInput, endpointUrl } from '@verity/shared';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { api, type EndpointBody, isApiError } from '../../lib/api-client';

/**
 * The chat's calls (conversations, feedback, export): query options, hooks and cache updates. The
 * streamed answers are in stream.ts and the attachment upload in attachment-upload.ts, as neither
 * can go through api().
 */

export const chatKeys = {
  lists: ['chat', 'sessions'] as const,
  list: (q: string) => ['chat', 'sessions', { q }] as const,
  session: (id: string) => ['chat', 'session', id] as const,
  shared: (id: string) => ['chat', 'shared', id] as const,
  config: ['chat', 'config'] as const,
};

export const CHAT_PATH = '/chat';

/** The page of one conversation. */
export function chatSessionPath(sessionId: string): string {
  return `${CHAT_PATH}/${encodeURIComponent(sessionId)}`;
}

/** The list's query: a trimmed q and a page only when they say something. */
export function sessionsQuery(q: string, page: number): EndpointInput<typeof chatEndpoints.listSessions>['query'] {
  const trimmed = q.trim();
  return { q: trimmed || undefined, page: page > 1 ? String(page) : undefined };
}

/** The next page to ask for, or undefined once every conversation has been loaded. */
export function nextSessionsPage(last: ChatSessionListResponse): number | undefined {
  return last.page * last.page_size < last.total ? last.page + 1 : undefined;
}

/**
 * The caller's conversations, latest activity first, page by page; `q` searches titles and
 * message text (blank lists them all).
 */
export function chatSessionsQueryOptions(q: string) {
  const trimmed = q.trim();
  return infiniteQueryOptions({
    queryKey: chatKeys.list(trimmed),
    queryFn: ({ pageParam, signal }) => api(chatEndpoints.listSessions, { query: sessionsQuery(trimmed, pageParam) }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextSessionsPage,
  });
}

/** While a new search loads, the previous results stay. */
export function useChatSessions(q: string) {
  return useInfiniteQuery({ ...chatSessionsQueryOptions(q), placeholderData: keepPreviousData });
}

/** Every loaded conversation of an infinite list, in order, without duplicates across pages. */
export function flattenSessions(data: InfiniteData<ChatSessionListResponse> | undefined): ChatSessionSummary[] {
  if (!data) return [];
  const seen = new Set<string>();
  const sessions: ChatSessionSummary[] = [];
  for (const page of data.pages) {
    for (const session of page.sessions) {
      if (seen.has(session.id)) continue;
      seen.add(session.id);
      sessions.push(session);
    }
  }
  return sessions;
}

/** True when the error is the server's 404 for a conversation (missing, or someone else's). */
export function isChatNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * One conversation with its messages. A 404 (unknown id, or another user's conversation) is not
 * retried: check it with isChatNotFound(query.error).
 */
export function chatSessionQueryOptions(id: string) {
  return queryOptions({
    queryKey: chatKeys.session(id),
    queryFn: ({ signal }) => api(chatEndpoints.getSession, { params: { id } }, { signal }),
  });
}

/** Disabled without an id. */
export function useChatSession(id: string | null) {
  return useQuery({ ...chatSessionQueryOptions(id ?? ''), enabled: id !== null && id !== '' });
}

/**
 * A conversation someone in the caller's organisation shared with it, read only. A 404 means it is
 * private (never shared, no longer shared, deleted or another organisation's).
 */
export function sharedChatSessionQueryOptions(id: string) {
  return queryOptions({
    queryKey: chatKeys.shared(id),
    queryFn: ({ signal }) => api(chatEndpoints.sharedSession, { params: { id } }, { signal }),
  });
}

export function useSharedChatSession(id: string) {
  return useQuery(sharedChatSessionQueryOptions(id));
}

/** The address colleagues open to read a shared conversation: the conversation's own page. */
export function chatShareLink(sessionId: string, origin: string = window.location.origin): string {
  return `${origin}${chatSessionPath(sessionId)}`;
}

/** Share a conversation of the caller's with their organisation (shared: true) or stop sharing it. */
export function useSetChatSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; shared: boolean }) =>
      input.shared
        ? api(chatEndpoints.shareSession, { params: { id: input.id } })
        : api(chatEndpoints.unshareSession, { params: { id: input.id } }),
    onSuccess: (session) => {
      updateCachedSession(queryClient, session);
      void queryClient.invalidateQueries({ queryKey: chatKeys.shared(session.id) });
    },
  });
}

/** What this server's chat can do (engine badge, attachment limits); a failure leaves it undefined. */
export function chatConfigQueryOptions() {
  return queryOptions({
    queryKey: chatKeys.config,
    queryFn: ({ signal }) => api(chatEndpoints.config, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useChatConfig() {
  return useQuery(chatConfigQueryOptions());
}

/** Put a changed conversation summary into every cached list page and the cached detail. */
export function updateCachedSession(queryClient: QueryClient, session: ChatSessionSummary): void {
  queryClient.setQueriesData<InfiniteData<ChatSessionListResponse>>({ queryKey: chatKeys.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            sessions: page.sessions.map((item) => (item.id === session.id ? { ...item, ...session } : item)),
          })),
        }
      : data,
  );
  queryClient.setQueryData(chatSessionQueryOptions(session.id).queryKey, (detail) =>
    detail ? { ...detail, ...session, messages: detail.messages } : detail,
  );
}

/** Take a deleted conversation out of every cached list page. */
function removeCachedSession(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<InfiniteData<ChatSessionListResponse>>({ queryKey: chatKeys.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => {
            const sessions = page.sessions.filter((item) => item.id !== id);
            return { ...page, sessions, total: page.total - (page.sessions.length - sessions.length) };
          }),
        }
      : data,
  );
}

/**
 * Start a conversation; without a title the first question names it. The new conversation is put
 * in the cache so opening it needs no extra request.
 */
export function useCreateChatSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointBody<typeof chatEndpoints.createSession> = {}) =>
      api(chatEndpoints.createSession, { body: input.title ? { title: input.title } : {} }),
    onSuccess: (session) => {
      queryClient.setQueryData(chatSessionQueryOptions(session.id).queryKey, { ...session, messages: [] });
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
    },
  });
}

/** Rename a conversation; a 422 carries the server's field message (see fieldErrorsFromApi). */
export function useRenameChatSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; title: string }) =>
      api(chatEndpoints.renameSession, { params: { id: input.id }, body: { title: input.title } }),
    onSuccess: (session) => {
      updateCachedSession(queryClient, session);
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
    },
  });
}

/**
 * Delete a conversation. When it is the one open on the page, the page goes back to /chat.
 * A 404 means it is already gone, which is what the person wanted: treated as success.
 */
export function useDeleteChatSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { sessionId } = useParams();
  return useMutation({
    mutationFn: async (input: { id: string }) => {
      try {
        await api(chatEndpoints.deleteSession, { params: { id: input.id } });
      } catch (error) {
        if (!isChatNotFound(error)) throw error;
      }
    },
    onSuccess: (_result, input) => {
      removeCachedSession(queryClient, input.id);
      if (sessionId === input.id) void navigate(CHAT_PATH, { replace: true });
      queryClient.removeQueries({ queryKey: chatKeys.session(input.id), exact: true });
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
    },
  });
}

/** Rate an answer (or withdraw a rating with rating: null); the cached conversation takes the saved message. */
export function useChatFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sessionId: string; messageId: string; feedback: EndpointBody<typeof chatEndpoints.feedback> }) =>
      api(chatEndpoints.feedback, { params: { id: input.sessionId, messageId: input.messageId }, body: input.feedback }),
    onSuccess: (message, input) => {
      queryClient.setQueryData(chatSessionQueryOptions(input.sessionId).queryKey, (detail) =>
        detail ? { ...detail, messages: detail.messages.map((item) => (item.id === message.id ? message : item)) } : detail,
      );
    },
  });
}

/** The conversation and its cited passages as a .docx. */
export function chatExportUrl(sessionId: string): string {
  return endpointUrl(chatEndpoints.exportSession, { params: { id: sessionId } });
}

const EXPORT_FALLBACK_NAME = 'conversation.docx';

/** Download the .docx export under the server's file name; failures throw an ApiError like api(). */
export async function downloadChatExport(sessionId: string, signal?: AbortSignal): Promise<string> {
  // The download code loads with the first export, not with the chat (the heaviest first load).
  const { downloadApiFile } = await import('../../lib/download');
  return downloadApiFile(chatExportUrl(sessionId), EXPORT_FALLBACK_NAME, signal);
}
