import type { Citation } from '@verity/shared';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';
import { citationLabel } from './copy-text';

export interface CitationMarkerProps {
  citation: Citation;
  onOpen: (n: number) => void;
}

const POPOVER_WIDTH = 320;
const EDGE = 8;
/** Long passages are cut in the preview; the side panel shows them whole. */
const PREVIEW_CHARS = 320;

function preview(quote: string): string {
  const text = quote.replace(/\s+/g, ' ').trim();
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS).trimEnd()}…` : text;
}

/**
 * A citation marker `[n]` as a small raised button. Hover or keyboard focus shows the source and
 * its quoted passage; a click opens the sources panel at this citation. The preview is placed in
 * a fixed layer, kept inside the viewport, so it is never clipped by the scrolling thread.
 */
export function CitationMarker({ citation, onOpen }: CitationMarkerProps) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ left: number; top: number; above: boolean } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const tooltipId = useId();

  useLayoutEffect(() => {
    if (!open || !buttonRef.current) return;
    const rect = buttonRef.current.getBoundingClientRect();
    const width = Math.min(POPOVER_WIDTH, window.innerWidth - EDGE * 2);
    const left = Math.min(Math.max(rect.left + rect.width / 2 - width / 2, EDGE), window.innerWidth - width - EDGE);
    const above = rect.top > 220;
    setPosition({ left, top: above ? rect.top - 6 : rect.bottom + 6, above });
  }, [open]);

  const attachment = citation.source === 'attachment';
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        data-citation={citation.n}
        aria-label={`Source ${citation.n}: ${citationLabel(citation)}`}
        aria-describedby={open ? tooltipId : undefined}
        onClick={() => {
          setOpen(false);
          onOpen(citation.n);
        }}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className={cn(
          'focus-ring mx-px inline-flex h-[1.15rem] min-w-[1.15rem] -translate-y-1 items-center justify-center rounded px-1 align-baseline font-semibold text-[0.7rem] leading-none tabular-nums transition-colors',
          attachment
            ? 'bg-amber-100 text-amber-900 hover:bg-amber-200'
            : citation.status === 'superseded'
              ? 'bg-slate-200 text-slate-800 hover:bg-slate-300'
              : 'bg-brand-100 text-brand-900 hover:bg-brand-200',
        )}
      >
        {citation.n}
      </button>
      {open &&
        position &&
        createPortal(
          <div
            id={tooltipId}
            role="tooltip"
            style={{ left: position.left, top: position.top, width: Math.min(POPOVER_WIDTH, window.innerWidth - EDGE * 2) }}
            className={cn(
              'pointer-events-none fixed z-50 rounded-lg border border-slate-200 bg-white p-3 text-left text-sm shadow-lg',
              position.above && '-translate-y-full',
            )}
          >
            <p className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
              {attachment ? 'Your attached file' : `Source ${citation.n}`}
              {citation.status === 'superseded' && <span className="ml-2 text-amber-700 normal-case">Superseded</span>}
            </p>
            {citation.code && <p className="mt-1 font-semibold text-brand-900">{citation.code}</p>}
            <p className="mt-0.5 text-slate-900 leading-snug">{citation.title}</p>
            {citation.edition && <p className="mt-0.5 text-slate-500 text-xs">Edition: {citation.edition}</p>}
            {citation.quote && (
              <blockquote className="mt-2 border-brand-300 border-l-2 pl-2 text-slate-700 leading-snug">
                {preview(citation.quote)}
              </blockquote>
            )}
          </div>,
          document.body,
        )}
    </>
  );
}
