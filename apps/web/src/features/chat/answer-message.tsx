import type { ChatMessage } from '@verity/shared';
import { BookOpen, Check, CircleAlert, Copy, RotateCw, Square } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { AnswerText } from './answer-text';
import { buildCopyText } from './copy-text';
import { EngineBadge } from './engine-badge';
import { FeedbackControl } from './feedback-control';
import { MessageActionButton } from './message-action-button';

export interface AnswerMessageProps {
  sessionId: string;
  message: ChatMessage;
  /** Another answer is streaming in this conversation: actions that start one wait. */
  busy: boolean;
  /** Only the latest answer offers Regenerate (an earlier one would drop what follows it). */
  isLast: boolean;
  /** Absent in a read-only (shared) conversation, which offers neither Regenerate nor feedback. */
  onRegenerate?: (messageId: string) => void;
  onOpenSources: (messageId: string, n: number | null) => void;
}

const COPIED_FOR_MS = 2000;

export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A stored answer: its text with citation buttons, its status, and what can be done with it. */
export function AnswerMessage({ sessionId, message, busy, isLast, onRegenerate, onOpenSources }: AnswerMessageProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const failed = message.status === 'error';
  const stopped = message.status === 'stopped';
  const hasText = message.content.trim().length > 0;

  const copy = async () => {
    if (await copyToClipboard(buildCopyText(message.content, message.citations))) {
      setCopied(true);
      toast.success('Answer copied with its sources');
    } else {
      toast.error('The answer could not be copied. Select the text and copy it instead.');
    }
  };

  return (
    <article aria-label="Answer" data-message-id={message.id} data-status={message.status} className="group">
      {hasText && <AnswerText text={message.content} citations={message.citations} onOpenCitation={(n) => onOpenSources(message.id, n)} />}
      {stopped && (
        <p className="mt-3 inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-slate-100 px-2.5 py-0.5 font-medium text-slate-700 text-xs">
          <Square aria-hidden="true" className="size-3 fill-current" />
          Stopped
          {!hasText && <span className="font-normal">before any text arrived</span>}
        </p>
      )}
      {failed && (
        <div role="alert" className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-red-900 text-sm">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="min-w-0 flex-1">The answer could not be completed. Please try again.</p>
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-1 gap-y-2">
        {hasText && (
          <MessageActionButton icon={copied ? Check : Copy} onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </MessageActionButton>
        )}
        {onRegenerate && (isLast || failed) && (
          <MessageActionButton icon={RotateCw} disabled={busy} onClick={() => onRegenerate(message.id)}>
            Regenerate
          </MessageActionButton>
        )}
        {message.citations.length > 0 && (
          <MessageActionButton icon={BookOpen} onClick={() => onOpenSources(message.id, null)}>
            Sources ({message.citations.length})
          </MessageActionButton>
        )}
        {onRegenerate && !failed && <FeedbackControl sessionId={sessionId} message={message} />}
        {message.engine && <EngineBadge engine={message.engine} className="ml-auto" />}
      </div>
    </article>
  );
}
