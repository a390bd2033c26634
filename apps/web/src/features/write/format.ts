import { onFirstUse } from '../../lib/on-first-use';

/** Dates the writing assistant shows, UK style. Meeting dates are calendar days (no time zone). */

const MEETING_DAY = {
  long: onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })),
  short: onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })),
};

/** `2026-03-12` → "12 March 2026" (short: "12 Mar 2026"); the text as given when it is not a date. */
export function formatMeetingDate(isoDate: string, style: 'long' | 'short' = 'long'): string {
  const time = Date.parse(`${isoDate}T00:00:00Z`);
  return Number.isNaN(time) ? isoDate : MEETING_DAY[style]().format(time);
}
