import { describe, expect, test } from 'vitest';
import { isPersonal, minuteSentence, splitSentences, subjectStems } from './topics-sentences.ts';

describe('splitSentences', () => {
  test('splits after full stops, questions and exclamations before a capital, not after titles', () => {
    expect(splitSentences('Dr. Okafor chaired. Was it quorate? Yes! 12 members came.')).toEqual([
      'Dr. Okafor chaired.',
      'Was it quorate?',
      'Yes!',
      '12 members came.',
    ]);
    expect(splitSentences('The rate was 2.5 per cent, e.g. on wards.')).toEqual(['The rate was 2.5 per cent, e.g. on wards.']);
  });
});

describe('minuteSentence', () => {
  test('openings and asides go, a capital and a full stop come', () => {
    expect(minuteSentence('So, yeah, the chiller on the roof is, you know, running hot', 'Tom')).toBe(
      'The chiller on the roof is running hot.',
    );
    expect(minuteSentence('Honestly, I mean, the contractor sort of missed two visits in May.', null)).toBe(
      'The contractor missed two visits in May.',
    );
  });

  test('"I" as the subject becomes the speaker when nothing else is in the first person', () => {
    expect(minuteSentence("I'll send the revised rota to the ward managers on Monday.", 'Leah Byrne')).toBe(
      'Leah Byrne will send the revised rota to the ward managers on Monday.',
    );
    expect(minuteSentence('I think the second quote is better value for the trust.', 'Sam')).toBe(
      'Sam thinks the second quote is better value for the trust.',
    );
    expect(minuteSentence('I checked the valves on all three floors yesterday.', 'Sam')).toBe(
      'Sam checked the valves on all three floors yesterday.',
    );
    expect(minuteSentence("I'll ask my team to check the valves on each floor.", 'Sam')).toBe(
      "I'll ask my team to check the valves on each floor.",
    );
  });

  test('"Agreed, …" reads as what was agreed', () => {
    expect(minuteSentence('OK, agreed, the audit moves to a six-monthly cycle.', 'Chair')).toBe(
      'It was agreed that the audit moves to a six-monthly cycle.',
    );
  });

  test('what the group agreed it will do reads impersonally', () => {
    expect(minuteSentence("Right, agreed, we'll hire a second minibus for the summer outings.", 'Chair')).toBe(
      'It was agreed to hire a second minibus for the summer outings.',
    );
    expect(minuteSentence("We agreed that we're going to paint the day room before Christmas.", 'Ann')).toBe(
      'We agreed to paint the day room before Christmas.',
    );
  });

  test('questions, cut-off speech, fragments and short remarks are not sentences', () => {
    expect(minuteSentence('Can we get the quote for the roof repair by Friday?', 'Ann')).toBeNull();
    expect(minuteSentence('The thing about the roof is that the —', 'Ann')).toBeNull();
    expect(minuteSentence('We had – the pump on level two, the one by the lifts.', 'Ann')).toBeNull();
    expect(minuteSentence('To check the pump before the next meeting.', 'Ann')).toBeNull();
    expect(minuteSentence('Yes, that works for me.', 'Ann')).toBeNull();
  });
});

test('subject words leave out conversation, names and numbers', () => {
  expect(subjectStems('Yeah, I think Priya said the boilers need replacing in twenty days.', new Set(['priya']))).toEqual([
    'boiler',
    'replacing',
  ]);
});

test('units say nothing about the subject: a topic is never "Percent" or "Fifteen minutes"', () => {
  expect(subjectStems('Forty percent of the boilers run for fifteen minutes an hour.')).toEqual(['boiler', 'run']);
});

test('isPersonal: speech in the first person or to "you"', () => {
  expect(isPersonal('Sam will send you the list.')).toBe(true);
  expect(isPersonal('My view is that it can wait.')).toBe(true);
  expect(isPersonal('The contractor will send the list.')).toBe(false);
});
