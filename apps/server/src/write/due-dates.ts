import { CARDINAL, ORDINAL, plain, spokenNumber } from './sentences.ts';

/**
 * Dates as people say them in meetings, resolved against the meeting date (`YYYY-MM-DD`, UTC
 * calendar days, weeks from Monday):
 * - "by Friday", "on Tuesday", "Friday's bulletin": the first such day after the meeting date;
 *   "this week", "end of the week": the Friday of the meeting week; "next Wednesday": the
 *   Wednesday of the following week; "next week", "end of next week": the following week's Friday;
 * - "by the next meeting", "for next time": the next meeting's stated date;
 * - "end of March", "by March", "in April": the month's last day ("bring it back in June" is the
 *   next meeting when that falls in June); "end of the month", "end of the year", "end of the
 *   quarter"; "first week of April", "early April", "beginning of April": the 7th; "mid-April": the 15th;
 * - "by the 24th", "on the twenty-fourth": the next 24th after the meeting; "before the 27th": the 27th;
 *   "week commencing the 23rd", "w/c 2nd March", "the week of the 23rd": the date said;
 *   "the 9th of December", "March the 4th": that date, the first time it falls on or after the meeting;
 * - "three weeks today", "within two weeks", "in ten days", "in a month": counted from the meeting date;
 * - "today", "this afternoon", "before the end of the day", "by close of play": the meeting date;
 *   "tomorrow": the day after;
 * - "as soon as possible", "when he's back": said, but no date.
 */

export interface DueDate {
  /** `YYYY-MM-DD`, or null when no date can be worked out. */
  due: string | null;
  /** The words said for the date ("by the end of March"), or null when none were. */
  said: string | null;
}

export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MONTH =
  '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)';
const WEEKDAY = '(monday|tuesday|wednesday|thursday|friday|saturday|sunday)';

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on `YYYY-MM-DD`

const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);

/** The date `days` after `iso` (before, when negative). */
export function addDays(iso: string, days: number): string {
  const date = toDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/** 0 for Monday … 6 for Sunday. */
function weekdayOf(iso: string): number {
  return (toDate(iso).getUTCDay() + 6) % 7;
}

/** `YYYY-MM-DD` of a year, month (1–12) and day, or null when that day does not exist. */
export function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? toIso(date) : null;
}

function lastDayOf(year: number, month: number): string {
  return toIso(new Date(Date.UTC(year, month, 0)));
}

const yearOf = (iso: string) => Number(iso.slice(0, 4));
const monthOf = (iso: string) => Number(iso.slice(5, 7));
const dayOf = (iso: string) => Number(iso.slice(8, 10));

/** The month number (1–12) of a month's name or abbreviation. */
function monthNumber(name: string): number {
  const lower = name.toLowerCase();
  return MONTHS.findIndex((month) => month.startsWith(lower.slice(0, 3))) + 1;
}

/** The first date on or after `from` with this month and day. */
function nextDayMonth(from: string, month: number, day: number): string | null {
  for (let year = yearOf(from); year <= yearOf(from) + 4; year += 1) {
    const date = isoDate(year, month, day);
    if (date !== null && date >= from) return date;
  }
  return null;
}

