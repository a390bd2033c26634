import { describe, expect, test } from 'vitest';
import { lowerFirst } from './text.ts';

describe('lowerFirst', () => {
  test.each([
    ['Maximum interval between examinations', 'maximum interval between examinations'],
    ['Within 15 days of the accident', 'within 15 days of the accident'],
    ['Annually', 'annually'],
    ['Since April 2016 producers in England no longer register', 'since April 2016 producers in England no longer register'],
    ['The Water Safety Group reviews it', 'the Water Safety Group reviews it'],
  ])('an opening word reads on in lower case: %s', (text, expected) => {
    expect(lowerFirst(text)).toBe(expected);
  });

  test.each([
    'Water Safety Group',
    'Part C',
    'Part 2 of HSG274',
    'Section 710 medical locations',
    'Regulation 4 duties',
    'HTM 04-01',
    'EICR',
  ])('a name keeps its capital: %s', (text) => {
    expect(lowerFirst(text)).toBe(text);
  });
});
