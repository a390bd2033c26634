import { describe, expect, test } from 'vitest';
import { talkWords } from './speech.ts';

describe('talkWords', () => {
  test('verbs, adverbs and pronouns that put a question are talk; the nouns naming its subject are not', () => {
    const talk = talkWords("someone's asked for CCTV footage of themselves - how long do we actually have to respond?");
    expect(talk.get('asked')).toBe('verb');
    expect(talk.get('respond')).toBe('verb');
    expect(talk.get('actually')).toBe('other');
    expect(talk.get('someone')).toBe('other');
    expect(talk.has('cctv')).toBe(false);
    expect(talk.has('footage')).toBe(false);
  });

  test('a word also used as a noun in the question is not talk', () => {
    const talk = talkWords('how often do we test the fire alarm, and who signs the test off?');
    expect(talk.has('test')).toBe(false);
    expect(talk.has('alarm')).toBe(false);
  });
});
