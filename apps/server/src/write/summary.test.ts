import type { WriteAction, WriteDecision, WriteTopic } from '@verity/shared';
import { expect, test } from 'vitest';
import { summarise } from './summary.ts';

const lines = [
  { n: 1, speaker: 'Hana', time: null, text: 'First item, the boiler replacement in the East Wing.' },
  { n: 2, speaker: 'Tom', time: null, text: 'The boiler fails its pressure test every winter.' },
];
const topics: WriteTopic[] = [
  {
    title: 'Boiler replacement',
    points: [
      'The east wing boiler fails its pressure test every winter.',
      'It was agreed that the east wing boiler is replaced rather than repaired.',
    ],
    from_line: 1,
    to_line: 20,
  },
  { title: 'East Wing ventilation', points: ['The air handling unit needs a new fan belt.'], from_line: 21, to_line: 25 },
  { title: 'Any other business', points: ['The car park barrier is broken again.'], from_line: 26, to_line: 60 },
];
const decisions: WriteDecision[] = [{ id: 'decision-1', text: 'Replace the east wing boiler.', lines: [9] }];
const action = (id: string, due: string | null): WriteAction => ({
  id,
  owner: 'Tom',
  action: 'Get quotes',
  due,
  due_said: null,
  lines: [3],
});

test('what the meeting covered, what it concluded, its agreement and its main point', () => {
  expect(summarise(lines, topics, { decisions, actions: [action('action-1', '2026-03-13'), action('action-2', null)] })).toEqual([
    'The meeting covered the boiler replacement and East Wing ventilation.',
    'It reached one decision and agreed two actions, one of them with a due date.',
    'It was agreed that the east wing boiler is replaced rather than repaired.',
    'The east wing boiler fails its pressure test every winter.',
  ]);
});

test('counts read naturally when nothing, or everything, was dated or decided', () => {
  expect(summarise(lines, topics, { decisions: [], actions: [] })[1]).toBe('No decisions or actions were recorded.');
  expect(summarise(lines, topics, { decisions: [], actions: [action('action-1', '2026-03-13')] })[1]).toBe(
    'It agreed one action, with a due date; no decisions were recorded.',
  );
  expect(summarise(lines, topics, { decisions, actions: [] })).toHaveLength(4);
  expect(summarise(lines, topics, { decisions, actions: [] })[1]).toBe('It reached one decision; no actions were recorded.');
});

test('no agreement sentence without decisions, and nothing for an empty transcript', () => {
  const summary = summarise(lines, topics, { decisions: [], actions: [] });
  expect(summary.some((sentence) => sentence.startsWith('It was agreed'))).toBe(false);
  expect(summarise([], topics, { decisions, actions: [] })).toEqual([]);
});
