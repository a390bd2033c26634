import { CircleAlert } from 'lucide-react';
import { AnswerText } from './answer-text';
import type { ActiveStream } from './chat-store';

export interface StreamingAnswerProps {
  stream: ActiveStream;
  onOpenSources: (n: number | null) => void;
}

/** The answer as it arrives: "thinking" until the first words, then the text with a caret. */
export function StreamingAnswer({ stream, onOpenSources }: StreamingAnswerProps) {
  const thinking = stream.phase === 'thinking';
  return (
    <article aria-label="Answer" aria-busy={stream.phase !== 'error'} data-streaming="true">
      {thinking && !stream.stopping && (
        <p className="inline-flex items-center gap-2 text-slate-600 text-sm">
          <span aria-hidden="true" className="inline-flex gap-1">
            <span className="size-1.5 animate-bounce rounded-full bg-brand-500 [animation-delay:-0.3s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-brand-500 [animation-delay:-0.15s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-brand-500" />
          </span>
          {stream.mode === 'draft' ? 'Searching the library and drafting…' : 'Searching the library…'}
        </p>
      )}
      {stream.text && (
        <AnswerText
          text={stream.text}
          citations={stream.citations}
          onOpenCitation={onOpenSources}
          streaming={stream.phase === 'streaming' && !stream.stopping}
        />
      )}
      {stream.stopping && <p className="mt-3 text-slate-600 text-sm">Stopping…</p>}
      {stream.phase === 'error' && stream.error && (
        <div
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-red-900 text-sm"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="min-w-0 flex-1">{stream.error}</p>
        </div>
      )}
    </article>
  );
}
