import { describe, expect, it } from 'vitest';
import { lawIndex, lawsNamed, lawVerdict } from './review-law.ts';
import { seedReviewLibrary } from './review-set.ts';

const index = lawIndex(seedReviewLibrary().documents);
const verdict = (expected: string, codes: string[], passages: string[] = []) => lawVerdict(index, expected, { codes, passages });

describe('the law a set names for a factual error', () => {
  it('reads codes, abbreviations, titles and fundamental standards from the set’s text', () => {
    expect([...lawsNamed(index, 'Lifts carrying people are examined every six months (LOLER 1998 reg 9; ACoP L113).')]).toEqual([
      'LOLER 1998',
    ]);
    expect(lawsNamed(index, 'Failing to report it is a criminal offence under RIDDOR.').has('RIDDOR 2013')).toBe(true);
    expect(lawsNamed(index, 'Required by the Management of Health and Safety at Work Regulations 1999.').has('MHSWR 1999')).toBe(true);
    expect(lawsNamed(index, 'Safe management of medicines is part of Regulation 12.').has('CQC Reg 12')).toBe(true);
    expect(lawsNamed(index, 'Kept for two years (EPA 1990 s.34 duty of care).').has('EPA 1990 s.34')).toBe(true);
    // A code that is an ordinary word, and an abbreviation in other letters, name nothing.
    expect(lawsNamed(index, 'Roles and responsibilities are set out by the car park manager.').size).toBe(0);
  });

  it('counts a law, its code of practice, a sibling guidance or a passage naming it as the same law', () => {
    expect(verdict('Examined every six months (LOLER 1998)', ['ACoP L113'])).toBe('right');
    expect(verdict('Sentinel outlets are checked monthly (HSG274 Part 2)', ['ACoP L8'])).toBe('right');
    expect(verdict('Kept for two years (EPA 1990 s.34)', ['HTM 07-01'], ['Transfer notes (kept 2 years, EPA 1990 s.34)'])).toBe('right');
    expect(verdict('Kept for two years (EPA 1990 s.34)', ['HTM 07-01'], ['Transfer notes are kept for two years'])).toBe('other');
  });

  it('tells one fundamental standard from another, and the Regulations from each', () => {
    expect(verdict('Medicines are managed safely (CQC Reg 12)', ['CQC Reg 12'])).toBe('right');
    expect(verdict('Medicines are managed safely (CQC Reg 12)', ['CQC Reg 17'])).toBe('other');
    expect(verdict('Medicines are managed safely (CQC Reg 12)', ['HSCA 2008 RA Regs 2014'])).toBe('right');
    expect(verdict('A breach of the Regulated Activities Regulations (HSCA 2008 RA Regs 2014)', ['CQC Reg 13'])).toBe('right');
  });

  it('says when the finding quotes no passage, and when the set names no law', () => {
    expect(verdict('Examined every six months (LOLER 1998)', [])).toBe('no source');
    expect(verdict('Examine it more often', ['LOLER 1998'])).toBe('unnamed');
    expect(verdict('Hazardous waste is never mixed (HWR 2005)', ['EPA 1990 s.34'])).toBe('other');
  });
});
