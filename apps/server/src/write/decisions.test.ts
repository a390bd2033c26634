import { describe, expect, test } from 'vitest';
import { findDecisions } from './decisions.ts';
import { turnsOf } from './sentences.ts';
import { readTranscript } from './transcript.ts';

const decisionsOf = (...lines: string[]) => findDecisions(turnsOf(readTranscript(lines.join('\n')).lines)).map((decision) => decision.text);

describe('findDecisions', () => {
  test('"agreed, …" keeps what was agreed', () => {
    expect(
      decisionsOf(
        'Nell Ford: Is everyone happy?',
        'Kai Moss: Yes.',
        'Nell Ford: OK, agreed, the night porters carry the spare radio from now on.',
      ),
    ).toEqual(['The night porters carry the spare radio from now on.']);
  });

  test('"so we agree, …"', () => {
    expect(
      decisionsOf(
        'Kai Moss: The lift is still faulty.',
        'Nell Ford: So we agree, the goods lift stays locked off until the engineer has been.',
      ),
    ).toEqual(['The goods lift stays locked off until the engineer has been.']);
  });

  test('"so we\'re going with …" and "let\'s go with …"', () => {
    expect(
      decisionsOf(
        "Nell Ford: So we're going with the cheaper lamp supplier for the car park.",
        "Kai Moss: And let's go with quarterly checks on the lamps.",
      ),
    ).toEqual(['Go with the cheaper lamp supplier for the car park.', 'Go with quarterly checks on the lamps.']);
  });

  test('"the group approved …", and "the group approves the change" followed by the change', () => {
    expect(
      decisionsOf(
        'Nell Ford: Then the group approved the revised key holding procedure.',
        'Nell Ford: The group approves the change. Contractors sign in at the gatehouse, not at reception.',
      ),
    ).toEqual(['The group approved the revised key holding procedure.', 'Contractors sign in at the gatehouse, not at reception.']);
  });

  test('an explicit agreement to keep something as it is', () => {
    expect(
      decisionsOf('Kai Moss: Could we go to weekly tests?', 'Nell Ford: I would rather not.', 'Kai Moss: Fine, we keep the tests monthly.'),
    ).toEqual(['Keep the tests monthly.']);
  });

  test('a bare "agreed" settles the proposal put before it, once', () => {
    expect(
      decisionsOf(
        'Nell Ford: I would like the group to agree that visitors are escorted on the roof at all times. Any objections?',
        'Kai Moss: Agreed.',
        'Nell Ford: OK, agreed.',
      ),
    ).toEqual(['Visitors are escorted on the roof at all times.']);
  });

  test('questions, rejected proposals and the last minutes are not decisions', () => {
    expect(
      decisionsOf(
        'Nell Ford: The minutes are agreed as a true record.',
        'Kai Moss: Could we move the bins to the front of the building?',
        'Nell Ford: No, the lorries cannot get in there.',
        'Kai Moss: Are we agreed on the rota?',
        'Nell Ford: I think we park that one for now.',
      ),
    ).toEqual([]);
  });
});
