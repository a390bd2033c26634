import { describe, expect, test } from 'vitest';
import { dateFrom, dateNearest, resolveDue, spokenDates } from './due-dates.ts';

// A Wednesday; the next meeting is a Thursday seven weeks on.
const MEETING = '2027-09-15';
const NEXT = '2027-11-04';
const due = (text: string, earlier = '') => resolveDue(text, MEETING, NEXT, earlier);

describe('resolveDue: the README rules', () => {
  test.each([
    ['I will sort the rota by Friday.', '2027-09-17', 'by Friday'],
    ['We can get that done this week.', '2027-09-17', 'this week'],
    ['Should be finished by the end of next week.', '2027-09-24', 'by the end of next week'],
    ['I will ring them next Wednesday.', '2027-09-22', 'next Wednesday'],
    ['Bring the figures to the next meeting, please.', NEXT, 'to the next meeting'],
    ['Before the next meeting I will have it.', NEXT, 'Before the next meeting'],
    ['The report will be with you by the end of October.', '2027-10-31', 'by the end of October'],
    ['I can do it by the 28th.', '2027-09-28', 'by the 28th'],
    ['I can do it by the 3rd.', '2027-10-03', 'by the 3rd'],
    ['Three weeks today should be fine.', '2027-10-06', 'Three weeks today'],
    ['I will update the log today.', MEETING, 'today'],
    ['I will email it before the end of the day.', MEETING, 'before the end of the day'],
    ['It has to go before the 20th.', '2027-09-20', 'before the 20th'],
    ['The draft should be ready week commencing the twentieth.', '2027-09-20', 'week commencing the twentieth'],
    ['Pencil the fire drill in for w/c 27th.', '2027-09-27', 'for w/c 27th'],
    ['The auditors are on site the week of the 4th of October.', '2027-10-04', 'the week of the 4th of October'],
  ])('%s → %s', (text, expected, said) => {
    expect(due(text)).toEqual({ due: expected, said });
  });

  test.each([
    ["I'll post the audit scores as soon as I have them rather than waiting for the next meeting."],
    ['Could you ring the supplier instead of on Friday?'],
    ['Email the figures out without waiting until the end of October.'],
    ["There's no need to wait until next week to book the engineer."],
  ])('a date turned down is not a deadline: %s', (text) => {
    expect(due(text)).toEqual({ due: null, said: null });
  });

  test('a deadline said beside an alternative turned down is still found', () => {
    expect(due("I'll check the fridges daily rather than weekly until the end of October.")).toEqual({
      due: '2027-10-31',
      said: 'until the end of October',
    });
    expect(due("I'd rather not wait: I'll ring them by Friday.")).toEqual({ due: '2027-09-17', said: 'by Friday' });
  });

  test('no date said gives null, and says nothing', () => {
    expect(due('I will look into the boiler.')).toEqual({ due: null, said: null });
  });
});

describe('resolveDue: more ways people say dates', () => {
  test.each([
    ['on the twenty-second', '2027-09-22'],
    ['by the thirtieth', '2027-09-30'],
    ['on the 9th of December', '2027-12-09'],
    ['by October the 4th', '2027-10-04'],
    ['on Monday', '2027-09-20'],
    ["in Friday's newsletter", '2027-09-17'],
    ['within two weeks', '2027-09-29'],
    ['in ten days', '2027-09-25'],
    ['within a fortnight', '2027-09-29'],
    ['in a month', '2027-10-15'],
    ['by the end of the month', '2027-09-30'],
    ['by the end of next month', '2027-10-31'],
    ['before the end of the year', '2027-12-31'],
    ['by the end of the quarter', '2027-09-30'],
    ['by close of play', MEETING],
    ['first thing tomorrow', '2027-09-16'],
    ['in November', '2027-11-30'],
    ['the first week of October', '2027-10-07'],
    ['early October', '2027-10-07'],
    ['mid-October', '2027-10-15'],
    ['by March', '2028-03-31'],
  ])('%s → %s', (text, expected) => {
    expect(due(`I will do it ${text}.`).due).toBe(expected);
  });

  test('"bring it back in November" is the November meeting when there is one', () => {
    expect(due('I will bring it back in November.').due).toBe(NEXT);
    expect(due('I will run the course in November.').due).toBe('2027-11-30');
  });

  test('a time said without a date keeps its words and no date', () => {
    expect(due("I'll raise it with her when she's back.")).toEqual({ due: null, said: "when she's back" });
    expect(due('As soon as possible, I would say.')).toEqual({ due: null, said: 'As soon as possible' });
  });

  test('a deadline wins over a date mentioned in passing, and past dates are not deadlines', () => {
    expect(due('The audit on the 1st of September found it, so I will fix it by Friday.')).toEqual({
      due: '2027-09-17',
      said: 'by Friday',
    });
    expect(due('Last Monday the pump failed.').due).toBeNull();
  });

  test('a bare day takes its month from a date said just before', () => {
    expect(due('I will get it booked before the 12th.', 'The certificate runs out on the 12th of November.').due).toBe('2027-11-12');
    expect(due('I will get it booked before the 12th.').due).toBe('2027-10-12');
  });

  test('without a meeting date, nothing relative resolves', () => {
    expect(resolveDue('by Friday', null, null)).toEqual({ due: null, said: 'by Friday' });
    expect(resolveDue('by the next meeting', '2027-01-05', null)).toEqual({ due: null, said: 'by the next meeting' });
  });
});

describe('spoken dates and years', () => {
  test('finds full dates in words and figures', () => {
    const found = spokenDates("It's Thursday the ninth of October, and the next one is March the 4th.");
    expect(found.map(({ day, month, weekday }) => ({ day, month, weekday }))).toEqual([
      { day: 9, month: 10, weekday: 3 },
      { day: 4, month: 3, weekday: null },
    ]);
  });

  test('"may" is the month only where it cannot be the verb', () => {
    expect(spokenDates('The 2nd of May suits, and the 5th May too.').map(({ day, month }) => ({ day, month }))).toEqual([
      { day: 2, month: 5 },
      { day: 5, month: 5 },
    ]);
    expect(spokenDates('Of the candidates, 2 may come, and may the 4th team win on June 6th, 2028.').map(({ said }) => said)).toEqual([
      'June 6th, 2028',
    ]);
  });

  test('the year is the one nearest today in which the day falls on the weekday said', () => {
    // 10 March is a Tuesday in 2026 and 2037; 9 October a Thursday in 2025 and 2031.
    expect(dateNearest({ day: 10, month: 3, weekday: 1, year: null }, '2026-11-24')).toBe('2026-03-10');
    expect(dateNearest({ day: 9, month: 10, weekday: 3, year: null }, '2026-11-24')).toBe('2025-10-09');
    expect(dateNearest({ day: 9, month: 10, weekday: 3, year: null }, '2030-06-01')).toBe('2031-10-09');
  });

  test('a date after a meeting is the first such date on or after it', () => {
    expect(dateFrom({ day: 8, month: 1, weekday: null, year: null }, '2025-10-10')).toBe('2026-01-08');
  });
});
