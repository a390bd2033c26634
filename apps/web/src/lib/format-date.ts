const SHORT_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A timestamp as the day it fell on, in the person's own time zone: "3 Mar 2026". */
export function formatShortDate(timestamp: string): string {
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? '' : SHORT_DAY.format(time);
}
