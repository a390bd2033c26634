import type { TranscriptLine } from '@verity/shared';
import { describe, expect, test } from 'vitest';
import { contentStems, type EvidenceScope, supportedLines } from './provider-evidence.ts';
import type { Person } from './types.ts';

const said: [string, string][] = [
  ['Morgan', 'Next item is the boiler room ventilation.'],
  ['Morgan', 'The fan in plant room two keeps tripping out overnight.'],
  ['Dev', "I'll get the contractor to replace the fan motor before the end of the month."],
  ['Morgan', 'Thanks Dev. And the fire door on ward six?'],
  ['Ana', 'We agreed to keep it on the weekly check list until the new closer is fitted.'],
  ['Ana', 'Lovely weather today, by the way.'],
];
const lines: TranscriptLine[] = said.map(([speaker, text], i) => ({ n: i + 1, speaker, time: null, text }));

const dev: Person = { name: 'Dev Patel', aliases: ['Dev'], role: null, present: true };
const scope: EvidenceScope = {
  shown: new Set(lines.map((line) => line.n)),
  byNumber: new Map(lines.map((line) => [line.n, line])),
  meeting: { resolve: (mention) => (/^dev(?: patel)?$/i.test(mention.trim()) ? dev : null) },
};

describe('supportedLines', () => {
  test('keeps an action whose cited line says it, paraphrased', () => {
    expect(supportedLines({ kind: 'action', text: 'Arrange replacement of the fan motor', owner: 'Dev Patel', lines: [3] }, scope)).toEqual(
      [3],
    );
  });

  test('keeps a decision whose words sit on the line next to the one cited', () => {
    expect(supportedLines({ kind: 'decision', text: 'Fire door on ward six stays on the weekly checks', lines: [4] }, scope)).toEqual([4]);
  });

  test('drops an item citing a line that does not say it', () => {
    expect(
      supportedLines({ kind: 'action', text: 'Order new window blinds for the training room', owner: 'Dev Patel', lines: [6] }, scope),
    ).toBeNull();
    expect(supportedLines({ kind: 'decision', text: 'Approve the catering budget', lines: [1] }, scope)).toBeNull();
  });

  test('drops an item citing only lines that do not exist or were not shown', () => {
    expect(supportedLines({ kind: 'action', text: 'Replace the fan motor', owner: 'Dev Patel', lines: [40, 0, -2] }, scope)).toBeNull();
    const narrow = { ...scope, shown: new Set([1, 2]) };
    expect(supportedLines({ kind: 'action', text: 'Replace the fan motor', owner: 'Dev Patel', lines: [3] }, narrow)).toBeNull();
  });

  test('removes the cited lines that do not exist and keeps the rest, in order', () => {
    expect(supportedLines({ kind: 'action', text: 'Replace the fan motor', owner: 'Dev Patel', lines: [99, 3, 3, 2] }, scope)).toEqual([
      2, 3,
    ]);
  });

  test('accepts an action with one matching word when its owner speaks a committing line', () => {
    // "contractor" matches; Dev says "I'll" on the cited line.
    expect(
      supportedLines({ kind: 'action', text: 'Chase contractor about invoices and scheduling', owner: 'Dev', lines: [3] }, scope),
    ).toEqual([3]);
    // The same words with someone else as owner, who neither speaks nor is named there.
    expect(
      supportedLines({ kind: 'action', text: 'Chase contractor about invoices and scheduling', owner: 'Ana', lines: [3] }, scope),
    ).toBeNull();
  });
});

describe('contentStems', () => {
  test('compares word forms by their stem and ignores function words', () => {
    expect(contentStems('Inspections were inspected')).toEqual(contentStems('inspect inspection'));
    expect(contentStems("I'll do it, we will")).toEqual(new Set());
    expect([...contentStems("Priya's tanks")]).toEqual(['priya', 'tank']);
  });
});
