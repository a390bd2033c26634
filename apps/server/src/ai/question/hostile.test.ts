import { CHAT_MESSAGE_MAX_LENGTH } from '@verity/shared';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { expectLinearGrowth, FUZZ_RUNS, repeated, repeatedTokens } from '../../test/hostile-text.ts';
import { prepareQuestionReading, readQuestion } from './read.ts';
import { readRework } from './rework.ts';

/**
 * The question readers on hostile chat messages. They run on the server's thread for every
 * question (retrieval reads the question, the engines read a follow-up as a rework), so a message
 * at the length limit, with earlier questions as long, must be read in time that grows linearly
 * with it and stays far below what would hold other requests.
 */
prepareQuestionReading();

const TOKENS = [
  'HTM 04-01',
  'HTM 04-01-01',
  'BS 7671',
  'Part B',
  'what',
  'how often',
  'must',
  'should I',
  '?',
  'summarise',
  'shorter',
  'as a checklist',
  'draft an e-mail',
  'it',
  'that',
  'Legionella',
  'at 60 °C',
  'every 3 months',
  'in Wales',
  'care home',
  'not',
  'or',
  '(',
  ')',
  '-',
  '"',
  'over-',
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  '\n',
];

/** Milliseconds to read `text` as a question after two earlier ones as long, and as a rework. */
function timed(text: string): number {
  const started = performance.now();
  readQuestion(text, { history: [text, text] });
  readRework(text);
  return performance.now() - started;
}

/** The sample repeated to a quarter of the limit (scale 1) or the whole limit (scale 4). */
const atScale = (sample: { unit: string; times: number }, scale: number) =>
  repeated(sample, scale).slice(0, (CHAT_MESSAGE_MAX_LENGTH / 4) * scale);

describe('hostile chat messages', () => {
  test('are read in time that grows linearly with their length, up to the limit', async () => {
    await fc.assert(
      fc.asyncProperty(repeatedTokens(TOKENS, 400), (sample) =>
        expectLinearGrowth((scale) => timed(atScale(sample, scale)), { floorMs: 2, tries: 3 }),
      ),
      FUZZ_RUNS,
    );
  });

  // About 1 ms on the CI machine; 100 ms is a pause every other request on the thread would feel.
  test('a message at the limit is read in well under 100 ms', () => {
    fc.assert(
      fc.property(repeatedTokens(TOKENS, 400), (sample) => {
        expect(timed(atScale(sample, 4))).toBeLessThan(100);
      }),
      FUZZ_RUNS,
    );
  });
});
