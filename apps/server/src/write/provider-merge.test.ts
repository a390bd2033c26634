import { describe, expect, test } from 'vitest';
import { joinPartTopics, mergeActions, mergeDecisions, mergeNames } from './provider-merge.ts';
import type { Person } from './types.ts';

const rosa: Person = { name: 'Rosa Lind', aliases: ['Rosa', 'RL'], role: null, present: true };
const meeting = { resolve: (mention: string) => ([rosa.name, ...rosa.aliases].includes(mention.trim()) ? rosa : null) };

describe('mergeActions', () => {
  test('keeps an action found in two chunks once, with the lines of both and the date one of them gave', () => {
    const actions = mergeActions([
      { owner: 'Rosa Lind', action: 'Send the revised rota to the ward managers', due: null, due_said: null, lines: [41, 42] },
      { owner: 'Rosa Lind', action: 'Book the lift engineer', due: null, due_said: null, lines: [12] },
      { owner: 'Rosa Lind', action: 'Send revised rota to ward managers', due: '2025-06-06', due_said: 'by Friday', lines: [42, 43] },
      { owner: 'Sam Hale', action: 'Send the revised rota to the ward managers', due: null, due_said: null, lines: [41] },
    ]);
    expect(actions).toEqual([
      { id: 'action-1', owner: 'Rosa Lind', action: 'Book the lift engineer', due: null, due_said: null, lines: [12] },
      {
        id: 'action-2',
        owner: 'Rosa Lind',
        action: 'Send the revised rota to the ward managers',
        due: '2025-06-06',
        due_said: 'by Friday',
        lines: [41, 42, 43],
      },
      { id: 'action-3', owner: 'Sam Hale', action: 'Send the revised rota to the ward managers', due: null, due_said: null, lines: [41] },
    ]);
  });

  test('keeps apart tasks of one owner that differ in a detail, said at different times', () => {
    const actions = mergeActions([
      { owner: 'Rosa Lind', action: 'Service the boiler in the north block', due: null, due_said: null, lines: [10] },
      { owner: 'Rosa Lind', action: 'Service the boiler in the south block', due: null, due_said: null, lines: [90] },
      { owner: 'Rosa Lind', action: 'Service the boiler in the north block', due: null, due_said: null, lines: [150] },
    ]);
    expect(actions.map((action) => [action.action, action.lines])).toEqual([
      ['Service the boiler in the north block', [10, 150]],
      ['Service the boiler in the south block', [90]],
    ]);
  });

  test('keeps two different tasks of one owner said on the same line', () => {
    const actions = mergeActions([
      { owner: 'Rosa Lind', action: 'Update the asbestos register', due: null, due_said: null, lines: [7] },
      { owner: 'Rosa Lind', action: 'Circulate the training dates', due: null, due_said: null, lines: [7] },
    ]);
    expect(actions.map((action) => action.action)).toEqual(['Update the asbestos register', 'Circulate the training dates']);
  });
});

describe('mergeDecisions', () => {
  test('keeps a decision found twice once and numbers them in transcript order', () => {
    const decisions = mergeDecisions([
      { text: 'Quarterly audits of the sluice rooms will continue', lines: [80] },
      { text: 'The group approved the new cleaning schedule', lines: [20, 21] },
      { text: 'New cleaning schedule approved by the group', lines: [21] },
    ]);
    expect(decisions).toEqual([
      { id: 'decision-1', text: 'The group approved the new cleaning schedule', lines: [20, 21] },
      { id: 'decision-2', text: 'Quarterly audits of the sluice rooms will continue', lines: [80] },
    ]);
  });
});

describe('mergeNames', () => {
  test('names people as the meeting does, once each', () => {
    expect(mergeNames(['Rosa', 'RL', ' Sam  Hale ', 'sam hale', 'Rosa Lind'], meeting)).toEqual(['Rosa Lind', 'Sam Hale']);
  });
});

describe('joinPartTopics', () => {
  test('joins a topic that runs across a chunk boundary and keeps the others in order', () => {
    const topics = joinPartTopics([
      { title: 'Staffing', points: ['Two posts are vacant.'], from_line: 50, to_line: 70 },
      { title: 'Estates update', points: ['The roof repair is complete.'], from_line: 1, to_line: 30 },
      { title: 'staffing', points: ['Two posts are vacant.', 'Agency use fell.'], from_line: 68, to_line: 90 },
    ]);
    expect(topics).toEqual([
      { title: 'Estates update', points: ['The roof repair is complete.'], from_line: 1, to_line: 30 },
      { title: 'Staffing', points: ['Two posts are vacant.', 'Agency use fell.'], from_line: 50, to_line: 90 },
    ]);
  });
});
