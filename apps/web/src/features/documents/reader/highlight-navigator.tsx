import { ChevronDown, ChevronUp, Highlighter } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export interface HighlightNavigatorProps {
  count: number;
  /** 0-based position of the passage last jumped to. */
  current: number;
  onJump: (index: number) => void;
}

export function highlightCountLabel(count: number): string {
  return count === 1 ? '1 highlighted passage' : `${count} highlighted passages`;
}

/** Steps through the cited passages, wrapping round at either end. */
export function HighlightNavigator({ count, current, onJump }: HighlightNavigatorProps) {
  if (count === 0) return null;
  const go = (step: number) => onJump((current + step + count) % count);
  return (
    <div className="sticky top-14 z-20 mb-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50/95 px-3 py-2 text-amber-950 text-sm shadow-xs backdrop-blur md:top-2 print:hidden">
      <Highlighter className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <p className="font-medium">
        {highlightCountLabel(count)}
        {count > 1 && <span className="font-normal text-amber-900">{` · showing ${current + 1} of ${count}`}</span>}
      </p>
      <div className="ml-auto flex gap-1">
        <Button variant="secondary" size="sm" onClick={() => go(-1)} aria-label="Previous highlighted passage">
          <ChevronUp className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">Previous</span>
        </Button>
        <Button variant="secondary" size="sm" onClick={() => go(1)} aria-label="Next highlighted passage">
          <ChevronDown className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">Next</span>
        </Button>
      </div>
    </div>
  );
}
