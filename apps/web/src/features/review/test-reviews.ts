import type { PolicyElement, Review, ReviewFinding, ReviewSummary } from '@verity/shared';

/** Reviews, policies and findings for the review assistant's component tests (an invented fire-door policy). */

export const REVIEW_ID = '01JREVIEW00000000000000001';
export const JOB_ID = '01JREVIEWJOB00000000000001';

export function buildReviewSummary(index: number, overrides: Partial<ReviewSummary> = {}): ReviewSummary {
  const at = new Date(Date.UTC(2026, 2, 20 - index, 9)).toISOString();
  return {
    id: `01JREVIEW${String(index).padStart(17, '0')}`,
    title: `Estates policy ${index}`,
    filename: `estates-policy-${index}.pdf`,
    status: 'ready',
    shared: false,
    counts: { high: 1, medium: 0, low: 2, open: 3, accepted: 0, dismissed: 0 },
    previous_id: null,
    error: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

const element = (index: number, type: PolicyElement['type'], text: string, page: number, heading_path: string[] = []): PolicyElement => ({
  index,
  type,
  text,
  page,
  heading_path,
});

/** A two-page fire-door policy: a title, sections, a list and an inspection table. */
export function buildElements(): PolicyElement[] {
  return [
    element(0, 'title', 'Fire Door Management Policy', 1),
    element(1, 'heading', 'Scope', 1),
    element(2, 'paragraph', 'This policy follows the Door Guide 1999 for every ward door.', 1, ['Scope']),
    element(3, 'list_item', 'Doors are checked by the FDI each month.', 1, ['Scope']),
    element(4, 'list_item', 'Faults are logged the same day.', 1, ['Scope']),
    element(5, 'heading', 'Inspections', 2),
    element(6, 'table', 'Door | Interval\nWard doors | 13 months', 2, ['Inspections']),
  ];
}

export const FINDING_IDS = {
  outdated: '01JFINDING0000000000000001',
  acronym: '01JFINDING0000000000000002',
  interval: '01JFINDING0000000000000003',
  missing: '01JFINDING0000000000000004',
} as const;

export function buildFinding(overrides: Partial<ReviewFinding> = {}): ReviewFinding {
  return {
    id: FINDING_IDS.outdated,
    category: 'outdated_reference',
    severity: 'high',
    status: 'open',
    quote: 'Door Guide 1999',
    location: { element: 2, start: 24, end: 39 },
    page: 1,
    section: 'Scope',
    expected: 'Door Guide 2020',
    explanation: 'The 1999 edition was replaced by the 2020 edition.',
    suggestion: 'Refer to the Door Guide 2020.',
    evidence: [
      {
        document_id: '01JLIBRARY0000000000000001',
        code: 'DG 2020',
        title: 'Door Guide',
        element_ids: ['el-4', 'el-5'],
        excerpt: 'This edition replaces the 1999 guide.',
      },
    ],
    dismiss_reason: null,
    decided_at: null,
    ...overrides,
  };
}

export function buildFindings(): ReviewFinding[] {
  return [
    buildFinding(),
    buildFinding({
      id: FINDING_IDS.acronym,
      category: 'undefined_acronym',
      severity: 'low',
      quote: 'FDI',
      location: { element: 3, start: 25, end: 28 },
      expected: null,
      explanation: 'FDI is not defined anywhere in the policy.',
      suggestion: 'Spell out FDI at its first use.',
      evidence: [],
    }),
    buildFinding({
      id: FINDING_IDS.interval,
      category: 'factual_error',
      severity: 'medium',
      quote: '13 months',
      location: { element: 6, start: 29, end: 38 },
      page: 2,
      section: 'Inspections',
      expected: '6 months',
      explanation: 'The library sets the interval at six months.',
      suggestion: 'Inspect ward doors every 6 months.',
      evidence: [],
    }),
    buildFinding({
      id: FINDING_IDS.missing,
      category: 'missing_section',
      severity: 'medium',
      quote: null,
      location: null,
      page: null,
      section: null,
      expected: 'Training',
      explanation: 'The policy has no training section.',
      suggestion: 'Add a training section saying who is trained and how often.',
      evidence: [],
    }),
  ];
}

export function buildReview(overrides: Partial<Review> = {}): Review {
  return {
    ...buildReviewSummary(0, {
      id: REVIEW_ID,
      title: 'Fire Door Management Policy',
      filename: 'fire-doors.pdf',
      counts: { high: 1, medium: 2, low: 1, open: 4, accepted: 0, dismissed: 0 },
    }),
    format: 'pdf',
    page_count: 2,
    elements: buildElements(),
    findings: buildFindings(),
    abilities: { decide_findings: true, share: true, export: true, new_version: true, delete: true },
    job_id: null,
    comparison: null,
    ...overrides,
  };
}
