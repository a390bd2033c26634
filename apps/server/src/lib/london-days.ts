/**
 * Calendar days in Europe/London, the product's time zone: the dashboard's periods and daily
 * figures, and the usage rollups that count by day. Midnight in London is never ambiguous: the
 * clocks change at 01:00 UTC.
 */

export const LONDON_TIME_ZONE = 'Europe/London';

const londonDate = new Intl.DateTimeFormat('en-CA', { timeZone: LONDON_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const londonClock = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The London calendar date (YYYY-MM-DD) of an instant. */
export function londonDay(instant: Date): string {
  return londonDate.format(instant);
}

/** 00:00 London time on a date (YYYY-MM-DD). */
export function londonMidnight(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // London is UTC or one hour ahead: at UTC midnight its clock reads 00:xx or 01:xx.
  const [hours = '0'] = londonClock.format(new Date(utcMidnight)).split(':');
  return new Date(utcMidnight - Number(hours) * 3_600_000);
}

/** The date `offset` calendar days from `date`. */
export function addDays(date: string, offset: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}
