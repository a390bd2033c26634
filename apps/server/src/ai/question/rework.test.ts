import { describe, expect, test } from 'vitest';
import { readRework } from './rework.ts';

describe('readRework: a message asking for the previous answer in another form', () => {
  test.each([
    ['summarise that in two bullet points', 'summarise', 2],
    ['can you sum it up in 3 bullets', 'summarise', 3],
    ['summarise in two bullets', 'summarise', 2],
    ['make that shorter please', 'shorten', null],
    ['just the key point', 'shorten', null],
    ['can you cut that down to a couple of lines', 'shorten', 2],
    ['go into more detail on that', 'expand', null],
    ['explain that more', 'expand', null],
    ['put that in plain english for a new starter', 'rephrase', null],
    ['say that for a board paper', 'rephrase', null],
    ['turn that into a checklist', 'checklist', null],
    ['make it a tick list for the audit', 'checklist', null],
    ['draft an email to the ward managers telling them this', 'draft', null],
    ['write that up as a short procedure', 'draft', null],
  ] as const)('%s', (message, kind, count) => {
    const rework = readRework(message);
    expect(rework?.kind).toBe(kind);
    expect(rework?.count ?? null).toBe(count);
  });

  test('the register, the piece and the audience', () => {
    expect(readRework('say that for a board paper')?.register).toBe('board');
    expect(readRework('put that in plain english')?.register).toBe('plain');
    expect(readRework('draft an email to the ward managers telling them this')).toMatchObject({
      piece: 'email',
      audience: 'ward managers',
    });
    expect(readRework('write that up as a short procedure for the staff handbook')?.piece).toBe('procedure');
  });

  test('what an expansion dwells on', () => {
    expect(readRework('can you expand on the part about controlling exposure')?.focus).toEqual(['controlling', 'exposure']);
  });

  test.each([
    'What should the summary of a fire risk assessment include?',
    'Is there a summary of the changes in the 2025 edition?',
    'What must a checklist for a fire door inspection contain?',
    'Summarise the duties of the responsible person under the fire safety order',
    'Draft a short policy statement on sharps for a care home',
    'write a short notice for the staff room about checking electrical equipment before using it',
    'how often must emergency lighting be tested?',
    'Who keeps the key points of the water safety plan up to date?',
  ])('a new question or request is not one: %s', (message) => {
    expect(readRework(message)).toBeNull();
  });
});
