import { describe, expect, test } from 'vitest';
import { countAnswers } from './slots.ts';

describe('countAnswers', () => {
  test('a "how many" question is answered by a number, in digits or words, with what it counts', () => {
    const statements = countAnswers('how many quality statements are in the single assessment framework?');
    expect(statements?.('Under the key questions sit 34 quality statements, written as commitments.')).toBe(true);
    expect(statements?.('The framework was reviewed in 2024.')).toBe(false);
    const characteristics = countAnswers('How many protected characteristics are there?');
    expect(characteristics?.('The Act protects nine characteristics:')).toBe(true);
    expect(characteristics?.('Nine regulations apply to the premises.')).toBe(false);
  });

  test('a question asking no count has none', () => {
    expect(countAnswers('how much space per person should a workroom have?')).toBeNull();
    expect(countAnswers('how often are sentinel outlets checked?')).toBeNull();
  });
});
