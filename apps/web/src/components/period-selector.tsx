import { DASHBOARD_PERIODS } from '@verity/shared';
import { useId } from 'react';
import { cn } from '../lib/cn';
import { PERIOD_LABELS, usePeriod } from '../lib/period';

/** The period (?days=) as a row of radio buttons: one choice, arrow keys move between them. The dashboard's and the reports'. */
export function PeriodSelector() {
  const [days, setDays] = usePeriod();
  const name = useId();
  return (
    // Never narrower than its labels beside a header that wraps (on a phone the four share the width).
    <fieldset className="min-w-0 sm:min-w-max">
      <legend className="sr-only">Period</legend>
      <div className="grid grid-cols-4 rounded-md border border-slate-300 bg-white p-0.5 sm:inline-grid">
        {DASHBOARD_PERIODS.map((period) => (
          <label
            key={period}
            className={cn(
              'cursor-pointer whitespace-nowrap rounded px-2 py-1.5 text-center text-sm sm:px-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
              period === days ? 'bg-brand-700 font-medium text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <input
              type="radio"
              name={name}
              value={period}
              checked={period === days}
              onChange={() => setDays(period)}
              aria-label={`Last ${PERIOD_LABELS[period]}`}
              className="sr-only"
            />
            {PERIOD_LABELS[period]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
