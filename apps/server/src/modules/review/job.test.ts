import { describe, expect, test } from 'vitest';
import type { ReviewFindingDraft } from '../../review/types.ts';
import { mostSevere, REVIEW_MAX_FINDINGS, tableRowFor } from './job.ts';

describe('the excerpt of a table that supports a finding', () => {
  const table = ['Record | Kept for', 'Transfer notes | 2 years', 'Consignment notes | 3 years', 'Training records | 5 years'].join('\n');

  test('is the row that says most of what the finding says, after the header', () => {
    const draft = {
      expected: 'Kept for at least 3 years',
      explanation: 'The policy keeps consignment notes for one year, but the library says 3 years.',
      suggestion: 'Keep consignment notes for at least three years.',
    };
    expect(tableRowFor(table, draft)).toBe('Record | Kept for: Consignment notes | 3 years');
  });

  test('is the whole text when there are no rows under the header', () => {
    expect(tableRowFor('Record | Kept for', { expected: null, explanation: 'x', suggestion: 'y' })).toBe('Record | Kept for');
  });
});

describe('the findings one review keeps', () => {
  const finding = (severity: ReviewFindingDraft['severity'], element: number): ReviewFindingDraft => ({
    category: 'undefined_acronym',
    severity,
    location: { element, start: 0, end: 3 },
    quote: 'ABC',
    expected: null,
    explanation: 'The acronym is not defined.',
    suggestion: 'Define it.',
    evidence: [],
  });

  test('are all of them up to the cap', () => {
    const findings = [finding('low', 0), finding('high', 1)];
    expect(mostSevere(findings, 5)).toBe(findings);
  });

  test('past the cap, the most severe first, kept in reading order', () => {
    const findings = [finding('low', 0), finding('high', 1), finding('medium', 2), finding('high', 3), finding('low', 4)];
    expect(mostSevere(findings, 3).map((kept) => kept.location?.element)).toEqual([1, 2, 3]);
  });

  test('34,000 would-be findings are cut to the cap without a stack overflow', () => {
    const many = Array.from({ length: 34_000 }, (_, i) => finding(i % 7 === 0 ? 'high' : 'low', i));
    const kept = mostSevere(many, REVIEW_MAX_FINDINGS);
    expect(kept).toHaveLength(REVIEW_MAX_FINDINGS);
    expect(kept.every((item) => item.severity === 'high')).toBe(true);
  });
});
