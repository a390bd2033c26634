import type { ReviewStage } from '@verity/shared';
import { findReferences } from './references.ts';
import { requirementFindings } from './requirements.ts';
import { roleFindings } from './roles.ts';
import { structureFindings } from './structure.ts';
import { termFindings } from './terms.ts';
import type { ReviewEngine, ReviewFindingDraft, ReviewInput } from './types.ts';

/**
 * The built-in reviewer: offline, deterministic and driven by the library's data. The references
 * rule runs first because the others read what the policy cites (the roles a cited HTM requires,
 * the figures it states). Findings come back in reading order, the absent ones (no location) last.
 */
export function reviewPolicy(input: ReviewInput): ReviewFindingDraft[] {
  const steps = reviewSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same review one rule at a time: yields the stage each rule belongs to before running it,
 * so a job can report where it has got to, and returns the findings.
 */
export function* reviewSteps(input: ReviewInput): Generator<ReviewStage, ReviewFindingDraft[]> {
  const { policy, library, today } = input;
  yield 'references';
  const references = findReferences(policy, library);
  yield 'structure';
  const structure = structureFindings(policy, today);
  yield 'roles';
  const roles = roleFindings(policy, references.citations, library);
  yield 'terms';
  const terms = termFindings(policy, library);
  yield 'library';
  const requirements = requirementFindings(policy, references.citations, library);
  return inReadingOrder([...references.findings, ...structure, ...roles, ...terms, ...requirements]);
}

/** The built-in review, reporting each of its stages. */
export async function runBuiltin(
  input: ReviewInput,
  onStage?: (stage: ReviewStage) => Promise<void> | void,
): Promise<ReviewFindingDraft[]> {
  const steps = reviewSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await onStage?.(step.value);
  }
}

/** The built-in reviewer in the calling thread (tests, the evaluation); the server runs it in the untrusted-work pool. */
export const inThreadReviewEngine: ReviewEngine = {
  id: 'builtin',
  async review(input, options = {}) {
    return { findings: await runBuiltin(input, options.onStage), engine: 'builtin' };
  },
};

export function inReadingOrder(findings: ReviewFindingDraft[]): ReviewFindingDraft[] {
  return findings.sort(
    (a, b) =>
      (a.location?.element ?? Number.MAX_SAFE_INTEGER) - (b.location?.element ?? Number.MAX_SAFE_INTEGER) ||
      (a.location?.start ?? 0) - (b.location?.start ?? 0),
  );
}
