/**
 * Generated hostile text for the engines' fuzz suites: a short run of the engine's own tokens
 * (units, references, labels, brackets, line breaks) repeated hundreds or thousands of times, and
 * the growth bound every engine is held to.
 */
import fc from 'fast-check';
import { expect } from 'vitest';

/** Fixed, so a failure found in CI is the same failure on a developer's machine. */
export const FUZZ_RUNS = { numRuns: 15, seed: 2026 } as const;

/** A unit of up to 12 of the tokens and how many times it is said (250 to `maxTimes`). */
export interface Repeated {
  unit: string;
  times: number;
}

export function repeatedTokens(tokens: readonly string[], maxTimes: number): fc.Arbitrary<Repeated> {
  return fc
    .tuple(fc.array(fc.constantFrom(...tokens), { minLength: 1, maxLength: 12 }), fc.integer({ min: 250, max: maxTimes }))
    .map(([unit, times]) => ({ unit: unit.join(' '), times }));
}

/** The unit said `times × scale` times. */
export function repeated({ unit, times }: Repeated, scale = 1): string {
  return Array.from({ length: times * scale }, () => unit).join(' ');
}

/**
 * How long a fixed piece of text work (splitting, matching and joining 800,000 characters) takes on
 * this machine now, in milliseconds: the median of five runs, so one pause does not move it.
 */
export function machinePace(): number {
  const text = 'Next review date 1.2 and the ACoP L8 (2013) said 60 °C. '.repeat(14_000);
  const runs: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const words = text.split(/\s+/);
    let marks = 0;
    for (const match of text.matchAll(/\b[A-Z][A-Za-z]*\s?\d+(?:\.\d+)?\b/g)) marks += match[0].length;
    if (words.join(' ').length + marks < 0) throw new Error('unreachable');
    runs.push(performance.now() - started);
  }
  return runs.sort((a, b) => a - b)[2] as number;
}

/**
 * machinePace() on the machine the ceilings were set on (a 2-core AMD EPYC, quiet, 2026-12-01). A
 * slower or busier machine raises every ceiling in proportion: the ceilings catch a catastrophe,
 * not a slow machine (the same suite's "review date" input took 15 s quiet there and 21 s beside
 * other work, against a ceiling of 20 s).
 */
const REFERENCE_PACE_MS = 40;

/**
 * Judged by growth, not by the clock of a shared machine (an absolute bound failed in CI when a
 * 24,000-character policy took 1.6 s beside a busy second worker): four times the input takes about
 * four times as long when linear and sixteen when quadratic, so the bound is eight. Anything under
 * `floorMs` counts as `floorMs`, so timer noise on tiny inputs cannot fail it; the ceiling catches
 * a catastrophe that happens to grow linearly, and is scaled by the machine's pace, measured just
 * before.
 */
export async function expectLinearGrowth(
  timeAt: (scale: number) => number | Promise<number>,
  { floorMs = 100, ceilingMs = 30_000, tries = 1 } = {},
): Promise<void> {
  // The fastest of `tries` runs: a pause of the machine's making lengthens one run, not all.
  const fastest = async (scale: number) => {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < tries; i++) best = Math.min(best, await timeAt(scale));
    return best;
  };
  const small = await fastest(1);
  const large = await fastest(4);
  expect(large / Math.max(small, floorMs)).toBeLessThan(8);
  expect(large).toBeLessThan(ceilingMs * Math.max(1, machinePace() / REFERENCE_PACE_MS));
}
