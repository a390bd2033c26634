import { describe, expect, test } from 'vitest';
import { askAndContext, buildQuery } from './follow-up.ts';

describe('askAndContext', () => {
  test('a question typed with its circumstances asks in the clause ending in a question mark', () => {
    expect(askAndContext('porter off work 9 days after a manual handling injury - whats the deadline to report to HSE?')).toEqual({
      ask: 'whats the deadline to report to HSE?',
      context: 'porter off work 9 days after a manual handling injury',
    });
    expect(askAndContext('what is the max temperature at the bath taps? we are a nursing home, TMVs fitted')).toEqual({
      ask: 'what is the max temperature at the bath taps?',
      context: 'we are a nursing home, TMVs fitted',
    });
  });

  test('without a question mark, the clause opening as a question asks', () => {
    expect(askAndContext('the old wing lift carries patients - how often is the thorough examination')).toEqual({
      ask: 'how often is the thorough examination',
      context: 'the old wing lift carries patients',
    });
  });

  test('one clause, no asking clause, an asking clause naming too little or pointing back at the scene is asked whole', () => {
    for (const question of [
      'How often must lifting equipment used to lift patients be thoroughly examined?',
      'finance want us to drop the calorifier setpoint to 50C to save gas - can we?',
      'sentinel outlet temperatures - monthly checks',
      'BS 7671 - is it current?',
      'sentinel outlets on the old wing - how often are we meant to check them',
      'our incident policy says reports are due after 3 days off work - is that still the legal position?',
      'how often must we review our fire risk assessments - is it every year by law?',
    ]) {
      expect(askAndContext(question)).toEqual({ ask: question, context: '' });
    }
  });
});

describe('buildQuery', () => {
  test('the scene is searched after the question and carried as context, not as a follow-up', () => {
    expect(buildQuery('our goods lift has porters riding in it - how often is its thorough examination due?')).toEqual({
      query: 'how often is its thorough examination due? our goods lift has porters riding in it',
      carried: 'our goods lift has porters riding in it',
      followUp: false,
    });
  });

  test('contractions are written out, so no part of one is read as a word', () => {
    const { query } = buildQuery("we've got empty rooms, what's the flushing regime? it won't be used and they aren't sure");
    expect(query).not.toMatch(/\b(ve|re|s|whats)\b/);
    expect(query).toContain('will not');
    expect(query).toContain('are not');
  });
});
