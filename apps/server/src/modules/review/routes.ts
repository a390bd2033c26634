import { type CreateReviewResponse, type JobStatus, REVIEWS_PAGE_SIZE, reviewEndpoints } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import type { JobRow } from '../../jobs/queue.ts';
import { route, type UploadedFile, uploadRoute } from '../../lib/route.ts';
import { type CreateReviewOptions, createReview, createReviewLimiter, createVersion } from './create.ts';
import { reviewFileRoutes } from './files.ts';
import { reviewJob } from './job-status.ts';
import { deleteReview, getReview, listReviews, setSharing, updateFinding } from './reviews.ts';
import { type PolicyLimits, policyFileTooLarge } from './upload.ts';

/**
 * The policy review assistant: a policy in, located findings out. Who may call (the standard role;
 * reading a review for any member) comes from the descriptors; that a review is its author's, and
 * readable by the organisation only while shared, comes from the review policy, in the services.
 */
export async function reviewRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  const limits: PolicyLimits = { maxBytes: config.REVIEW_MAX_BYTES, maxCharacters: config.REVIEW_MAX_CHARACTERS };
  const limiter = createReviewLimiter({ store: deps.rateLimitStore, perHour: config.REVIEW_RATE_LIMIT_PER_HOUR });
  const tooLarge = () => policyFileTooLarge(limits.maxBytes);

  const upload = { maxBytes: limits.maxBytes, tooLarge, notMultipart: 'Send the policy file as multipart/form-data' };
  /** What every way of starting a review takes from its upload. */
  const uploadOptions = (
    author: CreateReviewOptions['author'],
    file: UploadedFile | null,
    title: string | undefined,
  ): CreateReviewOptions => {
    if (!file) throw new Error('the descriptor requires a file');
    return { db, signal: deps.jobSignal, maxAttempts: config.JOBS_MAX_ATTEMPTS, limiter, limits, author, upload: file, title };
  };

  const started = (reviewId: string, job: JobRow): CreateReviewResponse => ({
    id: reviewId,
    job_id: job.id,
    status: job.status as JobStatus,
  });

  await uploadRoute(app, reviewEndpoints.createReview, {
    upload,
    handler: async ({ reply, auth, body, upload: file }) => {
      const { reviewId, job } = await createReview(uploadOptions(auth, file, body.title));
      reply.header('location', `/api/review/reviews/${reviewId}`);
      return started(reviewId, job);
    },
  });
  await uploadRoute(app, reviewEndpoints.createVersion, {
    upload,
    handler: async ({ reply, auth, params, body, upload: file }) => {
      const { reviewId, job } = await createVersion({ ...uploadOptions(auth, file, body.title), previousId: params.id });
      reply.header('location', `/api/review/reviews/${reviewId}`);
      return started(reviewId, job);
    },
  });

  route(app, reviewEndpoints.job, {
    handler: async ({ auth, params }) => reviewJob({ db, author: auth, jobId: params.id }),
  });

  route(app, reviewEndpoints.listReviews, {
    handler: async ({ auth, query }) => {
      const { reviews, total } = await listReviews({ db, author: auth, q: query.q, page: query.page });
      return { reviews, page: query.page, page_size: REVIEWS_PAGE_SIZE, total };
    },
  });

  route(app, reviewEndpoints.getReview, {
    handler: async ({ auth, params }) => getReview({ db, reader: auth, reviewId: params.id }),
  });

  route(app, reviewEndpoints.deleteReview, {
    handler: async ({ auth, params }) => {
      await deleteReview({ db, author: auth, reviewId: params.id });
      return undefined;
    },
  });

  route(app, reviewEndpoints.updateFinding, {
    handler: async ({ auth, params, body }) =>
      updateFinding({ db, author: auth, reviewId: params.id, findingId: params.finding, status: body.status, reason: body.reason }),
  });

  route(app, reviewEndpoints.shareReview, {
    handler: async ({ auth, params }) => setSharing({ db, author: auth, reviewId: params.id, shared: true }),
  });

  route(app, reviewEndpoints.unshareReview, {
    handler: async ({ auth, params }) => setSharing({ db, author: auth, reviewId: params.id, shared: false }),
  });

  await reviewFileRoutes(app, deps);
}
