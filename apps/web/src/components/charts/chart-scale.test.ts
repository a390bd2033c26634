import { describe, expect, it } from 'vitest';
import { labelIndexes, valueTicks } from './chart-scale';

describe('chart scale', () => {
  it('ends the value axis on a round number at or above the largest value', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(valueTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('labels the first, last and evenly spaced days', () => {
    expect(labelIndexes(30, 3)).toEqual([0, 15, 29]);
    expect(labelIndexes(2, 6)).toEqual([0, 1]);
  });
});
