import { CHAT_FEEDBACK_COMMENT_MAX_LENGTH, type ChatFeedbackRating, type ChatMessage } from '@verity/shared';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { useChatFeedback } from './api';

export interface FeedbackControlProps {
  sessionId: string;
  message: ChatMessage;
  disabled?: boolean;
}

const FEEDBACK_FAILED = 'Your feedback could not be saved. Please try again.';

/**
 * Thumbs up / down on an answer. Choosing one saves it at once and offers an optional comment;
 * choosing the selected one again withdraws the rating (and its comment).
 */
export function FeedbackControl({ sessionId, message, disabled = false }: FeedbackControlProps) {
  const feedback = useChatFeedback();
  const [commentFor, setCommentFor] = useState<ChatFeedbackRating | null>(null);
  const [comment, setComment] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const fieldId = useId();

  useEffect(() => {
    if (commentFor === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setCommentFor(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [commentFor]);

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
            setComment('');
            setCommentFor(rating);
          }
        },
        onError: () => toast.error(FEEDBACK_FAILED),
      },
    );
  };

  const submitComment = (event: FormEvent) => {
    event.preventDefault();
    if (commentFor === null) return;
    const text = comment.trim();
    if (!text) {
      setCommentFor(null);
      return;
    }
    feedback.mutate(
      { sessionId, messageId: message.id, feedback: { rating: commentFor, comment: text } },
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
    <div ref={rootRef} className="relative flex items-center">
      {thumb('up')}
      {thumb('down')}
      {commentFor !== null && (
        <form
          onSubmit={submitComment}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              setCommentFor(null);
            }
          }}
          className="absolute bottom-full left-0 z-30 mb-2 w-[min(20rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
        >
          <label htmlFor={fieldId} className="font-medium text-slate-900 text-sm">
            {commentFor === 'up' ? 'What was helpful?' : 'What was wrong or missing?'}{' '}
            <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={fieldId}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            maxLength={CHAT_FEEDBACK_COMMENT_MAX_LENGTH}
            rows={3}
            // biome-ignore lint/a11y/noAutofocus: the box was opened to type in it.
            autoFocus
            className="focus-ring mt-2 block w-full resize-none rounded-md border border-slate-300 px-2.5 py-2 text-base sm:text-sm"
          />
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setCommentFor(null)}>
              Skip
            </Button>
            <Button type="submit" size="sm" loading={feedback.isPending}>
              Send comment
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
