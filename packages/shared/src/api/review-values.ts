/**
 * The policy review's plain values: categories and their labels, severities, sections, limits and
 * stages, apart from its schemas (review.ts). The pages read them as they render; the schemas,
 * built with zod, load only with a form's check (see docs/architecture.md, the browser bundle).
 */

/** What a finding is about, in the order the page groups them. */
export const REVIEW_CATEGORIES = [
  'outdated_reference',
  'unknown_reference',
  'factual_error',
  'missing_statutory_role',
  'missing_section',
  'review_date',
  'missing_owner',
  'broken_cross_reference',
  'inconsistent_term',
  'undefined_acronym',
] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];

export const REVIEW_CATEGORY_LABELS: Record<ReviewCategory, string> = {
  outdated_reference: 'Outdated reference',
  unknown_reference: 'Unknown reference',
  factual_error: 'Contradicts the library',
  missing_statutory_role: 'Missing statutory role',
  missing_section: 'Missing section',
  review_date: 'Review date',
  missing_owner: 'No owner or approving committee',
  broken_cross_reference: 'Broken cross-reference',
  inconsistent_term: 'Inconsistent term',
  undefined_acronym: 'Undefined acronym',
};

export const REVIEW_SEVERITIES = ['high', 'medium', 'low'] as const;
export type ReviewSeverity = (typeof REVIEW_SEVERITIES)[number];

/** The essential sections a policy is expected to have (missing_section names one of these). */
export const POLICY_SECTIONS = [
  'purpose',
  'scope',
  'roles and responsibilities',
  'definitions',
  'procedure',
  'training',
  'monitoring and audit',
  'review date',
  'version control',
  'equality impact assessment',
] as const;
export type PolicySection = (typeof POLICY_SECTIONS)[number];

export const REVIEW_TITLE_MAX_LENGTH = 200;
export const REVIEW_SEARCH_MAX_LENGTH = 200;
export const REVIEWS_PAGE_SIZE = 20;
export const REVIEW_DISMISS_REASON_MAX_LENGTH = 500;
/** The policy file types the page offers; the format itself is always decided by content. */
export const REVIEW_FILE_EXTENSIONS = ['.pdf', '.docx', '.md', '.txt'] as const;

/** Where a review has got to, in the order the page shows the stages. */
export const REVIEW_STAGES = ['queued', 'reading', 'references', 'structure', 'roles', 'terms', 'library', 'done'] as const;
export type ReviewStage = (typeof REVIEW_STAGES)[number];
