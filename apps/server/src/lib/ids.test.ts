import { describe, expect, test } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  test('ids made in a burst (many in one millisecond) sort in the order they were made', () => {
    const ids = Array.from({ length: 2000 }, () => newId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });
});
