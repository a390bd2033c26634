import type { ChatMode } from '@verity/shared';
import { type FormEvent, useId } from 'react';
import { cn } from '../../lib/cn';
import { AttachmentChip } from './attachment-chip';
import { AttachmentPicker } from './attachment-picker';
import type { ComposerAttachment } from './chat-store';
import { ModeSwitch } from './mode-switch';
import { QuestionBox } from './question-box';
import { ScopeButton } from './scope-button';
import { SendButton } from './send-button';

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

/** The character count shows once the text is this share of the limit. */
const COUNT_FROM = 0.8;

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
  const countId = useId();
  const tooLong = text.length > maxLength;
  const canSend = text.trim().length > 0 && !tooLong && blockedReason === null && !streaming;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (streaming) {
      onStop();
      return;
    }
    if (canSend) onSend();
  };

  const showCount = text.length >= maxLength * COUNT_FROM;
  return (
    <div className="shrink-0 border-slate-200 border-t bg-canvas px-2 py-2 sm:px-4 sm:py-3 print:hidden">
      <form onSubmit={submit} aria-label="Ask a question" data-tour="chat-question" className="mx-auto max-w-3xl">
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
          <QuestionBox
            id={`${countId}-text`}
            text={text}
            onTextChange={onTextChange}
            mode={mode}
            onEnter={() => {
              if (canSend) onSend();
            }}
            describedBy={showCount ? countId : undefined}
            tooLong={tooLong}
          />
          <div className="flex min-w-0 items-center gap-1 px-1.5 pb-1.5 sm:px-2 sm:pb-2">
            <AttachmentPicker onFiles={onFiles} disabled={!canAttachMore} hint={attachHint} />
            <ModeSwitch mode={mode} onModeChange={onModeChange} />
            <ScopeButton open={scopeOpen} onToggle={onScopeToggle} count={scopeCount} id={scopeButtonId} panelId={scopePanelId} />
            <span className="ml-auto" />
            {showCount && (
              <span id={countId} className={cn('px-1 text-xs tabular-nums', tooLong ? 'font-semibold text-red-700' : 'text-slate-500')}>
                {text.length.toLocaleString('en-GB')} / {maxLength.toLocaleString('en-GB')}
              </span>
            )}
            <SendButton streaming={streaming} canSend={canSend} />
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
