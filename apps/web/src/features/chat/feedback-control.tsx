import { CHAT_FEEDBACK_COMMENT_MAX_LENGTH, type ChatFeedbackRating, type ChatMessage } from '@verity/shared';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { lazyModule, useLazyModule } from '../../hooks/use-lazy-module';
import { cn } from '../../lib/cn';
import { useChatFeedback } from './api';

export interface FeedbackControlProps {
  sessionId: string;
  message: ChatMessage;
  disabled?: boolean;
}

const FEEDBACK_FAILED = 'Your feedback could not be saved. Please try again.';

/**
 * The comment box's Radix half (Radix Popover and its positioning), which the chat's first load
 * has no room for: fetched when the browser is idle, or at once when a rating is saved.
 */
export const feedbackCommentModule = lazyModule(() => import('./feedback-comment'));

/**
 * Thumbs up / down on an answer. Choosing one saves it at once and offers an optional comment;
 * choosing the selected one again withdraws the rating (and its comment).
 */
export function FeedbackControl({ sessionId, message, disabled = false }: FeedbackControlProps) {
  const feedback = useChatFeedback();
  const [commentFor, setCommentFor] = useState<ChatFeedbackRating | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const module = useLazyModule(feedbackCommentModule, commentFor !== null);

  const rate = (rating: ChatFeedbackRating) => {
    const withdraw = message.feedback === rating;
    feedback.mutate(
      { sessionId, messageId: message.id, feedback: { rating: withdraw ? null : rating } },
      {
        onSuccess: () => {
          if (withdraw) {
            setCommentFor(null);
            toast.info('Feedback withdrawn');
          } else {
            setCommentFor(rating);
          }
        },
        onError: () => toast.error(FEEDBACK_FAILED),
      },
    );
  };

  const sendComment = (rating: ChatFeedbackRating, comment: string) => {
    feedback.mutate(
      { sessionId, messageId: message.id, feedback: { rating, comment } },
      {
        onSuccess: () => {
          setCommentFor(null);
          toast.success('Thank you for your feedback');
        },
        onError: () => toast.error(FEEDBACK_FAILED),
      },
    );
  };

  const thumb = (rating: ChatFeedbackRating) => {
    const selected = message.feedback === rating;
    const Icon = rating === 'up' ? ThumbsUp : ThumbsDown;
    const name = rating === 'up' ? 'Helpful' : 'Not helpful';
    return (
      <button
        type="button"
        aria-pressed={selected}
        aria-label={selected ? `${name} (selected; press again to withdraw)` : name}
        title={name}
        disabled={disabled || feedback.isPending}
        onClick={() => rate(rating)}
        className={cn(
          'focus-ring inline-flex size-8 items-center justify-center rounded-md transition-colors disabled:cursor-not-allowed disabled:opacity-50',
          selected ? 'bg-brand-100 text-brand-800' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-800',
        )}
      >
        <Icon aria-hidden="true" className={cn('size-4', selected && 'fill-current')} />
      </button>
    );
  };

  return (
    <div ref={rootRef} className="flex items-center">
      {thumb('up')}
      {thumb('down')}
      {commentFor !== null && module && (
        <module.FeedbackComment
          // A new rating starts a new, empty comment.
          key={commentFor}
          anchorRef={rootRef}
          rating={commentFor}
          maxLength={CHAT_FEEDBACK_COMMENT_MAX_LENGTH}
          pending={feedback.isPending}
          onSend={(comment) => sendComment(commentFor, comment)}
          onClose={() => setCommentFor(null)}
        />
      )}
    </div>
  );
}
