import { formatNumber } from '../../lib/format-number';

export interface Bar {
  label: string;
  /** A second line under the label (say, a subdomain's domain). */
  detail?: string | null;
  value: number;
}

/**
 * Ranked categories as horizontal bars, longest first. Drawn with boxes rather than SVG so long
 * names wrap on a phone instead of being cut.
 */
export function BarList({ bars }: { bars: readonly Bar[] }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <ol className="space-y-2.5">
      {bars.map((bar) => (
        <li key={bar.label} className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-x-3 gap-y-1 text-sm">
          <span className="min-w-0 break-words text-slate-800">
            {bar.label}
            {bar.detail && <span className="block text-slate-500 text-xs">{bar.detail}</span>}
          </span>
          <span className="font-medium text-slate-900 tabular-nums">{formatNumber(bar.value)}</span>
          <span className="col-span-2 block h-2.5 rounded-full bg-slate-100">
            <span className="block h-full rounded-full bg-brand-600" style={{ width: `${(bar.value / max) * 100}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}