/** The first day-of-month `day` after `from` (strictly), this month or a later one. */
function nextDayOfMonth(from: string, day: number): string | null {
  let year = yearOf(from);
  let month = monthOf(from);
  for (let step = 0; step < 13; step += 1) {
    const date = isoDate(year, month, day);
    if (date !== null && date > from) return date;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return null;
}

/** The first `weekday` (0 = Monday) strictly after `from`. */
function nextWeekday(from: string, weekday: number): string {
  const ahead = (weekday - weekdayOf(from) + 7) % 7 || 7;
  return addDays(from, ahead);
}

/** The given weekday of the week `weeks` after the one holding `from`. */
function weekdayOfWeek(from: string, weekday: number, weeks: number): string {
  return addDays(from, weeks * 7 + weekday - weekdayOf(from));
}

function addMonths(from: string, months: number): string {
  const total = monthOf(from) - 1 + months;
  const year = yearOf(from) + Math.floor(total / 12);
  const month = (total % 12) + 1;
  return isoDate(year, month, dayOf(from)) ?? lastDayOf(year, month);
}

/** Adds working days (Monday to Friday). */
function addWorkingDays(from: string, days: number): string {
  let date = from;
  for (let left = days; left > 0; ) {
    date = addDays(date, 1);
    if (weekdayOf(date) < 5) left -= 1;
  }
  return date;
}

// ---------------------------------------------------------------------------------------------
// Dates said in full ("Tuesday the 10th of March", "March the 4th")

/** A calendar date said in the meeting, without its year unless one was said. */
export interface SpokenDate {
  day: number;
  month: number;
  weekday: number | null;
  year: number | null;
  said: string;
  index: number;
}

const DAY_MONTH = new RegExp(
  String.raw`\b(?:${WEEKDAY},?\s+)?(?:the\s+)?(${ORDINAL}|\d{1,2})(?:\s+of)?\s+${MONTH}\b(?:,?\s+(\d{4}))?`,
  'gi',
);
const MONTH_DAY = new RegExp(
  String.raw`\b(?:${WEEKDAY},?\s+)?${MONTH}\s+(?:the\s+)?(${ORDINAL}|\d{1,2})\b(?!\s*(?:st|nd|rd|th)?\s*(?:percent|%|of\b|pounds|minutes|hours|days|weeks|years))(?:,?\s+(\d{4}))?`,
  'gi',
);

/**
 * The two orders a full date is said in: where each keeps its day and month among the match's
 * groups, and when its "may" is the verb, not the month ("two may come", "may the 4th").
 */
const FULL_DATE_FORMS = [
  { pattern: DAY_MONTH, day: 2, month: 3, verbMay: (said: string, whole: string) => said === 'may' && !/\b(?:of|the)\b/i.test(whole) },
  { pattern: MONTH_DAY, day: 3, month: 2, verbMay: (said: string) => /^may$/i.test(said) },
];

/** Every full date in a text ("Thursday the ninth of October", "the 3rd of June", "March 10th, 2026"). */
export function spokenDates(text: string): SpokenDate[] {
  const clean = plain(text);
  const found: SpokenDate[] = [];
  for (const form of FULL_DATE_FORMS) {
    for (const match of clean.matchAll(form.pattern)) {
      const monthSaid = match[form.month] ?? '';
      if (form.verbMay(monthSaid, match[0])) continue;
      const day = spokenNumber(match[form.day] ?? '');
      const month = monthNumber(monthSaid);
      if (day === null || day > 31 || month === 0 || found.some((date) => overlaps(date, match.index, match[0].length))) continue;
      found.push({
        day,
        month,
        weekday: weekdayIndex(match[1]),
        year: match[4] ? Number(match[4]) : null,
        said: match[0],
        index: match.index,
      });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

const weekdayIndex = (name: string | undefined) => (name ? WEEKDAYS.indexOf(name.toLowerCase()) : null);
const overlaps = (date: { index: number; said: string }, index: number, length: number) =>
  index < date.index + date.said.length && date.index < index + length;

/**
 * The year of a date said without one: the year in which that day falls on the weekday said,
 * nearest to `today`'s year; without a weekday, the occurrence nearest to `today`.
 */
export function dateNearest(date: Pick<SpokenDate, 'day' | 'month' | 'weekday' | 'year'>, today: string): string | null {
  if (date.year !== null) return isoDate(date.year, date.month, date.day);
  const base = yearOf(today);
  const candidates: string[] = [];
  for (let offset = 0; offset <= 11; offset += 1) {
    for (const year of offset === 0 ? [base] : [base - offset, base + offset]) {
      const iso = isoDate(year, date.month, date.day);
      if (iso !== null && (date.weekday === null || weekdayOf(iso) === date.weekday)) candidates.push(iso);
    }
    if (candidates.length > 0) break;
  }
  const distance = (iso: string) => Math.abs(toDate(iso).getTime() - toDate(today).getTime());
  return candidates.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

/** A date said without a year, as the first occurrence on or after `from` (the weekday, when said, must agree if it can). */
export function dateFrom(date: Pick<SpokenDate, 'day' | 'month' | 'weekday' | 'year'>, from: string): string | null {
  if (date.year !== null) return isoDate(date.year, date.month, date.day);
  let first: string | null = null;
  for (let year = yearOf(from); year <= yearOf(from) + 2; year += 1) {
    const iso = isoDate(year, date.month, date.day);
    if (iso === null || iso < from) continue;
    first ??= iso;
    if (date.weekday === null || weekdayOf(iso) === date.weekday) return iso;
  }
  return first;
}

/** "Monday the 23rd": a weekday with a day of the month but no month. */
const WEEKDAY_DAY = new RegExp(
  String.raw`\b${WEEKDAY},?\s+(?:the\s+)?(\d{1,2}(?:st|nd|rd|th)|${ORDINAL})\b(?!\s+(?:of\s+)?${MONTH}\b)`,
  'gi',
);

/**
 * A weekday said with a day of the month and no month ("Monday the 23rd"): the first such day
 * after `from` that falls on that weekday, within the year ahead.
 */
export function weekdayDayAfter(text: string, from: string): string | null {
  for (const match of plain(text).matchAll(WEEKDAY_DAY)) {
    const weekday = weekdayIndex(match[1]);
    const day = spokenNumber(match[2] ?? '');
    if (weekday === null || day === null || day > 31) continue;
    let date = nextDayOfMonth(from, day);
    for (let step = 0; date !== null && step < 12 && weekdayOf(date) !== weekday; step += 1) date = nextDayOfMonth(date, day);
    if (date !== null && weekdayOf(date) === weekday) return date;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Due dates

interface Rule {
  pattern: RegExp;
  resolve(match: RegExpExecArray, context: Context): string | null;
}

interface Context {
  meeting: string | null;
  next: string | null;
  text: string;
  /** What was said just before, whose full dates give a bare "the 27th" its month. */
  earlier: string;
}

/** Words before a date that say it is a deadline ("by", "before", "end of"). */
const LEAD = String.raw`(?:(?:by|before|until|till|on|for|at|in|within|no later than|ahead of)\s+)?`;
const withMeeting =
  (resolve: (meeting: string, match: RegExpExecArray, context: Context) => string | null) => (match: RegExpExecArray, context: Context) =>
    context.meeting === null ? null : resolve(context.meeting, match, context);

const rules: Rule[] = [
  {
    // "as soon as possible", "when he's back": a time said, but no date.
    pattern: /\b(?:as soon as (?:possible|we can|I can)|asap|when (?:he|she|they)(?:'s|'re| is| are) back)\b/gi,
    resolve: () => null,
  },
  {
    pattern:
      /\b(?:(?:by|before|until|till|for|at|to|ahead of)\s+)?(?:the\s+)?(?:next\s+(?:meeting|committee|group meeting)|meeting after this one)\b|\b(?:for|by|at)\s+next\s+time\b/gi,
    resolve: (_match, context) => context.next,
  },
  {
    pattern: new RegExp(String.raw`\b${LEAD}(?:the\s+)?${MONTH}\s+meeting\b`, 'gi'),
    resolve: withMeeting((meeting, match, context) => {
      const month = monthNumber(match[1] ?? '');
      if (context.next !== null && monthOf(context.next) === month) return context.next;
      const start = nextDayMonth(meeting, month, 1);
      return start === null ? null : lastDayOf(yearOf(start), month);
    }),
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:${CARDINAL})\s+weeks?(?:'s?)?\s+(?:today|tomorrow|on\s+${WEEKDAY})|\b(?:within|in|over)\s+(?:the\s+next\s+)?(${CARDINAL})\s+weeks?(?:'s?\s+time)?\b(?!\s+ago)|\b(?:${CARDINAL})\s+weeks?'s?\s+time\b|\b(?:within|in)\s+a\s+fortnight\b`,
      'gi',
    ),
    resolve: withMeeting((meeting, match) => {
      if (/fortnight/i.test(match[0])) return addDays(meeting, 14);
      const count = spokenNumber(
        /^(?:within|in|over)\s+(?:the\s+next\s+)?/i.test(match[0]) ? (match[2] ?? '') : match[0].replace(/\s+weeks?.*$/i, ''),
      );
      return count === null ? null : addDays(meeting, count * 7);
    }),
  },
  {
    pattern: new RegExp(String.raw`\b(?:within|in)\s+(?:the\s+next\s+)?(${CARDINAL})\s+(working\s+)?days?\b(?!\s+ago)`, 'gi'),
    resolve: withMeeting((meeting, match) => {
      const count = spokenNumber(match[1] ?? '');
      if (count === null) return null;
      return match[2] ? addWorkingDays(meeting, count) : addDays(meeting, count);
    }),
  },
  {
    pattern: new RegExp(String.raw`\b(?:within|in)\s+(?:the\s+next\s+)?(${CARDINAL})\s+months?(?:'s?\s+time)?\b(?!\s+ago)`, 'gi'),
    resolve: withMeeting((meeting, match) => {
      const count = spokenNumber(match[1] ?? '');
      return count === null ? null : addMonths(meeting, count);
    }),
  },
  {
    pattern: new RegExp(String.raw`\b${LEAD}(?:the\s+)?end\s+of\s+next\s+week\b|\b${LEAD}next\s+week\b`, 'gi'),
    resolve: withMeeting((meeting) => weekdayOfWeek(meeting, 4, 1)),
  },
  {
    pattern: new RegExp(
      String.raw`\b${LEAD}(?:the\s+)?end\s+of\s+(?:the|this)\s+week\b|\b${LEAD}this\s+week\b|\bby\s+the\s+weekend\b`,
      'gi',
    ),
    resolve: withMeeting((meeting) => (weekdayOf(meeting) <= 4 ? weekdayOfWeek(meeting, 4, 0) : weekdayOfWeek(meeting, 4, 1))),
  },
  {
    pattern: new RegExp(String.raw`\b${LEAD}next\s+${WEEKDAY}\b`, 'gi'),
    resolve: withMeeting((meeting, match) => weekdayOfWeek(meeting, WEEKDAYS.indexOf((match[1] ?? '').toLowerCase()), 1)),
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:(?:by|before|until|till|on|this|first thing on|no later than)\s+)?${WEEKDAY}(?:'s)?\b(?!\s+(?:the\s+)?(?:${ORDINAL}|\d))`,
      'gi',
    ),
    resolve: withMeeting((meeting, match, context) => {
      const before = context.text.slice(Math.max(0, match.index - 12), match.index).toLowerCase();
      if (/\b(?:last|every|on a|each)\s*$/.test(before)) return null;
      return nextWeekday(meeting, WEEKDAYS.indexOf((match[1] ?? '').toLowerCase()));
    }),
  },
  {
    pattern: new RegExp(
      String.raw`\b${LEAD}(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?month\b|\b${LEAD}(?:the\s+)?end\s+of\s+next\s+month\b|\b${LEAD}month[- ]end\b`,
      'gi',
    ),
    resolve: withMeeting((meeting, match) => {
      const next = /next/i.test(match[0]);
      const month = next ? (monthOf(meeting) % 12) + 1 : monthOf(meeting);
      const year = next && month === 1 ? yearOf(meeting) + 1 : yearOf(meeting);
      return lastDayOf(year, month);
    }),
  },
  {
    pattern: new RegExp(String.raw`\b${LEAD}(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(financial\s+)?(year|quarter)\b`, 'gi'),
    resolve: withMeeting((meeting, match) => {
      const year = yearOf(meeting);
      if (match[1]) return monthOf(meeting) <= 3 ? `${year}-03-31` : `${year + 1}-03-31`;
      if ((match[2] ?? '').toLowerCase() === 'year') return `${year}-12-31`;
      const quarterEnd = Math.ceil(monthOf(meeting) / 3) * 3;
      return lastDayOf(year, quarterEnd);
    }),
  },
  {
    // "week commencing the 23rd", "w/c 2nd March", "the week of the 23rd": the date said, which starts that week.
    pattern: new RegExp(
      String.raw`\b(?:(?:in|during|for|by|from)\s+)?(?:the\s+)?(?:week\s+(?:commencing|beginning|starting)|w/c|week\s+of)\s+(?:${WEEKDAY},?\s+)?(?:the\s+)?(${ORDINAL}|\d{1,2})\b(?:(?:\s+of)?\s+${MONTH}\b)?`,
      'gi',
    ),
    resolve: withMeeting((meeting, match, context) => {
      const day = spokenNumber(match[2] ?? '');
      if (day === null || day > 31) return null;
      const month = match[3] ? monthNumber(match[3]) : 0;
      if (month > 0) return dateFrom({ day, month, weekday: null, year: null }, meeting);
      return dayOfMonthAfter(meeting, day, context.earlier);
    }),
  },
  {
    // Full dates: "on the 9th of December", "by March the 4th".
    pattern: new RegExp(
      String.raw`\b${LEAD}(?:${WEEKDAY},?\s+)?(?:the\s+)?(?:${ORDINAL}|\d{1,2})(?:\s+of)?\s+${MONTH}\b(?:,?\s+\d{4})?|\b${LEAD}${MONTH}\s+(?:the\s+)?(?:${ORDINAL}|\d{1,2})\b(?:,?\s+\d{4})?`,
      'gi',
    ),
    resolve: withMeeting((meeting, match) => {
      const date = spokenDates(match[0])[0];
      return date === undefined ? null : dateFrom(date, meeting);
    }),
  },
  {
    pattern: new RegExp(
      String.raw`\b${LEAD}(?:the\s+)?(?:end\s+of|(first|second|third|last)\s+week\s+(?:of|in)|(beginning|start|middle)\s+of|(early|mid|late)[- ]?)\s*${MONTH}\b|\b(?:by|before|until|in|for|during)\s+${MONTH}\b(?!\s+(?:the\s+)?(?:${ORDINAL}|\d))`,
      'gi',
    ),
    resolve: withMeeting((meeting, match, context) => {
      const month = monthNumber(match[4] ?? match[5] ?? '');
      if (month === 0) return null;
      const start = nextDayMonth(`${meeting.slice(0, 8)}01`, month, 1);
      if (start === null) return null;
      const year = yearOf(start);
      const week = match[1]?.toLowerCase();
      const part = (match[2] ?? match[3] ?? '').toLowerCase();
      if (week === 'last') return lastDayOf(year, month);
      if (week) return isoDate(year, month, 7 * ['first', 'second', 'third'].indexOf(week) + 7);
      if (part === 'beginning' || part === 'start' || part === 'early') return isoDate(year, month, 7);
      if (part === 'middle' || part === 'mid') return isoDate(year, month, 15);
      // "Bring it back in June" is the June meeting, when there is one.
      const bringing = /\b(?:bring|back|report|present|come back|update the group)\b/i.test(context.text);
      if (
        /^(?:in|for|during)\b/i.test(match[0]) &&
        bringing &&
        context.next !== null &&
        monthOf(context.next) === month &&
        yearOf(context.next) === year
      ) {
        return context.next;
      }
      return lastDayOf(year, month);
    }),
  },
  {
    // "by the 24th", "on the twenty-fourth": a day of the month without the month.
    pattern: new RegExp(
      String.raw`\b(?:(?:by|before|until|till|on|for|from|no later than)\s+)?the\s+(\d{1,2}(?:st|nd|rd|th)|${ORDINAL})(?=\s*(?:[.,;!?]|$|\b(?:at|if|and|or|then|so|when|which|as|please|latest|with|for|to|is|would|will|should)\b))`,
      'gi',
    ),
    resolve: withMeeting((meeting, match, context) => {
      const lead = /^(?:by|before|until|till|on|for|from|no later than)\b/i.test(match[0]);
      if (!lead && !/\d/.test(match[1] ?? '')) return null;
      const day = spokenNumber(match[1] ?? '');
      if (day === null || day > 31) return null;
      return dayOfMonthAfter(meeting, day, context.earlier);
    }),
  },
  {
    pattern:
      /\b(?:(?:by|before)\s+)?(?:(?:the\s+)?(?:close|end)\s+of\s+(?:play|business|(?:the\s+)?day)|cob|eod|(?:later\s+)?today|tonight|this\s+(?:afternoon|morning|evening))\b/gi,
    resolve: withMeeting((meeting) => meeting),
  },
  {
    pattern: /\b(?:(?:by|before)\s+)?(?:first thing\s+)?tomorrow(?:\s+(?:morning|afternoon))?\b/gi,
    resolve: withMeeting((meeting) => addDays(meeting, 1)),
  },
];

/** A day of the month said without its month: the month of a full date said just before with that day, else the next such day. */
function dayOfMonthAfter(meeting: string, day: number, earlier: string): string | null {
  const named = spokenDates(earlier)
    .filter((date) => date.day === day)
    .at(-1);
  return (named ? dateFrom(named, meeting) : null) ?? nextDayOfMonth(meeting, day);
}

interface Candidate {
  index: number;
  said: string;
  due: string | null;
  lead: boolean;
}

/**
 * What comes just before a date that is the alternative turned down, not the deadline: "rather
 * than (waiting for) the next meeting", "instead of on Friday", "without waiting for the audit",
 * "no need to wait until June", "we shouldn't hold it until the next meeting".
 */
const NOT_A_DEADLINE =
  /(?:\b(?:rather than|instead of|without)(?:\s+(?:waiting|holding (?:on|off|it|them)|leaving (?:it|them)|saving (?:it|them)|keeping (?:it|them)))?|\b(?:not|n't|no need to|never)\s+(?:\w+\s+){0,2}?(?:wait(?:ing)?|hold(?:ing)? (?:it|them|on|off)|leav(?:e|ing) (?:it|them)))\s*$/i;

/**
 * The due date said in a text, resolved against the meeting date and the next meeting's date.
 * When several are said, a deadline ("by …", "before …", "end of …") wins over a bare date,
 * then the first said; a date before the meeting is a past event, not a deadline. `earlier`,
 * what was said just before, gives a bare day its month ("it runs out on the 27th of February …
 * I'll book it before the 27th").
 */
export function resolveDue(text: string, meetingDate: string | null, nextMeetingDate: string | null, earlier = ''): DueDate {
  const clean = plain(text);
  const context: Context = { meeting: meetingDate, next: nextMeetingDate, text: clean, earlier: plain(earlier) };
  const candidates: Candidate[] = [];
  for (const rule of rules) {
    rule.pattern.lastIndex = 0;
    for (let match = rule.pattern.exec(clean); match !== null; match = rule.pattern.exec(clean)) {
      const due = rule.resolve(match, context);
      if (due !== null && meetingDate !== null && due < meetingDate) continue;
      if (NOT_A_DEADLINE.test(clean.slice(0, match.index))) continue;
      candidates.push({
        index: match.index,
        said: match[0].trim(),
        due,
        lead: /^(?:by|before|until|till|within|no later than|end|the end|ahead)\b/i.test(match[0]),
      });
    }
  }
  // Where phrases overlap ("three weeks today" and "today"), the longer one is what was said.
  const kept = candidates.filter(
    (candidate) =>
      !candidates.some(
        (other) =>
          other !== candidate &&
          other.said.length > candidate.said.length &&
          other.index <= candidate.index &&
          other.index + other.said.length >= candidate.index + candidate.said.length,
      ),
  );
  const best = kept.sort(
    (a, b) => Number(b.lead) - Number(a.lead) || Number(b.due !== null) - Number(a.due !== null) || a.index - b.index,
  )[0];
  return best === undefined ? { due: null, said: null } : { due: best.due, said: best.said };
}
