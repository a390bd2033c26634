import type { ChatMode } from '@verity/shared';
import { ArrowUp, SlidersHorizontal, Square } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { AttachmentChip } from './attachment-chip';
import { AttachmentPicker } from './attachment-picker';
import type { ComposerAttachment } from './chat-store';

export interface ComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  mode: ChatMode;
  onModeChange: (mode: ChatMode) => void;
  attachments: readonly ComposerAttachment[];
  onFiles: (files: File[]) => void;
  onRemoveAttachment: (localId: string) => void;
  attachHint: string;
  canAttachMore: boolean;
  maxLength: number;
  /** An answer is streaming: the send button becomes Stop. */
  streaming: boolean;
  onSend: () => void;
  onStop: () => void;
  scopeOpen: boolean;
  onScopeToggle: () => void;
  /** Values narrowing the next question, shown on the Scope button ("All documents" when none). */
  scopeCount: number;
  /** The Scope button's id (focus returns to it when the scope closes) and the scope panel's. */
  scopeButtonId?: string;
  scopePanelId?: string;
  /** Why the question cannot be sent yet (files still uploading), shown under the box. */
  blockedReason: string | null;
}

/** The box grows with its text up to this height, then scrolls. */
const MAX_TEXTAREA_PX = 220;
/** The character count shows once the text is this share of the limit. */
const COUNT_FROM = 0.8;

/** What the Scope button says when nothing narrows the next question. */
export const ALL_DOCUMENTS = 'All documents';

const MODES: { id: ChatMode; label: string; hint: string }[] = [
  { id: 'answer', label: 'Answer', hint: 'A cited answer to a question' },
  { id: 'draft', label: 'Draft', hint: 'A structured policy section with citations' },
];

const NARROW_QUERY = '(max-width: 639px)';

/** A phone-width screen, where the box holds one line of placeholder (a longer one would make it two lines tall). */
function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(NARROW_QUERY);
    const onChange = () => setNarrow(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return narrow;
}

/**
 * Where a question is written: an autosizing box (Enter sends, Shift+Enter starts a new line),
 * Answer / Draft, the scope, files to ask about, and Send — or Stop while an answer streams.
 */
