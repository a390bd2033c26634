import type { FindingCounts, PolicyElement, Review, ReviewComparison, ReviewFinding, ReviewSummary } from '@verity/shared';
import type { reviewFindings, reviews } from '../../db/schema.ts';
import { type ReviewAuthor, reviewAbilities } from '../../core/policies/review.ts';

/** Review rows as the API shows them: the contract's shapes, built in one place. */

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewFindingRow = typeof reviewFindings.$inferSelect;

/** What the list shows of a review (never its policy text). */
export type ReviewSummaryRow = Pick<
  ReviewRow,
  'id' | 'title' | 'filename' | 'status' | 'shared' | 'previousId' | 'error' | 'createdAt' | 'updatedAt'
>;

/** How many findings of one review have each severity and status. */
export type FindingTally = (Pick<ReviewFindingRow, 'severity' | 'status'> & { n: number })[];

/** By severity over the findings not dismissed, and by status over all of them. */
export function findingCounts(findings: FindingTally): FindingCounts {
  const counts: FindingCounts = { high: 0, medium: 0, low: 0, open: 0, accepted: 0, dismissed: 0 };
  for (const { severity, status, n } of findings) {
    counts[status] += n;
    if (status !== 'dismissed') counts[severity] += n;
  }
  return counts;
}

export function presentSummary(row: ReviewSummaryRow, findings: FindingTally): ReviewSummary {
  return {
    id: row.id,
    title: row.title,
    filename: row.filename,
    status: row.status,
    shared: row.shared,
    counts: findingCounts(findings),
    previous_id: row.previousId,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A finding, located: the page (for a PDF) and the section heading of the element it quotes. */
export function presentFinding(row: ReviewFindingRow, policy: Pick<ReviewRow, 'format' | 'elements'>): ReviewFinding {
  const element: PolicyElement | undefined = row.location ? policy.elements[row.location.element] : undefined;
  return {
    id: row.id,
    category: row.category,
    severity: row.severity,
    status: row.status,
    quote: row.quote,
    location: row.location,
    page: element && policy.format === 'pdf' ? element.page : null,
    section: element?.heading_path.at(-1) ?? null,
    expected: row.expected,
    explanation: row.explanation,
    suggestion: row.suggestion,
    evidence: row.evidence,
    dismiss_reason: row.dismissReason,
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export function presentReview(options: {
  row: ReviewRow;
  findings: ReviewFindingRow[];
  reader: ReviewAuthor;
  comparison: ReviewComparison | null;
}): Review {
  const { row, findings } = options;
  return {
    ...presentSummary(
      row,
      findings.map(({ severity, status }) => ({ severity, status, n: 1 })),
    ),
    format: row.format,
    page_count: row.format === 'pdf' ? row.pageCount : null,
    elements: row.elements,
    findings: findings.map((finding) => presentFinding(finding, row)),
    abilities: reviewAbilities(options.reader, row),
    job_id: row.userId === options.reader.userId ? row.jobId : null,
    comparison: options.comparison,
  };
}
