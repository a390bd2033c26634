import { useCallback, useRef } from 'react';
import { useCreateChatSession } from './api';
import { NEW_CONVERSATION_KEY, useChatStore } from './chat-store';

/**
 * The conversation to ask in: the open one, or one created for the first question or file, once
 * however many callers ask at the same time. Its composer takes over what was being written.
 */
export function useEnsureConversation(sessionId: string | null): () => Promise<string> {
  const createSession = useCreateChatSession();
  const creatingRef = useRef<Promise<string> | null>(null);

  return useCallback(async (): Promise<string> => {
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
}
