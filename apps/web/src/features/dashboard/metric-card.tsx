import type { UseQueryResult } from '@tanstack/react-query';
import { MESSAGES } from '@verity/shared';
import { type ReactNode, useId } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';

export interface MetricFigures {
  value: string;
  /** The figure's unit ("hours"), written smaller after it, so a narrow card keeps the figure on one line. */
  unit?: string;
  /** A second line: "12 inactive", "4.2 hours per user". */
  detail?: ReactNode;
  /** The change arrow, when the figure has one. */
  change?: ReactNode;
}

export interface MetricCardProps<T> {
  label: string;
  query: UseQueryResult<T>;
  errorMessage: string;
  figures: (data: T) => MetricFigures;
}

/** One headline figure; loading and failing on its own. */
export function MetricCard<T>({ label, query, errorMessage, figures }: MetricCardProps<T>) {
  const labelId = useId();
  return (
    <li aria-labelledby={labelId} className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4">
      <p id={labelId} className="font-medium text-slate-600 text-sm">
        {label}
      </p>
      {/* The figures' room is held while they load, so the panels below do not move when they arrive. */}
      <div className="min-h-24">
        <MetricBody query={query} errorMessage={errorMessage} figures={figures} />
      </div>
    </li>
  );
}

function MetricBody<T>({ query, errorMessage, figures }: Omit<MetricCardProps<T>, 'label'>) {
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-2 text-slate-500 text-sm">
        <Spinner size="sm" className="text-brand-700" />
        Loading…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="text-red-800 text-sm">
        <p>{errorMessage}</p>
        <button type="button" onClick={() => void query.refetch()} className="focus-ring mt-1 rounded font-medium underline">
          {MESSAGES.tryAgain}
        </button>
      </div>
    );
  }
  const { value, unit, detail, change } = figures(query.data);
  return (
    <div className={cn('flex flex-col gap-1', query.isPlaceholderData && 'opacity-60')}>
      <p className="font-semibold text-2xl text-slate-900 tabular-nums tracking-tight">
        {value}
        {unit && <span className="font-medium text-base text-slate-600 tracking-normal"> {unit}</span>}
      </p>
      {detail && <p className="text-slate-600 text-sm">{detail}</p>}
      {change}
    </div>
  );
}
