import { type ActivityLevel, csvCell, type MemberRole, memberRoleOf, type OrganisationUser } from '@verity/shared';
import { ACTIVITY_LABELS, displayName } from './format';
import { compareText } from '../../lib/compare-text';

/** The users table's rows, and how they are searched, sorted, paged and written out as CSV. */

export interface UserRow {
  id: string;
  name: string;
  email: string;
  /** The last sign-in (ISO), or null when never. */
  lastActive: string | null;
  sessions: number;
  activity: ActivityLevel;
  tasks: number;
  role: MemberRole;
  /** Deactivated: listed, not counted in the figures, and cannot sign in. */
  deactivated: boolean;
}

export type SortKey = 'name' | 'email' | 'lastActive' | 'sessions' | 'activity' | 'tasks';
export type SortDirection = 'ascending' | 'descending';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

export const USERS_PAGE_SIZE = 25;

export function toUserRow({ user, session_history, tasks }: OrganisationUser): UserRow {
  return {
    id: user.user_id,
    name: displayName(user.firstname, user.surname),
    email: user.email,
    lastActive: session_history.last_login,
    sessions: session_history.session_count,
    activity: session_history.activity_level,
    tasks,
    role: memberRoleOf(user.account_roles),
    deactivated: user.deactivated,
  };
}

/** Rows whose name or e-mail contains every word of the search (any case). */
export function searchRows(rows: readonly UserRow[], search: string): UserRow[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = `${row.name} ${row.email}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

const ACTIVITY_RANK: Record<ActivityLevel, number> = { inactive: 0, low: 1, medium: 2, high: 3 };
function compare(a: UserRow, b: UserRow, key: SortKey): number {
  switch (key) {
    case 'name':
    case 'email':
      return compareText(a[key], b[key]);
    case 'lastActive':
      // Never signed in is the oldest.
      return (a.lastActive ? Date.parse(a.lastActive) : -Infinity) - (b.lastActive ? Date.parse(b.lastActive) : -Infinity) || 0;
    case 'activity':
      return ACTIVITY_RANK[a.activity] - ACTIVITY_RANK[b.activity];
    default:
      return a[key] - b[key];
  }
}

/** Sorted by one column; ties keep the name order so the table reads the same every time. */
export function sortRows(rows: readonly UserRow[], sort: Sort): UserRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(a, b, sort.key) || compareText(a.name, b.name) || compareText(a.email, b.email));
}

/** A column's first click: names and e-mails A to Z, figures and dates highest or newest first. */
export function firstDirection(key: SortKey): SortDirection {
  return key === 'name' || key === 'email' ? 'ascending' : 'descending';
}

export function pageOf<T>(rows: readonly T[], page: number, size = USERS_PAGE_SIZE): T[] {
  return rows.slice((page - 1) * size, page * size);
}

export function pagesFor(count: number, size = USERS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / size));
}

/** The rows as CSV (RFC 4180, CRLF), with a header line; last active as an ISO time or 'Never'. */
export function usersCsv(rows: readonly UserRow[]): string {
  const header = ['Name', 'Email', 'Last active', 'Sessions', 'Activity level', 'Tasks'];
  const lines = rows.map((row) => [row.name, row.email, row.lastActive ?? 'Never', row.sessions, ACTIVITY_LABELS[row.activity], row.tasks]);
  return `${[header, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** "organisation-users-last-30-days-2026-11-24.csv" (today's date where the person is). */
export function usersCsvFileName(days: number, today: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return `organisation-users-last-${days}-days-${date}.csv`;
}
