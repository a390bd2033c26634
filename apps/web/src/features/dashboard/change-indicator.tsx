import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format-number';
import { changeDirection } from './format';

const STYLES = {
  up: { icon: TrendingUp, word: 'Up', className: 'text-emerald-700' },
  down: { icon: TrendingDown, word: 'Down', className: 'text-red-700' },
  none: { icon: Minus, word: 'No change', className: 'text-slate-600' },
} as const;

export interface ChangeIndicatorProps {
  /** Percent against the previous period; null when that period had nothing to compare with. */
  percentage: number | null;
  days: number;
}

/** "↑ 12.5% vs previous 30 days", "↓ …", "No change" or "No previous data". */
export function ChangeIndicator({ percentage, days }: ChangeIndicatorProps) {
  if (percentage === null) return <p className="text-slate-500 text-xs">No previous data</p>;
  const direction = changeDirection(percentage);
  const { icon: Icon, word, className } = STYLES[direction];
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-xs">
      <span className={cn('inline-flex items-center gap-0.5 font-medium', className)} data-direction={direction}>
        <Icon aria-hidden="true" className="size-3.5" />
        {direction === 'none' ? (
          word
        ) : (
          <>
            <span className="sr-only">{word} </span>
            {formatNumber(Math.abs(percentage))}%
          </>
        )}
      </span>
      <span className="text-slate-500">vs previous {days} days</span>
    </p>
  );
}
