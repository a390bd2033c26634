import { CHAT_SEARCH_MAX_LENGTH, type ChatSessionSummary, MESSAGES } from '@verity/shared';
import { Plus, Search, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { Spinner } from '../../components/ui/spinner';
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

function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-1 mt-2 rounded-lg border border-slate-300 border-dashed px-4 py-6 text-center">
      <p className="break-words font-medium text-slate-900 text-sm">{title}</p>
      {children && <div className="mt-1.5 text-slate-600 text-sm leading-5">{children}</div>}
    </div>
  );
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
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
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
    body = (
      <div role="status" className="flex items-center justify-center gap-2 py-8 text-slate-600 text-sm">
        <Spinner size="sm" className="text-brand-700" />
        Loading conversations…
      </div>
    );
  } else if (sessions.isError && !sessions.data) {
    body = (
      <Alert className="mx-1 mt-2">
        <p>{CONVERSATIONS_FAILED_MESSAGE}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => sessions.refetch()}>
          {MESSAGES.tryAgain}
        </Button>
      </Alert>
    );
  } else if (items.length === 0 && q) {
    body = (
      <EmptyState title={`No conversations match “${q}”`}>
        <p>Try other words, or a code such as HTM 06-01.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => onQueryChange('')}>
          Clear search
        </Button>
      </EmptyState>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState title="No conversations yet">
        <p>Ask a question about the regulatory library; each conversation is kept here for you to come back to.</p>
      </EmptyState>
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
    <div className="flex h-full min-h-0 flex-col">
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
        <search className="relative">
          <label htmlFor={searchId} className="sr-only">
            Search conversations
          </label>
          <Search aria-hidden="true" className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-slate-400" />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={query}
            maxLength={CHAT_SEARCH_MAX_LENGTH}
            onChange={(event) => onQueryChange(event.target.value)}
            onKeyDown={(event) => {
              // Escape clears a search first; a drawer around the list closes on the next one.
              if (event.key === 'Escape' && query) {
                event.preventDefault();
                event.stopPropagation();
                onQueryChange('');
              }
            }}
            placeholder="Search conversations"
            autoComplete="off"
            className="focus-ring h-9 w-full rounded-md border border-slate-300 bg-white pr-14 pl-8 text-base text-slate-900 placeholder:text-slate-400 hover:border-slate-400 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
          />
          <span className="-translate-y-1/2 absolute top-1/2 right-1.5 flex items-center gap-1">
            {searching && <Spinner size="sm" label="Searching" className="text-slate-400" />}
            {query && (
              <button
                type="button"
                onClick={() => {
                  onQueryChange('');
                  searchRef.current?.focus();
                }}
                aria-label="Clear search"
                className="focus-ring inline-flex size-6 items-center justify-center rounded text-slate-500 hover:bg-slate-100"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            )}
          </span>
        </search>
        <p className="sr-only" aria-live="polite">
          {q && !sessions.isPending && !sessions.isError && !searching
            ? total === 1
              ? '1 conversation found'
              : `${total} conversations found`
            : ''}
        </p>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 py-2">{body}</div>
    </div>
  );
}
