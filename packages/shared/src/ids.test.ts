import { expect, test } from 'vitest';
import { formatUnreadBadge, queryRetryDelay } from './constants.ts';
import { isDocumentId } from './ids.ts';

test('an identifier of exactly 26 letters or digits is a document id', () => {
  expect(isDocumentId('01HZX3K4M5N6P7Q8R9S0T1V2W3')).toBe(true);
  expect(isDocumentId('abcdefghijklmnopqrstuvwxyz')).toBe(true);
  expect(isDocumentId('01HZX3K4M5N6P7Q8R9S0T1V2W')).toBe(false);
  expect(isDocumentId('01HZX3K4M5N6P7Q8R9S0T1V2W34')).toBe(false);
  expect(isDocumentId('htm-06-01-electrical-servic')).toBe(false);
  expect(isDocumentId('htm_06_01_electrical_servic')).toBe(false);
  expect(isDocumentId('HTM 06-01.pdf')).toBe(false);
  expect(isDocumentId('')).toBe(false);
});

test('unread badge shows 99+ above 99', () => {
  expect(formatUnreadBadge(0)).toBe('0');
  expect(formatUnreadBadge(99)).toBe('99');
  expect(formatUnreadBadge(100)).toBe('99+');
});

test('query retries double from 1 s up to 30 s', () => {
  expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
});
