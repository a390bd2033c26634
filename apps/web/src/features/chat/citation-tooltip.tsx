import * as Tooltip from '@radix-ui/react-tooltip';
import type { Citation } from '@verity/shared';
import { useEffect, useRef } from 'react';
import { CitationButton } from './citation-button';
import type { CitationMarkerProps, MarkerUse } from './citation-marker-types';

/** Long passages are cut in the preview; the side panel shows them whole. */
const PREVIEW_CHARS = 320;

function preview(quote: string): string {
  const text = quote.replace(/\s+/g, ' ').trim();
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS).trimEnd()}…` : text;
}

export interface CitationTooltipProps extends CitationMarkerProps {
  /** The light marker this replaces was pointed at or focused: the preview shows at once. */
  initialUse?: MarkerUse | undefined;
}

/**
 * The citation marker on Radix Tooltip: see <CitationMarker>, which loads this module when first
 * needed. The preview shows at once (no delay) on hover or focus, closes on leaving, blur, Escape
 * or a click, and is placed above the marker (below when there is no room) in a layer over the
 * page, so the scrolling thread never clips it.
 */
export function CitationTooltip({ citation, onOpen, initialUse }: CitationTooltipProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);

  // On mount only: the light marker this replaced had focus; taking it over opens the preview.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the element it replaced.
  useEffect(() => {
    if (initialUse === 'focus') buttonRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    // The preview cannot be pointed at (it would cover the text being read), so it closes as the pointer leaves the marker.
    <Tooltip.Provider delayDuration={0} disableHoverableContent>
      <Tooltip.Root defaultOpen={initialUse === 'hover'}>
        <Tooltip.Trigger asChild>
          <CitationButton ref={buttonRef} citation={citation} onClick={() => onOpen(citation.n)} />
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="top"
            sideOffset={6}
            collisionPadding={8}
            className="pointer-events-none z-50 w-[min(20rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white p-3 text-left text-sm shadow-lg"
          >
            <CitationPreview citation={citation} />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

/** The source and its quoted passage. Radix also reads it, as the tooltip, to a screen reader on the marker. */
function CitationPreview({ citation }: { citation: Citation }) {
  return (
    <>
      <p className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
        {citation.source === 'attachment' ? 'Your attached file' : `Source ${citation.n}`}
        {citation.status === 'superseded' && <span className="ml-2 text-amber-700 normal-case">Superseded</span>}
      </p>
      {citation.code && <p className="mt-1 font-semibold text-brand-900">{citation.code}</p>}
      <p className="mt-0.5 text-slate-900 leading-snug">{citation.title}</p>
      {citation.edition && <p className="mt-0.5 text-slate-500 text-xs">Edition: {citation.edition}</p>}
      {citation.quote && (
        <blockquote className="mt-2 border-brand-300 border-l-2 pl-2 text-slate-700 leading-snug">{preview(citation.quote)}</blockquote>
      )}
    </>
  );
}
