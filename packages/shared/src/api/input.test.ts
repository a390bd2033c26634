import { describe, expect, test } from 'vitest';
import { findNulCharacter } from './input.ts';

describe('findNulCharacter', () => {
  test('finds a NUL in a nested string and names its path', () => {
    expect(findNulCharacter({ title: 'ok', tags: ['a', 'b\u0000c'] })).toEqual(['tags', 1]);
    expect(findNulCharacter('x\u0000')).toEqual([]);
    expect(findNulCharacter({ outer: { inner: [{ text: '\u0000' }] } })).toEqual(['outer', 'inner', 0, 'text']);
  });

  test('finds a NUL in an object key', () => {
    expect(findNulCharacter({ 'a\u0000b': 'fine' })).toEqual(['a\\u0000b']);
  });

  test('passes clean text, numbers, null, buffers and other control characters', () => {
    expect(findNulCharacter({ q: 'legionella\tL8\n', n: 3, none: null, flag: true, list: [] })).toBeNull();
    expect(findNulCharacter(new Uint8Array([0, 0, 0]))).toBeNull();
    expect(findNulCharacter(undefined)).toBeNull();
  });
});
