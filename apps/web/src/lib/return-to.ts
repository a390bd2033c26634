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
