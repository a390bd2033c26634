/**
 * "Back to conversation": a chat citation link carries the conversation's path in the router
 * state, and the wiki reader offers the way back to it. Only a conversation's own path is accepted,
 * so the state can never send the reader anywhere else.
 */
const CONVERSATION_PATH = /^\/chat\/[A-Za-z0-9_-]{1,64}$/;

export interface ConversationReturnState {
  returnTo: string;
}

/** The router state for a link opened from the conversation at `pathname` (none outside a conversation). */
export function conversationReturnState(pathname: string): ConversationReturnState | undefined {
  return CONVERSATION_PATH.test(pathname) ? { returnTo: pathname } : undefined;
}

/** The conversation path a link's router state names, or null. */
export function conversationReturnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return null;
  const { returnTo } = state as { returnTo: unknown };
  return typeof returnTo === 'string' && CONVERSATION_PATH.test(returnTo) ? returnTo : null;
}

/**
 * "Back to Regulatory Wiki": a document opened from the wiki's list carries the list's address (its
 * search, filters and page) in the router state, so the way back finds the list as it was left.
 * Only the list's own path is accepted; anything else goes back to the bare list.
 */
const WIKI_LIST = /^\/wiki(\?[^#]{0,2000})?$/;

export interface WikiReturnState {
  wikiList: string;
}

/** The router state for a link opened from the wiki's list at this address (none elsewhere). */
export function wikiReturnState(pathname: string, search: string): WikiReturnState | undefined {
  const list = `${pathname}${search}`;
  return pathname === '/wiki' && WIKI_LIST.test(list) ? { wikiList: list } : undefined;
}

/** The wiki list's address a link's router state names, else the bare list. */
export function wikiReturnPath(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('wikiList' in state)) return '/wiki';
  const { wikiList } = state as { wikiList: unknown };
  return typeof wikiList === 'string' && WIKI_LIST.test(wikiList) ? wikiList : '/wiki';
}
