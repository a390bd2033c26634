import { describe, expect, test, vi } from 'vitest';
import { newId } from './ids.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('newId', () => {
  test('ids made in a burst (many in one millisecond) sort in the order they were made', () => {
    const ids = Array.from({ length: 2000 }, () => newId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  test('the random part of ids made in different milliseconds uses every character about equally often', () => {
    let now = Date.now() + 1_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now++);
    try {
      const counts = new Map<string, number>();
      for (let i = 0; i < 2000; i++) for (const character of newId().slice(10)) counts.set(character, (counts.get(character) ?? 0) + 1);
      // 32,000 characters: each of the 32 about 1,000 times (a standard deviation of about 31).
      expect([...counts.keys()].sort()).toEqual([...CROCKFORD]);
      for (const count of counts.values()) expect(count).toBeGreaterThan(800);
      for (const count of counts.values()) expect(count).toBeLessThan(1200);
    } finally {
      clock.mockRestore();
    }
  });
});
