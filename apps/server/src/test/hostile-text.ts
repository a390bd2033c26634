/**
 * Generated hostile text for the engines' fuzz suites: a short run of the engine's own tokens
 * (units, references, labels, brackets, line breaks) repeated hundreds or thousands of times, and
 * the time bound every engine is held to.
 */
import fc from 'fast-check';
import { expect } from 'vitest';

/** Fixed, so a failure found in CI is the same failure on a developer's machine. */
export const FUZZ_RUNS = { numRuns: 15, seed: 2026 } as const;

/** A unit of up to 12 of the tokens, repeated 500 to `maxTimes` times. */
export function repeatedTokens(tokens: readonly string[], maxTimes: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.array(fc.constantFrom(...tokens), { minLength: 1, maxLength: 12 }), fc.integer({ min: 500, max: maxTimes }))
    .map(([unit, times]) => Array.from({ length: times }, () => unit.join(' ')).join(' '));
}

/** 2 s per 100,000 characters, and a second to spare: a generous linear bound for a slow shared machine. */
export function expectLinearTime(ms: number, characters: number): void {
  expect(ms).toBeLessThan(1_000 + (characters / 100_000) * 2_000);
}
