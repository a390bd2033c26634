import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import type { StreamPhase } from './chat-store';

/** The question is read as at the bottom of the thread when within this distance of it. */
const STICK_TO_BOTTOM_PX = 96;

export interface ThreadScrollOptions {
  sessionId: string | null;
  messageCount: number;
  streamText: string | undefined;
  streamPhase: StreamPhase | undefined;
  /** The conversation has loaded (its messages are on the page). */
  loaded: boolean;
}

export interface ThreadScroll {
  scrollRef: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  /** Follow the thread to its end again, as when a question is sent. */
  stickToBottom: () => void;
}

/**
 * Keeps the thread at its end while the answer grows and messages arrive, unless the person has
 * scrolled up to read; another conversation opens at its end.
 */
export function useThreadScroll({ sessionId, messageCount, streamText, streamPhase, loaded }: ThreadScrollOptions): ThreadScroll {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickRef = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the conversation changes.
  useEffect(() => {
    stickRef.current = true;
  }, [sessionId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the answer as it grows and new messages arrive.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    // The welcome and its example questions read from the top.
    if (!element || !stickRef.current || (messageCount === 0 && !streamPhase)) return;
    element.scrollTop = element.scrollHeight;
  }, [streamText, streamPhase, messageCount, sessionId, loaded]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    stickRef.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
  };

  const stickToBottom = () => {
    stickRef.current = true;
  };

  return { scrollRef, onScroll, stickToBottom };
}
