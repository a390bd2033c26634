import { onFirstUse } from '../../lib/on-first-use';

const TIME = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }));
const WEEKDAY = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { weekday: 'short' }));
const DAY_MONTH = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }));
const DAY_MONTH_YEAR = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));
const FULL = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short' }));

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function startOfDay(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/**
 * A conversation's last activity in a few characters, the way a list of conversations reads:
 * 'Just now', '12 min ago', then the time today, 'Yesterday', the weekday within the week,
 * '3 Nov' this year and '3 Nov 2025' before. Empty when the timestamp is not a date.
 */
export function formatConversationTime(timestamp: string, now: number = Date.now()): string {
  const time = Date.parse(timestamp);
  if (Number.isNaN(time)) return '';
  const elapsed = now - time;
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)} min ago`;
  const today = startOfDay(now);
  if (time >= today) return TIME().format(time);
  if (time >= today - DAY_MS) return 'Yesterday';
  if (time >= today - 6 * DAY_MS) return WEEKDAY().format(time);
  return new Date(time).getFullYear() === new Date(now).getFullYear() ? DAY_MONTH().format(time) : DAY_MONTH_YEAR().format(time);
}

/** The full date and time, for a tooltip and assistive technology: 'Sunday 22 November 2026 at 14:05'. */
export function formatConversationTimeFull(timestamp: string): string {
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? '' : FULL().format(time);
}
