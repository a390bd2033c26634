import { afterEach, describe, expect, it } from 'vitest';
import { formatDayMonth, formatNumericDate, formatShortDate } from './format-date';
import { formatNumber } from './format-number';

const DAY_MS = 86_400_000;

/** Every day from 1999 to 2031 at a time that moves around the clock, in the test's own time zone. */
function* instants(): Generator<Date> {
  for (let time = Date.UTC(1999, 0, 1); time < Date.UTC(2032, 0, 1); time += DAY_MS + 3_599_000) yield new Date(time);
}

const ZONE = process.env.TZ;

describe('dates written without Intl', () => {
  afterEach(() => {
    if (ZONE === undefined) delete process.env.TZ;
    else process.env.TZ = ZONE;
  });

  // A person's own time zone decides the day; these straddle the date line and summer time both ways.
  it.each(['Europe/London', 'America/New_York', 'Pacific/Auckland', 'Asia/Kolkata', 'UTC'])(
    'match Intl’s en-GB forms on every day of 33 years in %s',
    (zone) => {
      process.env.TZ = zone;
      const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
      const numeric = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });
      const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
      let checked = 0;
      for (const instant of instants()) {
        const iso = instant.toISOString();
        expect(formatShortDate(iso)).toBe(short.format(instant));
        expect(formatNumericDate(iso)).toBe(numeric.format(instant));
        expect(formatDayMonth(iso.slice(0, 10))).toBe(dayMonth.format(instant));
        checked++;
      }
      expect(checked).toBeGreaterThan(11_000);
    },
  );

  it('write September as en-GB does, and give nothing (or the text) for what is not a date', () => {
    expect(formatShortDate('2026-09-03T10:00:00Z')).toBe('3 Sept 2026');
    expect(formatDayMonth('2026-09-03')).toBe('3 Sept');
    expect(formatShortDate('soon')).toBe('');
    expect(formatNumericDate('')).toBe('');
    expect(formatDayMonth('not a day')).toBe('not a day');
  });
});

describe('formatNumber', () => {
  const intl = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

  it('writes whole numbers as Intl’s en-GB does', () => {
    const values = [0, -0, 1, -1, 7, 12, 999, 1000, -1000, 12_345, 999_999, 1_000_000, -7_654_321, Number.MAX_SAFE_INTEGER, 2 ** 60, 1e20];
    for (let value = 1; value < 1e15; value = value * 7 + 3) values.push(value, -value);
    for (const value of values) expect(formatNumber(value)).toBe(intl.format(value));
    expect(formatNumber(1_234_567)).toBe('1,234,567');
  });

  it('rounds to one decimal as Intl’s en-GB does, halves and carries included', () => {
    const values = [
      0.5, 1.25, 2.35, -3.45, 1234.56, 0.15, 1.005, 9.95, 99.95, 999.95, 999_999.96, 0.04, -0.04, -0.05, 0.049999, 1e-7, -1e-7, 5e-324,
    ];
    // Every hundredth to 100 (the halves among them), then figures of every size with long fractions.
    for (let hundredths = 0; hundredths <= 10_000; hundredths++) values.push(hundredths / 100, -hundredths / 100);
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let i = 0; i < 20_000; i++) values.push((random() - 0.3) * 10 ** Math.floor(random() * 22 - 4));
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.format(value));
  });

  it('leaves what has no plain decimal to Intl', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21, -1.5e300]) {
      expect(formatNumber(value)).toBe(intl.format(value));
    }
  });
});
