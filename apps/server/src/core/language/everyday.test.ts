import { describe, expect, test } from 'vitest';
import { subjectShare } from './everyday.ts';

describe('subjectShare', () => {
  test.each(['actually', 'sort', 'hang', 'world'])('an everyday word says nothing of the subject: %s', (word) => {
    expect(subjectShare(word)).toBe(0);
  });

  test.each(['warfarin', 'amoxicillin', 'workroom', 'Legionella'])(
    'a rare word, or one the list lacks, is the subject’s own: %s',
    (word) => {
      expect(subjectShare(word)).toBe(1);
    },
  );

  test('between the two, the share grows with rarity', () => {
    const common = subjectShare('chain');
    const rarer = subjectShare('thorough');
    expect(common).toBeGreaterThan(0);
    expect(rarer).toBeGreaterThan(common);
    expect(rarer).toBeLessThan(1);
  });

  test('a word with a digit always counts', () => {
    expect(subjectShare('2022')).toBe(1);
    expect(subjectShare('l8')).toBe(1);
  });
});
