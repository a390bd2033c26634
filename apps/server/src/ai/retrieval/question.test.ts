/** The numbers a question states about its own case, told from those naming a document, a provision or a year. */
import { describe, expect, it } from 'vitest';
import { statedNumbers } from './question.ts';

describe('statedNumbers', () => {
  it('are the quantities of the asker’s site or case', () => {
    expect([...statedNumbers('trust owns a 20m high nurses residence, about 60 flats')]).toEqual(['20m', '60']);
    expect([...statedNumbers('we are a 40 bed nursing home - can we drop the setpoint to 50C?')]).toEqual(['40', '50c']);
  });

  it('are not the numbers of a code, a provision or a year', () => {
    expect(statedNumbers('which part of HTM 03-01 covers testing?').size).toBe(0);
    expect(statedNumbers('does Regulation 12 or reg 5 apply, or Part 2 of L8?').size).toBe(0);
    expect(statedNumbers('is the 2006 edition still current?').size).toBe(0);
  });
});
