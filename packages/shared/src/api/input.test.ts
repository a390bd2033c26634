import { describe, expect, test } from 'vitest';
import { findInvalidText, MAX_INPUT_DEPTH } from './input.ts';

describe('findInvalidText', () => {
  test('finds a NUL in a nested string and names its path', () => {
    expect(findInvalidText({ title: 'ok', tags: ['a', 'b\u0000c'] })).toEqual({ path: ['tags', 1], problem: 'nul' });
    expect(findInvalidText('x\u0000')).toEqual({ path: [], problem: 'nul' });
    expect(findInvalidText({ outer: { inner: [{ text: '\u0000' }] } })).toEqual({ path: ['outer', 'inner', 0, 'text'], problem: 'nul' });
  });

  test('finds a NUL in an object key', () => {
    expect(findInvalidText({ 'a\u0000b': 'fine' })).toEqual({ path: ['a\\u0000b'], problem: 'nul' });
  });

  test('finds an unpaired surrogate, high or low, in a string or a key', () => {
    expect(findInvalidText({ q: 'flush \ud800' })).toEqual({ path: ['q'], problem: 'surrogate' });
    expect(findInvalidText({ list: ['ok', '\udc00 then text'] })).toEqual({ path: ['list', 1], problem: 'surrogate' });
    expect(findInvalidText({ 'k\ud800': 1 })).toEqual({ path: ['k\ufffd'], problem: 'surrogate' });
    // Reversed halves are two unpaired surrogates.
    expect(findInvalidText('\udc00\ud800')?.problem).toBe('surrogate');
  });

  test('reports the first bad field in order', () => {
    expect(findInvalidText({ a: 'ok', b: ['\ud800'], c: '\u0000' })).toEqual({ path: ['b', 0], problem: 'surrogate' });
  });

  test('passes clean text, emoji (surrogate pairs), numbers, null, buffers and other control characters', () => {
    expect(findInvalidText({ q: 'legionella\tL8\n', n: 3, none: null, flag: true, list: [] })).toBeNull();
    expect(findInvalidText({ q: 'water 💧 safety 👩🏽‍⚕️', '🚿': ['\ud83d\udca7'] })).toBeNull();
    expect(findInvalidText(new Uint8Array([0, 0, 0]))).toBeNull();
    expect(findInvalidText(undefined)).toBeNull();
  });

  test('refuses nesting past the limit without recursing, and accepts it up to the limit', () => {
    const nest = (levels: number): unknown => {
      let value: unknown = 'leaf';
      for (let i = 0; i < levels; i++) value = i % 2 ? { k: value } : [value];
      return value;
    };
    expect(findInvalidText(nest(MAX_INPUT_DEPTH))).toBeNull();
    const tooDeep = findInvalidText(nest(MAX_INPUT_DEPTH + 1));
    expect(tooDeep?.problem).toBe('depth');
    expect(tooDeep?.path).toHaveLength(MAX_INPUT_DEPTH);
    // Far deeper than any call stack: still an answer, not a RangeError.
    expect(findInvalidText(nest(200_000))?.problem).toBe('depth');
    expect(findInvalidText(nest(200_000), Number.POSITIVE_INFINITY)).toBeNull();
  });
});
