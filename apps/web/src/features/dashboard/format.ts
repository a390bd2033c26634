import type { ActivityLevel, MemberRole } from '@verity/shared';
import { formatNumber } from '../../lib/format-number';

/** A duration the server gives in hours, or in minutes when `isMinutes` (under an hour). */
export function formatDuration(value: number, isMinutes: boolean): string {
  return `${formatNumber(value)} ${durationUnit(value, isMinutes)}`;
}

/** The word formatDuration writes after the figure: "hours", "minute". */
export function durationUnit(value: number, isMinutes: boolean): string {
  return isMinutes ? (value === 1 ? 'minute' : 'minutes') : value === 1 ? 'hour' : 'hours';
}

export type ChangeDirection = 'up' | 'down' | 'none';

export function changeDirection(percentage: number): ChangeDirection {
  if (percentage > 0) return 'up';
  if (percentage < 0) return 'down';
  return 'none';
}

export const ACTIVITY_LABELS: Record<ActivityLevel, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  inactive: 'Inactive',
};

/** The person's name as SPEC §3 writes it: first and last name joined, or 'Unknown User'. */
export function displayName(firstname: string | null, surname: string | null): string {
  const joined = [firstname, surname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return joined || 'Unknown User';
}

export const ROLE_LABELS: Record<MemberRole, string> = {
  guest: 'Guest',
  standard: 'Standard',
  champion: 'Champion',
};

/** What each role may do, in a sentence (the role choices of the invite panel and the role dialog). */
export const ROLE_HINTS: Record<MemberRole, string> = {
  guest: 'Home, their profile and links they are given; no tools.',
  standard: 'Chat, Write, Review, the wiki and tutorials.',
  champion: 'Everything standard members have, plus this dashboard: invitations and members.',
};
