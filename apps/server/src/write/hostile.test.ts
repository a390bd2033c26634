import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { libraryCodes } from '../eval/write-set.ts';
import { expectLinearGrowth, FUZZ_RUNS, repeated, repeatedTokens } from '../test/hostile-text.ts';
import { builtinWriteEngine } from './builtin.ts';
import { NotATranscriptError, readTranscript } from './transcript.ts';

/**
 * The transcript reader and the writing engine on hostile transcripts: the attack test's input
 * (195,000 characters of "oh", 23 s before) and generated ones, each written in time that grows
 * linearly with its size.
 */
const library = libraryCodes();

async function timed(text: string): Promise<number> {
  const started = performance.now();
  try {
    const transcript = readTranscript(text);
    await builtinWriteEngine.findings({ transcript, kind: 'minutes', library, today: '2026-11-24' }, {});
  } catch (error) {
    if (!(error instanceof NotATranscriptError)) throw error;
  }
  return performance.now() - started;
}

describe('the attack input', () => {
  test('195,000 characters of "oh" are written up in a few seconds at most', async () => {
    expect(await timed(`Speaker 1: ${'oh '.repeat(65_000)}`)).toBeLessThan(5_000);
    expect(await timed(`Speaker 1: so ${'oh-'.repeat(65_000)}then we agreed.`)).toBeLessThan(5_000);
  });
});

describe('generated hostile transcripts', () => {
  const TOKENS = [
    'the —',
    "I'd like you to",
    'oh',
    'zero',
    'double',
    'four',
    'HTM',
    '04-01',
    'L8',
    "I'll",
    'action',
    'on',
    'Sam',
    'by Friday',
    'the 23rd',
    'agreed',
    'PERSON1:',
    'Speaker 2:',
    '00:00:01.000 --> 00:00:02.000',
    '-',
    '(',
    ')',
    '.',
    '?',
    '\n',
    'uh',
    'mhm',
  ];

  test('are read and written in time that grows with their size, never quadratically', async () => {
    await fc.assert(
      fc.asyncProperty(repeatedTokens(TOKENS, 1_000), (sample) =>
        expectLinearGrowth((scale) => timed(`Speaker 1: ${repeated(sample, scale)}`)),
      ),
      FUZZ_RUNS,
    );
  });
});
