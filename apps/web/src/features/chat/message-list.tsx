import type { ChatMessage } from '@verity/shared';
import { AnswerMessage } from './answer-message';
import type { ActiveStream } from './chat-store';
import { QuestionMessage } from './question-message';
import { StreamingAnswer } from './streaming-answer';

/** Which answer's sources the panel shows: a stored answer's id, or the one streaming. */
export const STREAMING_ANSWER = 'streaming';

export interface MessageListProps {
  sessionId: string;
  messages: readonly ChatMessage[];
  stream: ActiveStream | null;
  maxLength: number;
  /** Without them the conversation is read only (a shared one): no Edit, Regenerate or feedback. */
  onRegenerate?: (messageId: string) => void;
  onEdit?: (messageId: string, content: string) => void;
  onOpenSources: (messageId: string, n: number | null) => void;
}

/**
 * The conversation in order. While an answer streams, the stored messages it replaces (after an
 * edited question or a regenerated answer) are already left out, and the question being asked
 * shows until the server's copy takes its place.
 */
export function MessageList({ sessionId, messages, stream, maxLength, onRegenerate, onEdit, onOpenSources }: MessageListProps) {
  const shown = stream ? messages.slice(0, stream.keep) : messages;
  const busy = stream !== null;
  const lastId = stream ? null : shown.at(-1)?.id;
  return (
    <ol aria-label="Conversation" className="flex flex-col gap-6">
      {shown.map((message) => (
        <li key={message.id} className="flex flex-col">
          {message.role === 'user' ? (
            <QuestionMessage
              content={message.content}
              mode={message.mode}
              attachments={message.attachments}
              busy={busy}
              maxLength={maxLength}
              onEdit={onEdit && ((content) => onEdit(message.id, content))}
            />
          ) : (
            <AnswerMessage
              sessionId={sessionId}
              message={message}
              busy={busy}
              isLast={message.id === lastId}
              onRegenerate={onRegenerate}
              onOpenSources={onOpenSources}
            />
          )}
        </li>
      ))}
      {stream?.question && (
        <li className="flex flex-col">
          <QuestionMessage content={stream.question.content} mode={stream.question.mode} attachments={stream.question.attachments} />
        </li>
      )}
      {stream && (
        <li className="flex flex-col">
          <StreamingAnswer stream={stream} onOpenSources={(n) => onOpenSources(STREAMING_ANSWER, n)} />
        </li>
      )}
    </ol>
  );
}