export function Composer({
  text,
  onTextChange,
  mode,
  onModeChange,
  attachments,
  onFiles,
  onRemoveAttachment,
  attachHint,
  canAttachMore,
  maxLength,
  streaming,
  onSend,
  onStop,
  scopeOpen,
  onScopeToggle,
  scopeCount,
  scopeButtonId,
  scopePanelId,
  blockedReason,
}: ComposerProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const narrow = useNarrowScreen();
  const countId = useId();
  const tooLong = text.length > maxLength;
  const canSend = text.trim().length > 0 && !tooLong && blockedReason === null && !streaming;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    // Measured from one row each time, so the box also shrinks when text is deleted.
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(textarea.scrollHeight, MAX_TEXTAREA_PX)}px`;
  }, [text]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (streaming) {
      onStop();
      return;
    }
    if (canSend) onSend();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  const showCount = text.length >= maxLength * COUNT_FROM;
  return (
    <div className="shrink-0 border-slate-200 border-t bg-canvas px-2 py-2 sm:px-4 sm:py-3 print:hidden">
      <form onSubmit={submit} aria-label="Ask a question" className="mx-auto max-w-3xl">
        <div
          className={cn(
            'rounded-2xl border bg-white shadow-sm transition-colors focus-within:border-brand-400 focus-within:ring-2 focus-within:ring-brand-100',
            tooLong ? 'border-red-400' : 'border-slate-300',
          )}
        >
          {attachments.length > 0 && (
            <ul aria-label="Files for the next question" className="flex flex-wrap gap-2 px-3 pt-3">
              {attachments.map((item) => (
                <AttachmentChip
                  key={item.localId}
                  fileName={item.fileName}
                  size={item.size}
                  status={item.status}
                  progress={item.progress}
                  error={item.error}
                  onRemove={() => onRemoveAttachment(item.localId)}
                />
              ))}
            </ul>
          )}
          <label htmlFor={`${countId}-text`} className="sr-only">
            {mode === 'draft' ? 'What should be drafted?' : 'Your question'}
          </label>
          <textarea
            id={`${countId}-text`}
            ref={textareaRef}
            value={text}
            rows={1}
            onChange={(event) => onTextChange(event.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby={showCount ? countId : undefined}
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
          <div className="flex min-w-0 items-center gap-1 px-1.5 pb-1.5 sm:px-2 sm:pb-2">
            <AttachmentPicker onFiles={onFiles} disabled={!canAttachMore} hint={attachHint} />
            <fieldset className="inline-flex rounded-lg border border-slate-200 bg-slate-100 p-0.5">
              <legend className="sr-only">Kind of answer</legend>
              {MODES.map((option) => (
                <button
                  key={option.id}
                  type="button"
                  aria-pressed={mode === option.id}
                  title={option.hint}
                  onClick={() => onModeChange(option.id)}
                  className={cn(
                    'focus-ring h-7 rounded-md px-2.5 font-medium text-sm transition-colors',
                    mode === option.id ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900',
                  )}
                >
                  {option.label}
                </button>
              ))}
            </fieldset>
            <button
              id={scopeButtonId}
              type="button"
              aria-expanded={scopeOpen}
              aria-controls={scopeOpen ? scopePanelId : undefined}
              onClick={onScopeToggle}
              className={cn(
                'focus-ring inline-flex h-9 min-w-0 items-center gap-1.5 rounded-md px-2 font-medium text-sm transition-colors',
                scopeOpen ? 'bg-brand-50 text-brand-900' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
              )}
            >
              <SlidersHorizontal aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">Scope: </span>
              {scopeCount > 0 ? (
                <>
                  <span className="truncate">Filtered</span>
                  <span className="rounded-full bg-brand-700 px-1.5 font-semibold text-white text-xs leading-5">
                    {scopeCount}
                    <span className="sr-only"> {scopeCount === 1 ? 'filter' : 'filters'}</span>
                  </span>
                </>
              ) : (
                <span className="truncate">{ALL_DOCUMENTS}</span>
              )}
            </button>
            <span className="ml-auto" />
            {showCount && (
              <span id={countId} className={cn('px-1 text-xs tabular-nums', tooLong ? 'font-semibold text-red-700' : 'text-slate-500')}>
                {text.length.toLocaleString('en-GB')} / {maxLength.toLocaleString('en-GB')}
              </span>
            )}
            {streaming ? (
              <button
                type="submit"
                aria-label="Stop generating"
                className="focus-ring inline-flex size-9 items-center justify-center rounded-full bg-slate-800 text-white transition-colors hover:bg-slate-900"
              >
                <Square aria-hidden="true" className="size-3.5 fill-current" />
              </button>
            ) : (
              <button
                type="submit"
                aria-label="Send"
                disabled={!canSend}
                className="focus-ring inline-flex size-9 items-center justify-center rounded-full bg-brand-700 text-white transition-colors hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300"
              >
                <ArrowUp aria-hidden="true" className="size-5" />
              </button>
            )}
          </div>
        </div>
        {tooLong && (
          <p className="mt-1.5 text-red-700 text-sm">
            A message is at most {maxLength.toLocaleString('en-GB')} characters: shorten it by{' '}
            {(text.length - maxLength).toLocaleString('en-GB')}.
          </p>
        )}
        {blockedReason && <p className="mt-1.5 text-slate-600 text-sm">{blockedReason}</p>}
        <p className="mt-1.5 hidden text-center text-slate-500 text-xs sm:block">
          Answers come only from the library and your files, with sources. Check them before you rely on them.
        </p>
      </form>
    </div>
  );
}
