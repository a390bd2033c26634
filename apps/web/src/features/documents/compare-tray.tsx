import { GitCompareArrows, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { COMPARE_LIMIT, useCompareStore } from './compare-store';

/** The chosen documents, kept at the bottom of the page while the user browses for the other one. */
export function CompareTray({ onCompare }: { onCompare: () => void }) {
  const items = useCompareStore((s) => s.items);
  const remove = useCompareStore((s) => s.remove);
  const reset = useCompareStore((s) => s.reset);
  if (items.length === 0) return null;
  const ready = items.length === COMPARE_LIMIT;

  return (
    <section
      aria-label="Compare list"
      // Below md the shell's quick-navigation bar (h-14, a 1px border, the safe area) is stuck to the bottom too.
      className="sticky bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-20 md:bottom-0 mt-6 border-slate-200 border-t bg-white/95 px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(15_23_42/0.15)] backdrop-blur sm:rounded-t-xl sm:border-x"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <ul className="flex min-w-0 flex-1 flex-wrap gap-2">
          {items.map((item) => (
            <li
              key={item.short_id}
              className="flex min-w-0 max-w-full items-center gap-1 rounded-md border border-slate-200 bg-slate-50 py-1 pr-1 pl-2.5 text-sm"
            >
              <span className="truncate">
                <span className="font-semibold text-slate-900">{item.code}</span>
                {item.edition && <span className="text-slate-500"> · {item.edition}</span>}
              </span>
              <button
                type="button"
                onClick={() => remove(item.short_id)}
                aria-label={`Remove ${item.code} from compare`}
                className="focus-ring inline-flex size-6 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-200"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
          {!ready && <li className="self-center text-slate-600 text-sm">Choose one more document to compare.</li>}
        </ul>
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="sm" onClick={reset}>
            Clear
          </Button>
          <Button size="sm" disabled={!ready} onClick={onCompare} className="flex-1 sm:flex-none">
            <GitCompareArrows aria-hidden="true" className="size-4" />
            Compare
          </Button>
        </div>
      </div>
    </section>
  );
}
