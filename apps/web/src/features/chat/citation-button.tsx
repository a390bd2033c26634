import type { Citation } from '@verity/shared';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { citationLabel } from './copy-text';

export interface CitationButtonProps extends ComponentProps<'button'> {
  citation: Citation;
}

/** A citation marker `[n]` as a small raised button, named after its source; the same element before and after the tooltip's code loads. */
export function CitationButton({ citation, ...props }: CitationButtonProps) {
  return (
    <button
      type="button"
      data-citation={citation.n}
      aria-label={`Source ${citation.n}: ${citationLabel(citation)}`}
      {...props}
      className={cn(
        'focus-ring mx-px inline-flex h-[1.15rem] min-w-[1.15rem] -translate-y-1 items-center justify-center rounded px-1 align-baseline font-semibold text-[0.7rem] leading-none tabular-nums transition-colors',
        citation.source === 'attachment'
          ? 'bg-amber-100 text-amber-900 hover:bg-amber-200'
          : citation.status === 'superseded'
            ? 'bg-slate-200 text-slate-800 hover:bg-slate-300'
            : 'bg-brand-100 text-brand-900 hover:bg-brand-200',
      )}
    >
      {citation.n}
    </button>
  );
}
