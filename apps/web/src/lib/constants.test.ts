import { expect, test } from 'vitest';
import { formatUnreadBadge, queryRetryDelay } from './constants';

test('unread badge shows 99+ above 99', () => {
  expect(formatUnreadBadge(0)).toBe('0');
  expect(formatUnreadBadge(99)).toBe('99');
  expect(formatUnreadBadge(100)).toBe('99+');
});

test('query retries double from 1 s up to 30 s', () => {
  expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
});
