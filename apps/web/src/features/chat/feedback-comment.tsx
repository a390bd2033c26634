import * as Popover from '@radix-ui/react-popover';
import type { ChatFeedbackRating } from '@verity/shared';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { Button } from '../../components/ui/button';

export interface FeedbackCommentProps {
  /** The thumbs: the box opens above them, and focus goes back to the chosen one when it closes. */
  anchorRef: RefObject<HTMLElement | null>;
  rating: ChatFeedbackRating;
  /**
   * The contract's limit, passed in: importing it here would make this chunk share the contract
   * (and zod) with the first load, which splits that into more chunks every page then lists.
   */
  maxLength: number;
  pending: boolean;
  /** Called with the comment, trimmed; an empty one just closes the box. */
  onSend: (comment: string) => void;
  onClose: () => void;
}

/**
 * The optional comment offered after a rating, on Radix Popover: see <FeedbackControl>, which
 * loads this module when first needed. The box takes focus; Escape, Skip or a click outside
 * closes it.
 */
export function FeedbackComment({ anchorRef, rating, maxLength, pending, onSend, onClose }: FeedbackCommentProps) {
  const [comment, setComment] = useState('');
  const fieldId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    if (text) onSend(text);
    else onClose();
  };

  return (
    <Popover.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Popover.Anchor virtualRef={anchorRef} />
      <Popover.Content
        aria-label="Comment on this answer"
        side="top"
        align="start"
        sideOffset={8}
        collisionPadding={16}
        onCloseAutoFocus={(event) => {
          // Radix gives focus back to a trigger, and the box has none: unless the person has moved
          // on to something else, focus goes back to the rating rather than being lost.
          event.preventDefault();
          if (document.activeElement === document.body || document.activeElement === null) {
            anchorRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus({ preventScroll: true });
          }
        }}
        className="z-30 w-[min(20rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
      >
        <form onSubmit={submit}>
          <label htmlFor={fieldId} className="font-medium text-slate-900 text-sm">
            {rating === 'up' ? 'What was helpful?' : 'What was wrong or missing?'}{' '}
            <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={fieldId}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            maxLength={maxLength}
            rows={3}
            className="focus-ring mt-2 block w-full resize-none rounded-md border border-slate-300 px-2.5 py-2 text-base sm:text-sm"
          />
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={onClose}>
              Skip
            </Button>
            <Button type="submit" size="sm" loading={pending}>
              Send comment
            </Button>
          </div>
        </form>
      </Popover.Content>
    </Popover.Root>
  );
}
