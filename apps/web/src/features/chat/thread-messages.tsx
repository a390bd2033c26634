import { ChatEmptyState, type ExampleQuestion } from './chat-empty-state';
import { MessageList, type MessageListProps } from './message-list';
import type { ThreadScroll } from './use-thread-scroll';

export interface ThreadMessagesProps extends MessageListProps {
  scroll: Pick<ThreadScroll, 'scrollRef' | 'onScroll'>;
  /** Asks one of the empty conversation's example questions. */
  onAsk: (example: ExampleQuestion) => void;
  /** A question is being sent: the examples wait. */
  starting: boolean;
}

/** The conversation's scrolling area: its messages, or the examples to begin with while it has none. */
export function ThreadMessages({ scroll, onAsk, starting, ...list }: ThreadMessagesProps) {
  const empty = list.messages.length === 0 && !list.stream;
  return (
    <div
      ref={scroll.scrollRef}
      onScroll={scroll.onScroll}
      data-conversation-scroll=""
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
    >
      {empty ? (
        <ChatEmptyState onAsk={onAsk} disabled={starting} />
      ) : (
        <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
          <MessageList {...list} />
        </div>
      )}
    </div>
  );
}
