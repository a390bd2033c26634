import type { ChatMode } from '@verity/shared';
import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { useMediaQuery } from '../../hooks/use-media-query';

/** The box grows with its text up to this height, then scrolls. */
const MAX_TEXTAREA_PX = 220;

/** A phone-width screen, where the box holds one line of placeholder (a longer one would make it two lines tall). */
const NARROW_QUERY = '(max-width: 639px)';

export interface QuestionBoxProps {
  id: string;
  text: string;
  onTextChange: (text: string) => void;
  mode: ChatMode;
  /** Enter without Shift (and outside an input method's composition): send, if it may be sent. */
  onEnter: () => void;
  /** The character count's id while it shows. */
  describedBy: string | undefined;
  tooLong: boolean;
}

/** The composer's text box, labelled for the mode: it grows with its text; Enter sends, Shift+Enter starts a new line. */
export function QuestionBox({ id, text, onTextChange, mode, onEnter, describedBy, tooLong }: QuestionBoxProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const narrow = useMediaQuery(NARROW_QUERY) === true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    // Measured from one row each time, so the box also shrinks when text is deleted.
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(textarea.scrollHeight, MAX_TEXTAREA_PX)}px`;
  }, [text]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onEnter();
  };

  return (
    <>
      <label htmlFor={id} className="sr-only">
        {mode === 'draft' ? 'What should be drafted?' : 'Your question'}
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        value={text}
        rows={1}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={describedBy}
        aria-invalid={tooLong || undefined}
        placeholder={
          mode === 'draft'
            ? narrow
              ? 'Describe the section to draft'
              : 'Describe the policy section to draft, e.g. water safety responsibilities'
            : narrow
              ? 'Ask the regulatory library'
              : 'Ask about HTMs, HBNs, legislation or CQC standards'
        }
        className="block max-h-[220px] min-h-[2.5rem] w-full resize-none bg-transparent px-3 pt-2 pb-0.5 sm:min-h-[3rem] sm:px-4 sm:pt-3 sm:pb-1 text-base text-slate-900 leading-6 placeholder:text-slate-400 focus:outline-none"
      />
    </>
  );
}
