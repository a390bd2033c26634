/** A date written in the policy: where it is and the last day it can mean (`YYYY-MM-DD`). */
export interface DateMention {
  start: number;
  end: number;
  /** The last day the text can mean: a month without a day runs to the month's end, a year to its end. */
  lastDay: string;
  /** A bare year ("2027") is a date only where a label announces one. */
  yearOnly: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;

/** UK forms first: "31 January 2026", "31st Jan 2026", "10 Aug 15", "January 31, 2026", "January 2026", "31/01/2026", "2026-01-31", and a bare year last. */
const DATE_PATTERN = new RegExp(
  [
    String.raw`\b(?<day>\d{1,2})(?:st|nd|rd|th)?\s+${MONTH.replace('(', '(?<month>')},?\s+(?<year>\d{4}|\d{2}(?![\d:]))\b`,
    String.raw`\b${MONTH.replace('(', '(?<usMonth>')}\s+(?<usDay>\d{1,2})(?:st|nd|rd|th)?,\s+(?<usYear>\d{4})\b`,
    String.raw`\b${MONTH.replace('(', '(?<onlyMonth>')},?\s+(?<monthYear>\d{4})\b`,
    String.raw`\b(?<numDay>\d{1,2})[/.-](?<numMonth>\d{1,2})[/.-](?<numYear>\d{4}|\d{2})\b`,
    String.raw`\b(?<isoYear>\d{4})-(?<isoMonth>\d{2})-(?<isoDay>\d{2})\b`,
    String.raw`\b(?<bareYear>(?:19|20)\d{2})\b`,
  ].join('|'),
  'gi',
);

const pad = (value: number) => String(value).padStart(2, '0');

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function monthNumber(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function lastDayOf(groups: Record<string, string | undefined>): string | null {
  const { day, month, year, usMonth, usDay, usYear, onlyMonth, monthYear, numDay, numMonth, numYear } = groups;
  const { isoYear, isoMonth, isoDay, bareYear } = groups;
  let parts: [number, number, number | null];
  // "10 Aug 15": a two-figure year is this century's.
  if (day && month && year) parts = [year.length === 2 ? 2000 + Number(year) : Number(year), monthNumber(month), Number(day)];
  else if (usMonth && usDay && usYear) parts = [Number(usYear), monthNumber(usMonth), Number(usDay)];
  else if (onlyMonth && monthYear) parts = [Number(monthYear), monthNumber(onlyMonth), null];
  else if (numDay && numMonth && numYear)
    parts = [numYear.length === 2 ? 2000 + Number(numYear) : Number(numYear), Number(numMonth), Number(numDay)];
  else if (isoYear && isoMonth && isoDay) parts = [Number(isoYear), Number(isoMonth), Number(isoDay)];
  else if (bareYear) parts = [Number(bareYear), 12, 31];
  else return null;
  const [y, m, d] = parts;
  if (m < 1 || m > 12) return null;
  const last = daysIn(y, m);
  if (d !== null && (d < 1 || d > last)) return null;
  return `${y}-${pad(m)}-${pad(d ?? last)}`;
}

/** Every date written in the text, in reading order. */
export function findDates(text: string): DateMention[] {
  const dates: DateMention[] = [];
  for (const match of text.matchAll(DATE_PATTERN)) {
    const lastDay = lastDayOf(match.groups ?? {});
    if (lastDay !== null)
      dates.push({ start: match.index, end: match.index + match[0].length, lastDay, yearOnly: Boolean(match.groups?.bareYear) });
  }
  return dates;
}
