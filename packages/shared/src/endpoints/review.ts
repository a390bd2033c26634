import {
  createReviewResponseSchema,
  createReviewSchema,
  listReviewsQuerySchema,
  reviewFindingParamsSchema,
  reviewFindingSchema,
  reviewJobParamsSchema,
  reviewJobSchema,
  reviewListSchema,
  reviewParamsSchema,
  reviewSchema,
  reviewSummarySchema,
  updateFindingSchema,
} from '../api/review.ts';
import { defineEndpoint, EMPTY, file, json, PUBLIC, SIGNED_IN, withRoles } from '../contract/endpoint.ts';

/**
 * The policy review assistant: a policy in, located findings out. Standard role; a review is its
 * author's, and read-only to every member of the author's organisation (guests included) while
 * shared. Anyone else's id answers exactly like a missing one.
 */

const STANDARD = withRoles('standard');
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const UPLOAD_REFUSALS = [400, 413, 422, 429] as const;

export const createReview = defineEndpoint({
  id: 'review.createReview',
  summary: 'Review a policy',
  description:
    'A policy file (PDF, Word, Markdown or text; the type is decided by content). Answered at once with the new review and the ' +
    'job doing it; an empty, unreadable, encrypted, image-only or oversized file is refused and creates nothing.',
  method: 'POST',
  path: '/review/reviews',
  access: STANDARD,
  body: createReviewSchema,
  bodyEncoding: 'multipart',
  status: 202,
  response: json(createReviewResponseSchema),
  errors: [...UPLOAD_REFUSALS],
});

export const createVersion = defineEndpoint({
  id: 'review.createVersion',
  summary: 'Review a new version of a policy',
  description:
    'The same as a new review, linked to this one: the new review shows what was fixed, what is new and what remains. Only the author may.',
  method: 'POST',
  path: '/review/reviews/:id/versions',
  access: STANDARD,
  params: reviewParamsSchema,
  body: createReviewSchema,
  bodyEncoding: 'multipart',
  status: 202,
  response: json(createReviewResponseSchema),
  errors: [...UPLOAD_REFUSALS, 404],
});

export const job = defineEndpoint({
  id: 'review.job',
  summary: 'A review job',
  description: 'Where the review has got to (polled by the page), and why it failed when it did.',
  method: 'GET',
  path: '/review/jobs/:id',
  access: STANDARD,
  params: reviewJobParamsSchema,
  status: 200,
  response: json(reviewJobSchema),
  errors: [404],
  background: true,
});

export const listReviews = defineEndpoint({
  id: 'review.listReviews',
  summary: 'My reviews',
  description: 'Newest first, twenty a page, optionally searched by title or file name.',
  method: 'GET',
  path: '/review/reviews',
  access: STANDARD,
  query: listReviewsQuerySchema,
  status: 200,
  response: json(reviewListSchema),
});

export const getReview = defineEndpoint({
  id: 'review.getReview',
  summary: 'A review: the policy and its findings',
  description:
    "The author's, or one shared with the reader's organisation (guests included, read-only). The policy's blocks, every finding with its location and evidence, and for a new version what changed.",
  method: 'GET',
  path: '/review/reviews/:id',
  access: SIGNED_IN,
  params: reviewParamsSchema,
  status: 200,
  response: json(reviewSchema),
  errors: [404],
});

export const deleteReview = defineEndpoint({
  id: 'review.deleteReview',
  summary: 'Delete a review',
  description: 'The review, its findings and its stored policy text. Only the author may.',
  method: 'DELETE',
  path: '/review/reviews/:id',
  access: STANDARD,
  params: reviewParamsSchema,
  status: 204,
  response: EMPTY,
  errors: [404],
});

export const updateFinding = defineEndpoint({
  id: 'review.updateFinding',
  summary: 'Accept, dismiss or restore a finding',
  description: 'Dismissing needs a reason; restoring makes a finding open again. Only the author may.',
  method: 'PATCH',
  path: '/review/reviews/:id/findings/:finding',
  access: STANDARD,
  params: reviewFindingParamsSchema,
  body: updateFindingSchema,
  status: 200,
  response: json(reviewFindingSchema),
  errors: [404, 409],
});

export const shareReview = defineEndpoint({
  id: 'review.shareReview',
  summary: 'Share a review with the organisation',
  description:
    "Every member of the author's organisation (guests included) can then open it read-only at /review/{id}. Sharing a shared review changes nothing. Only the author may.",
  method: 'POST',
  path: '/review/reviews/:id/share',
  access: STANDARD,
  params: reviewParamsSchema,
  status: 200,
  response: json(reviewSummarySchema),
  errors: [404],
});

export const unshareReview = defineEndpoint({
  id: 'review.unshareReview',
  summary: 'Stop sharing a review',
  description: 'Only its author can open it again at once. Unsharing a private review changes nothing.',
  method: 'DELETE',
  path: '/review/reviews/:id/share',
  access: STANDARD,
  params: reviewParamsSchema,
  status: 200,
  response: json(reviewSummarySchema),
  errors: [404],
});

export const exportReview = defineEndpoint({
  id: 'review.exportReview',
  summary: 'Download the review as Word',
  description:
    'For the governance committee: the summary, the findings table (severity, category, location, quote, fix, evidence) and the quoted passages; dismissed findings are listed apart with their reasons.',
  method: 'GET',
  path: '/review/reviews/:id/docx',
  access: STANDARD,
  params: reviewParamsSchema,
  status: 200,
  response: file(DOCX, 'A .docx named after the policy.'),
  errors: [404, 409, 429],
});

export const samplePolicy = defineEndpoint({
  id: 'review.samplePolicy',
  summary: 'The sample policy',
  description: 'A waste-management policy with known problems, as a PDF, for trying the review assistant.',
  method: 'GET',
  path: '/review/sample-policy',
  access: PUBLIC,
  status: 200,
  response: file('application/pdf', 'A PDF of a fictional trust’s waste-management policy.'),
});
