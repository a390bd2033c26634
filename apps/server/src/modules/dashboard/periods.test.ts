import { describe, expect, it } from 'vitest';
import { activityLevel, asHoursOrMinutes, scaledThreshold } from './activity.ts';
import { londonDay, londonMidnight } from '../../lib/london-days.ts';
import { percentageChange, periodsOf } from './periods.ts';

describe('percentageChange', () => {
  it('is the change against the previous period to one decimal', () => {
    expect(percentageChange(3, 2)).toBe(50);
    expect(percentageChange(2, 3)).toBe(-33.3);
    expect(percentageChange(1, 3)).toBe(-66.7);
    expect(percentageChange(7, 7)).toBe(0);
  });

  it('is null when the previous period is empty, and -100 when the current one is', () => {
    expect(percentageChange(0, 0)).toBeNull();
    expect(percentageChange(12, 0)).toBeNull();
    expect(percentageChange(0, 4)).toBe(-100);
  });
});

describe('London days', () => {
  it('midnight is 00:00 UTC in winter and 23:00 UTC the day before in summer', () => {
    expect(londonMidnight('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(londonMidnight('2026-07-15').toISOString()).toBe('2026-07-14T23:00:00.000Z');
    // The clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026.
    expect(londonMidnight('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonMidnight('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(londonMidnight('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(londonMidnight('2026-10-26').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('an instant belongs to its London date', () => {
    expect(londonDay(new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
    expect(londonDay(new Date('2026-03-29T00:30:00Z'))).toBe('2026-03-29');
    expect(londonDay(new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
    expect(londonDay(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
  });
});

describe('periodsOf', () => {
  it('the 7 London days ending today, and the 7 whole days before, across the spring change', () => {
    const now = new Date('2026-04-02T10:00:00Z');
    const { current, previous, dates } = periodsOf(7, now);
    expect(dates).toEqual(['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02']);
    expect(current.start.toISOString()).toBe('2026-03-27T00:00:00.000Z');
    expect(current.end.getTime()).toBe(now.getTime() + 1);
    expect(previous.start.toISOString()).toBe('2026-03-20T00:00:00.000Z');
    expect(previous.end).toEqual(current.start);
  });

  it('a year ending in summer starts at London midnight a year back', () => {
    const { current, previous, dates } = periodsOf(365, new Date('2026-06-01T12:00:00Z'));
    expect(dates).toHaveLength(365);
    expect(dates[0]).toBe('2025-06-02');
    expect(current.start.toISOString()).toBe('2025-06-01T23:00:00.000Z');
    expect(previous.start.toISOString()).toBe('2024-06-01T23:00:00.000Z');
  });
});

describe('activity levels', () => {
  it('scale the thresholds per 30 days to the period, rounded up', () => {
    expect([7, 30, 90, 365].map((days) => scaledThreshold(10, days as 7 | 30 | 90 | 365))).toEqual([3, 10, 30, 122]);
    expect([7, 30, 90, 365].map((days) => scaledThreshold(8, days as 7 | 30 | 90 | 365))).toEqual([2, 8, 24, 98]);
    expect([7, 30, 90, 365].map((days) => scaledThreshold(3, days as 7 | 30 | 90 | 365))).toEqual([1, 3, 9, 37]);
  });

  it('high, medium, low or inactive by tasks or sign-ins', () => {
    expect(activityLevel({ tasks: 10, signIns: 0, days: 30 })).toBe('high');
    expect(activityLevel({ tasks: 0, signIns: 8, days: 30 })).toBe('high');
    expect(activityLevel({ tasks: 9, signIns: 7, days: 30 })).toBe('medium');
    expect(activityLevel({ tasks: 2, signIns: 2, days: 30 })).toBe('low');
    expect(activityLevel({ tasks: 0, signIns: 0, days: 30 })).toBe('inactive');
  });
});

it('durations are minutes under an hour, else hours to one decimal', () => {
  expect(asHoursOrMinutes(0)).toEqual({ value: 0, isMinutes: true });
  expect(asHoursOrMinutes(59.4)).toEqual({ value: 59, isMinutes: true });
  expect(asHoursOrMinutes(60)).toEqual({ value: 1, isMinutes: false });
  expect(asHoursOrMinutes(153)).toEqual({ value: 2.6, isMinutes: false });
});
