import { CHAT_SEARCH_MAX_LENGTH, type ChatSessionSummary, MESSAGES } from '@verity/shared';
import { Plus, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ListSearch } from '../../components/list-search';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { CHAT_PATH, flattenSessions, useChatSessions } from './api';
import { ConversationItem } from './conversation-item';

/** Typing pauses this long before the search is sent. */
export const CONVERSATION_SEARCH_DEBOUNCE_MS = 300;
export const CONVERSATIONS_FAILED_MESSAGE = 'Failed to load conversations';
const LOAD_MORE_FAILED_MESSAGE = 'More conversations could not be loaded.';
/** Relative times ("5 min ago") are brought up to date this often. */
const CLOCK_TICK_MS = 30_000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export interface ConversationListProps {
  /** The conversation open on the page, highlighted in the list. */
  activeId: string | null;
  /** The search box's text; kept by the page so it survives the phone drawer closing. */
  query: string;
  onQueryChange: (value: string) => void;
  onDelete: (session: ChatSessionSummary) => void;
  /** After a conversation is opened or a new one started (a drawer around the list closes). */
  onNavigate?: () => void;
  /** Shown as a close button in the header (the phone drawer). */
  onClose?: () => void;
}

/**
 * The person's conversations, latest activity first: start a new one, search titles and
 * message text, open, rename and delete. Fills its container; only the list itself scrolls.
 */
export function ConversationList({ activeId, query, onQueryChange, onDelete, onNavigate, onClose }: ConversationListProps) {
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const now = useNow(CLOCK_TICK_MS);
  const debouncedQuery = useDebouncedValue(query, CONVERSATION_SEARCH_DEBOUNCE_MS);
  const q = debouncedQuery.trim();
  const sessions = useChatSessions(q);
  const items = useMemo(() => flattenSessions(sessions.data), [sessions.data]);
  const total = sessions.data?.pages[0]?.total ?? 0;
  // While a new search runs, the previous results stay on screen (placeholder data).
  const searching = (query.trim() !== q || sessions.isPlaceholderData) && query.trim() !== '';

  // Keyboard users carry on from the first conversation just loaded (the button may be gone).
  const focusAfterLoad = useRef<number | null>(null);
  const loadMore = async () => {
    focusAfterLoad.current = items.length;
    const result = await sessions.fetchNextPage();
    if (result.isError) focusAfterLoad.current = null;
  };
  const loaded = items.length;
  useEffect(() => {
    const index = focusAfterLoad.current;
    if (index === null || loaded <= index) return;
    focusAfterLoad.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>(':scope > li > a')[index]?.focus();
  }, [loaded]);

  let body: ReactNode;
  if (sessions.isPending) {
    body = <ListLoading message="Loading conversations…" />;
  } else if (sessions.isError && !sessions.data) {
    body = <ListLoadFailed message={CONVERSATIONS_FAILED_MESSAGE} onRetry={() => sessions.refetch()} className="mx-1 mt-2" />;
  } else if (items.length === 0 && q) {
    body = (
      <ListEmpty title={`No conversations match “${q}”`} className="mx-1 mt-2 py-6">
        <p>Try other words, or a code such as HTM 06-01.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => onQueryChange('')}>
          Clear search
        </Button>
      </ListEmpty>
    );
  } else if (items.length === 0) {
    body = (
      <ListEmpty title="No conversations yet" className="mx-1 mt-2 py-6">
        <p>Ask a question about the regulatory library; each conversation is kept here for you to come back to.</p>
      </ListEmpty>
    );
  } else {
    body = (
      <>
        <ul ref={listRef} aria-labelledby={headingId} className="flex flex-col gap-0.5">
          {items.map((session) => (
            <ConversationItem
              key={session.id}
              session={session}
              active={session.id === activeId}
              now={now}
              onOpen={onNavigate}
              onDelete={onDelete}
            />
          ))}
        </ul>
        {sessions.hasNextPage && (
          <div className="flex flex-col items-center gap-1.5 px-1 pt-3 pb-1">
            {sessions.isFetchNextPageError && (
              <p role="alert" className="text-center text-red-700 text-xs">
                {LOAD_MORE_FAILED_MESSAGE}
              </p>
            )}
            <Button variant="secondary" size="sm" className="w-full" loading={sessions.isFetchingNextPage} onClick={loadMore}>
              {sessions.isFetchNextPageError ? MESSAGES.tryAgain : 'Load more'}
            </Button>
            <p className="text-slate-500 text-xs">
              Showing {items.length} of {total}
            </p>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col" data-tour="chat-history">
      <div className="flex shrink-0 flex-col gap-3 border-slate-200 border-b px-3 pt-4 pb-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="font-semibold text-slate-900">
            Conversations
          </h2>
          {onClose && (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close conversations"
              className="focus-ring -mr-1 inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          )}
        </div>
        <ButtonLink to={CHAT_PATH} onClick={onNavigate} className="w-full">
          <Plus aria-hidden="true" className="size-4" />
          New conversation
        </ButtonLink>
        <ListSearch
          value={query}
          onChange={onQueryChange}
          maxLength={CHAT_SEARCH_MAX_LENGTH}
          label="Search conversations"
          placeholder="Search conversations"
          searching={searching}
          announcement={
            q && !sessions.isPending && !sessions.isError && !searching
              ? total === 1
                ? '1 conversation found'
                : `${total} conversations found`
              : ''
          }
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 py-2">{body}</div>
    </div>
  );
}
