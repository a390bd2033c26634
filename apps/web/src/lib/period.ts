import { DASHBOARD_PERIODS, type DashboardPeriod } from '@verity/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const DEFAULT_PERIOD: DashboardPeriod = 30;

/** What each period's button shows (its accessible name starts with "Last "). */
export const PERIOD_LABELS: Record<DashboardPeriod, string> = {
  7: '7 days',
  30: '30 days',
  90: '90 days',
  365: '12 months',
};

/** ?days= read as one of the periods; anything else is the default. */
export function parsePeriod(value: string | null): DashboardPeriod {
  const days = Number(value);
  return (DASHBOARD_PERIODS as readonly number[]).includes(days) ? (days as DashboardPeriod) : DEFAULT_PERIOD;
}

/** The period of the dashboard or a report, kept in the URL (?days=) so a link or a reload shows the same figures. */
export function usePeriod(): [DashboardPeriod, (days: DashboardPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const days = parsePeriod(params.get('days'));
  const setDays = useCallback(
    (next: DashboardPeriod) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('days', String(next));
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [days, setDays];
}
