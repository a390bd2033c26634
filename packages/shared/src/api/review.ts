import { z } from 'zod';
import { isDocumentId } from '../ids.ts';
import {
  REVIEW_CATEGORIES,
  REVIEW_DISMISS_REASON_MAX_LENGTH,
  REVIEW_SEARCH_MAX_LENGTH,
  REVIEW_SEVERITIES,
  REVIEW_STAGES,
  REVIEW_TITLE_MAX_LENGTH,
} from './review-values.ts';
import { uploadedFile } from './account.ts';
import { documentElementTypeSchema } from './documents.ts';
import { jobStatusSchema, stagedJobSchema } from './ingest.ts';
import { pagedListSchema, searchPageQuerySchema } from './list-query.ts';

/**
 * The policy review assistant: an uploaded policy becomes located findings, each backed by the
 * library, that its author accepts or dismisses and exports for the governance committee. A
 * review belongs to its author's organisation; its address is /review/{id}.
 */

export const reviewCategorySchema = z.enum(REVIEW_CATEGORIES);
export const reviewSeveritySchema = z.enum(REVIEW_SEVERITIES);
export const reviewStageSchema = z.enum(REVIEW_STAGES);

export const reviewStatusSchema = z.enum(['reviewing', 'ready', 'failed']);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** A finding's state: open until its reader accepts it or dismisses it (with a reason). */
export const findingStatusSchema = z.enum(['open', 'accepted', 'dismissed']);
export type FindingStatus = z.infer<typeof findingStatusSchema>;

/** One block of the reviewed policy, as the page renders it. */
export const policyElementSchema = z.object({
  index: z.number().int(),
  type: documentElementTypeSchema,
  text: z.string(),
  page: z.number().int(),
  heading_path: z.array(z.string()),
  /** A table whose file says its first row is no header row (false); absent when it is one, or unknown. */
  header_row: z.literal(false).optional(),
});
export type PolicyElement = z.infer<typeof policyElementSchema>;

/** A character range of one element's text. */
export const findingLocationSchema = z.object({ element: z.number().int(), start: z.number().int(), end: z.number().int() });
export type FindingLocation = z.infer<typeof findingLocationSchema>;

/** Library passages that support a finding: open /wiki/{document_id}?element_ids=… */
export const findingEvidenceSchema = z.object({
  document_id: z.string(),
  code: z.string(),
  title: z.string(),
  element_ids: z.array(z.string()),
  /** The first supporting passage's text, shortened. */
  excerpt: z.string().nullable(),
});
export type FindingEvidence = z.infer<typeof findingEvidenceSchema>;

export const reviewFindingSchema = z.object({
  id: z.string(),
  category: reviewCategorySchema,
  severity: reviewSeveritySchema,
  status: findingStatusSchema,
  /** The policy's exact text, or null for what is absent (a missing section, role, owner or review date). */
  quote: z.string().nullable(),
  location: findingLocationSchema.nullable(),
  /** Page (PDFs) and the section heading of the quoted text. */
  page: z.number().int().nullable(),
  section: z.string().nullable(),
  /** What is expected instead, in a few words. */
  expected: z.string().nullable(),
  explanation: z.string(),
  suggestion: z.string(),
  evidence: z.array(findingEvidenceSchema),
  dismiss_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type ReviewFinding = z.infer<typeof reviewFindingSchema>;

export const findingCountsSchema = z.object({
  high: z.number().int(),
  medium: z.number().int(),
  low: z.number().int(),
  open: z.number().int(),
  accepted: z.number().int(),
  dismissed: z.number().int(),
});
export type FindingCounts = z.infer<typeof findingCountsSchema>;

export const reviewSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  filename: z.string(),
  status: reviewStatusSchema,
  shared: z.boolean(),
  /** Counts over findings not dismissed, by severity, and by status over all of them. */
  counts: findingCountsSchema,
  /** The review this one is a new version of. */
  previous_id: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** For a new version of a policy: what the previous review found that this one no longer does, and which findings are new. */
export const reviewComparisonSchema = z.object({
  previous_id: z.string(),
  fixed: z.array(reviewFindingSchema.pick({ category: true, severity: true, quote: true, expected: true, explanation: true })),
  new_ids: z.array(z.string()),
  remaining_ids: z.array(z.string()),
});
export type ReviewComparison = z.infer<typeof reviewComparisonSchema>;

export const reviewSchema = reviewSummarySchema.extend({
  format: z.string().nullable(),
  page_count: z.number().int().nullable(),
  elements: z.array(policyElementSchema),
  findings: z.array(reviewFindingSchema),
  /** What the reader may do with it, decided by the server's review policy (the author all of it; a colleague reading a shared review none). */
  abilities: z.object({
    decide_findings: z.boolean(),
    share: z.boolean(),
    export: z.boolean(),
    new_version: z.boolean(),
    delete: z.boolean(),
  }),
  /** The job that reviews it, for its author to follow (GET /api/review/jobs/{id}); null for anyone else. */
  job_id: z.string().nullable(),
  comparison: reviewComparisonSchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewParamsSchema = z.object({ id: z.string().refine(isDocumentId, 'A review id is 26 letters or digits') });
export const reviewFindingParamsSchema = reviewParamsSchema.extend({
  finding: z.string().refine(isDocumentId, 'A finding id is 26 letters or digits'),
});
export const reviewJobParamsSchema = z.object({ id: z.string().refine(isDocumentId, 'A job id is 26 letters or digits') });

/** POST /api/review/reviews and …/{id}/versions (multipart): the policy file, and optionally its title. */
export const createReviewSchema = z.object({
  file: uploadedFile('The policy must be a file'),
  title: z
    .string()
    .trim()
    .max(REVIEW_TITLE_MAX_LENGTH, `The title must be at most ${REVIEW_TITLE_MAX_LENGTH} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type CreateReviewForm = z.infer<typeof createReviewSchema>;

export const createReviewResponseSchema = z.object({ id: z.string(), job_id: z.string(), status: jobStatusSchema });
export type CreateReviewResponse = z.infer<typeof createReviewResponseSchema>;

export const reviewJobProgressSchema = z.object({
  stage: reviewStageSchema,
  /** Blocks read from the policy, and pages for a PDF. */
  elements: z.number().int().optional(),
  pages: z.number().int().optional(),
  /** Findings so far. */
  findings: z.number().int().optional(),
});
export type ReviewJobProgress = z.infer<typeof reviewJobProgressSchema>;

/** GET /api/review/jobs/{id}. */
export const reviewJobSchema = stagedJobSchema(reviewJobProgressSchema, { review_id: z.string() });
export type ReviewJob = z.infer<typeof reviewJobSchema>;

export const listReviewsQuerySchema = searchPageQuerySchema(REVIEW_SEARCH_MAX_LENGTH);
export const reviewListSchema = pagedListSchema('reviews', reviewSummarySchema);
export type ReviewList = z.infer<typeof reviewListSchema>;

/** PATCH /api/review/reviews/{id}/findings/{finding}: accept, dismiss (with a reason) or restore to open. */
export const updateFindingSchema = z
  .object({
    status: findingStatusSchema,
    reason: z
      .string()
      .trim()
      .max(REVIEW_DISMISS_REASON_MAX_LENGTH, `A reason is at most ${REVIEW_DISMISS_REASON_MAX_LENGTH} characters`)
      .optional(),
  })
  .refine((body) => body.status !== 'dismissed' || (body.reason ?? '') !== '', {
    message: 'Give a reason for dismissing the finding',
    path: ['reason'],
  });
export type UpdateFinding = z.infer<typeof updateFindingSchema>;
