import { describe, expect, it } from 'vitest';
import { formatConversationTime, formatConversationTimeFull } from './conversation-time';

// Local times, so the day boundaries are the reader's own.
const now = new Date(2026, 10, 22, 14, 30).getTime();
const at = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

describe('formatConversationTime', () => {
  it('reads like a list of conversations: recent, today, yesterday, this week, this year, before', () => {
    expect(formatConversationTime(at(2026, 10, 22, 14, 29), now + 30_000)).toBe('1 min ago');
    expect(formatConversationTime(new Date(now - 20_000).toISOString(), now)).toBe('Just now');
    expect(formatConversationTime(at(2026, 10, 22, 14, 5), now)).toBe('25 min ago');
    expect(formatConversationTime(at(2026, 10, 22, 9, 7), now)).toBe('09:07');
    expect(formatConversationTime(at(2026, 10, 21, 23, 59), now)).toBe('Yesterday');
    expect(formatConversationTime(at(2026, 10, 18, 10, 0), now)).toBe('Wed');
    expect(formatConversationTime(at(2026, 10, 3, 10, 0), now)).toBe('3 Nov');
    expect(formatConversationTime(at(2025, 2, 14, 10, 0), now)).toBe('14 Mar 2025');
  });

  it('treats a time slightly ahead of the clock as just now, and a non-date as nothing', () => {
    expect(formatConversationTime(new Date(now + 5_000).toISOString(), now)).toBe('Just now');
    expect(formatConversationTime('not a date', now)).toBe('');
    expect(formatConversationTimeFull('not a date')).toBe('');
  });

  it('gives the full date and time for the tooltip', () => {
    expect(formatConversationTimeFull(at(2026, 10, 22, 9, 7))).toMatch(/^Sunday,? 22 November 2026 at 09:07$/);
  });
});
