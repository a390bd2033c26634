import { type CreateReviewResponse, createReviewSchema, type JobStatus, REVIEWS_PAGE_SIZE, reviewEndpoints } from '@verity/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import type { JobRow } from '../../jobs/queue.ts';
import { route } from '../../lib/route.ts';
import { acceptMultipart, formFile, readForm } from '../../lib/uploads.ts';
import { parseWith } from '../../lib/validate.ts';
import { type CreateReviewOptions, createReview, createReviewLimiter, createVersion } from './create.ts';
import { reviewFileRoutes } from './files.ts';
import { reviewJob } from './jobs.ts';
import { deleteReview, getReview, listReviews, setSharing, updateFinding } from './reviews.ts';
import { type PolicyLimits, policyFileTooLarge } from './upload.ts';

// Room for the title field and the multipart framing on top of the file.
const FORM_OVERHEAD_BYTES = 64 * 1024;

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

  /** The upload's form, read and validated, as the options every way of starting a review takes. */
  async function uploadOptions(request: FastifyRequest, author: CreateReviewOptions['author']): Promise<CreateReviewOptions> {
    const form = await readForm(request, 'Send the policy file as multipart/form-data');
    const upload = formFile(form, limits.maxBytes, tooLarge);
    const title = form.get('title');
    const fields = parseWith(createReviewSchema, { file: upload.file, ...(typeof title === 'string' ? { title } : {}) }, 'body');
    return { db, signal: deps.jobSignal, maxAttempts: config.JOBS_MAX_ATTEMPTS, limiter, limits, author, upload, title: fields.title };
  }

  const started = (reviewId: string, job: JobRow): CreateReviewResponse => ({
    id: reviewId,
    job_id: job.id,
    status: job.status as JobStatus,
  });

  // A scope of its own: the uploads read multipart themselves, with room for the largest policy file.
  await app.register(async (scope) => {
    acceptMultipart(scope, limits.maxBytes + FORM_OVERHEAD_BYTES, tooLarge);
    route(scope, reviewEndpoints.createReview, {
      readsBody: true,
      handler: async ({ request, reply, auth }) => {
        const { reviewId, job } = await createReview(await uploadOptions(request, auth));
        reply.header('location', `/api/review/reviews/${reviewId}`);
        return started(reviewId, job);
      },
    });
    route(scope, reviewEndpoints.createVersion, {
      readsBody: true,
      handler: async ({ request, reply, auth, params }) => {
        const { reviewId, job } = await createVersion({ ...(await uploadOptions(request, auth)), previousId: params.id });
        reply.header('location', `/api/review/reviews/${reviewId}`);
        return started(reviewId, job);
      },
    });
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
