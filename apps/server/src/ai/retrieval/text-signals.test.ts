/**
 * How a question names documents: by an abbreviation as people type it, and by the code a
 * document's parts and editions share.
 */
import { describe, expect, it } from 'vitest';
import { readQuestion } from '../question/read.ts';
import { codeAlias, familyKey, namesFamily, namesTitle } from './text-signals.ts';

describe('codeAlias', () => {
  it('is the abbreviation of a code made of one abbreviation and a year, without its brackets', () => {
    expect(codeAlias('RIDDOR 2013')).toBe('riddor');
    expect(codeAlias('IR(ME)R 2017')).toBe('irmer');
    expect(codeAlias('W(E&W)R 2011')).toBe('wewr');
  });

  it('is null for a code with a series number or a title', () => {
    expect(codeAlias('HTM 04-01 Part B')).toBeNull();
    expect(codeAlias('Records Management Code')).toBeNull();
    expect(codeAlias('EP 1991')).toBeNull();
  });
});

describe('familyKey and namesFamily', () => {
  it('is the code without its part or bracketed year', () => {
    expect(familyKey('HTM 03-01 Part A')).toBe('htm 3 1');
    expect(familyKey('CFPP 01-06 (2013)')).toBe('cfpp 1 6');
    expect(familyKey('HTM 05-01')).toBeNull();
    expect(familyKey('Hygiene Code (2006)')).toBeNull();
  });

  it('is named by a question writing the family alone, not by one naming a part', () => {
    expect(namesFamily(readQuestion('which part of HTM 03-01 covers commissioning?'), 'htm 3 1')).toBe(true);
    expect(namesFamily(readQuestion('SOPs cite CFPP 01-06'), 'cfpp 1 6')).toBe(true);
    expect(namesFamily(readQuestion('does HTM 03-01 Part B cover theatres?'), 'htm 3 1')).toBe(false);
    expect(namesFamily(readQuestion('does HTM 03-02 cover theatres?'), 'htm 3 1')).toBe(false);
  });
});

describe('namesTitle', () => {
  it('reads a title with "regulations" clipped to "regs", with or without what it puts in brackets', () => {
    const title = 'The Fire Safety (England) Regulations 2022';
    expect(namesTitle(readQuestion('do the fire safety (england) regs 2022 apply to flats?'), title)).toBe(true);
    expect(namesTitle(readQuestion('do the fire safety regs apply to flats?'), title)).toBe(true);
    expect(namesTitle(readQuestion('which fire safety regs apply to flats?'), title)).toBe(false);
  });
});
