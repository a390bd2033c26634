import { expect, test } from 'vitest';
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
