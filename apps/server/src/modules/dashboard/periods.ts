import type { DashboardPeriod } from '@verity/shared';
import { addDays, londonDay, londonMidnight } from '../../lib/london-days.ts';

/**
 * The dashboard's periods. Days are Europe/London calendar days: the current period is the `days`
 * days ending today (from 00:00 London time on its first day up to now), the previous period the
 * `days` whole days before it.
 */

export interface Period {
  /** Inclusive. */
  start: Date;
  /** Exclusive. */
  end: Date;
}

export interface Periods {
  current: Period;
  previous: Period;
  /** The London dates the periods begin on, and today's (the usage rollups count by day). */
  days: { previousFirst: string; first: string; today: string };
  /** The London dates of the current period, oldest first (`days` of them). */
  dates: string[];
}

export function periodsOf(days: DashboardPeriod, now: Date): Periods {
  const today = londonDay(now);
  const first = addDays(today, 1 - days);
  const currentStart = londonMidnight(first);
  return {
    current: { start: currentStart, end: new Date(now.getTime() + 1) },
    previous: { start: londonMidnight(addDays(first, -days)), end: currentStart },
    days: { previousFirst: addDays(first, -days), first, today },
    dates: Array.from({ length: days }, (_, index) => addDays(first, index)),
  };
}

/**
 * (current − previous) / previous × 100, to one decimal; null when the previous period had
 * nothing (no division by zero, never Infinity or NaN).
 */
export function percentageChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
