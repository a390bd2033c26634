import { describe, expect, test } from 'vitest';
import { splitSentences, spokenNumber, turnsOf } from './sentences.ts';

const line = (n: number, speaker: string | null, text: string) => ({ n, speaker, time: null, text });

describe('splitSentences', () => {
  test('breaks after full stops, question and exclamation marks before a new sentence', () => {
    expect(splitSentences('Right. Can we start? Yes! The boiler’s fixed.')).toEqual([
      'Right.',
      'Can we start?',
      'Yes!',
      "The boiler's fixed.",
    ]);
  });

  test('keeps titles and "No." before a number whole, but "No." as an answer ends a sentence', () => {
    expect(splitSentences('Dr. Okafor signed it. Item No. 4 is next.')).toEqual(['Dr. Okafor signed it.', 'Item No. 4 is next.']);
    expect(splitSentences('No. So I need to redo it.')).toEqual(['No.', 'So I need to redo it.']);
  });
});

describe('turnsOf', () => {
  test('groups one speaker’s lines into a turn and carries a sentence split across cues', () => {
    const turns = turnsOf([
      line(1, 'Ana', 'What I want to do is set up a rota,'),
      line(2, 'Ana', 'a weekly one for the kitchen. Any objections?'),
      line(3, 'Bo', 'None.'),
    ]);
    expect(turns.map((turn) => turn.speaker)).toEqual(['Ana', 'Bo']);
    expect(turns[0]?.sentences.map((sentence) => [sentence.text, sentence.lines])).toEqual([
      ['What I want to do is set up a rota, a weekly one for the kitchen.', [1, 2]],
      ['Any objections?', [2]],
    ]);
  });

  test('lines without a speaker are turns of their own', () => {
    expect(turnsOf([line(1, null, 'One.'), line(2, null, 'Two.')])).toHaveLength(2);
  });
});

describe('spokenNumber', () => {
  test.each([
    ['24th', 24],
    ['twenty-fourth', 24],
    ['twenty fourth', 24],
    ['ninth', 9],
    ['thirty-first', 31],
    ['three', 3],
    ['forty-eight', 48],
    ['a couple of', 2],
    ['a', 1],
  ])('%s is %d', (said, value) => {
    expect(spokenNumber(said)).toBe(value);
  });

  test('words that are not numbers are null', () => {
    expect(spokenNumber('fourth-twenty')).toBeNull();
    expect(spokenNumber('many')).toBeNull();
  });
});
