/**
 * Dates in the fixed en-GB forms the product uses most, written without Intl: on a page that
 * shows nothing else locale-dependent, that spares it ICU's start-up (lib/on-first-use.ts).
 * format-date.test.ts checks each against Intl's en-GB over every day of several years.
 */

/** en-GB's short month names, as CLDR gives them ("Sept", not "Sep"). */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A timestamp as the day it fell on, in the person's own time zone: "3 Mar 2026". */
export function formatShortDate(timestamp: string): string {
  const time = Date.parse(timestamp);
  if (Number.isNaN(time)) return '';
  const date = new Date(time);
  return `${date.getDate()} ${SHORT_MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** A timestamp as dd/mm/yyyy in the person's own time zone; empty when it is not a date. */
export function formatNumericDate(timestamp: string): string {
  const time = Date.parse(timestamp);
  if (Number.isNaN(time)) return '';
  const date = new Date(time);
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A calendar day ("2026-03-03", or a timestamp whose first ten characters are one) as "3 Mar"; the text as given when it is not a date. */
export function formatDayMonth(date: string): string {
  const time = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) return date;
  const day = new Date(time);
  return `${day.getUTCDate()} ${SHORT_MONTHS[day.getUTCMonth()]}`;
}
