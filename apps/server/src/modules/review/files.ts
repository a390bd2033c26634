import { reviewEndpoints } from '@verity/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import type { Database } from '../../db/connect.ts';
import { contentDisposition, DOCX_CONTENT_TYPE, datedFileName } from '../../lib/docx/download.ts';
import { untrustedWork } from '../../untrusted/pool.ts';
import { route } from '../../lib/route.ts';
import type { ReviewAuthor } from '../../core/policies/review.ts';
import { recordEvent } from '../../core/events/service.ts';
import { reviewDocumentModel } from './export.ts';
import { getReview, notReviewed } from './reviews.ts';
import { SAMPLE_POLICY_FILE_NAME, samplePolicyPdf } from './sample-policy.ts';

/**
 * The files of the review assistant: a review as Word for the governance committee (anyone who
 * may read the review and holds the standard role: its author, or a colleague while it is shared),
 * and the sample policy PDF for anyone trying the tool.
 */
export async function reviewFileRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  const limits = deps.readLimits('reviewExport');

  route(app, reviewEndpoints.exportReview, {
    ...limits,
    handler: async ({ request, auth, params, reply }) => {
      const review = await getReview({ db, reader: auth, reviewId: params.id });
      if (review.status !== 'ready') throw notReviewed(review.status);
      const now = new Date();
      const file = await untrustedWork().docx(reviewDocumentModel(review, { appUrl: config.APP_URL, exportedAt: now }));
      const dismissed = review.findings.filter((finding) => finding.status === 'dismissed').length;
      await recordExported({
        db,
        reader: auth,
        reviewId: review.id,
        findings: review.findings.length - dismissed,
        dismissed,
        log: request.log,
      });
      return reply
        .header('content-type', DOCX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(datedFileName({ label: 'Policy review', title: review.title, date: now })))
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  });

  route(app, reviewEndpoints.samplePolicy, {
    handler: async ({ reply }) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(SAMPLE_POLICY_FILE_NAME))
        // The same file for everyone, for as long as this server runs.
        .header('cache-control', 'public, max-age=3600')
        .send(Buffer.from(await samplePolicyPdf())),
  });
}

/**
 * One `review.exported` event per download. Reading changes nothing, so there is no transaction to
 * share; a failure is logged (ids only) and otherwise ignored: bookkeeping never stops a download.
 */
async function recordExported(options: {
  db: Database;
  reader: ReviewAuthor;
  reviewId: string;
  findings: number;
  dismissed: number;
  log: FastifyBaseLogger;
}) {
  const { reader, reviewId } = options;
  try {
    await recordEvent(options.db, {
      kind: 'review.exported',
      organisationId: reader.organisationId,
      actorUserId: reader.userId,
      subject: { type: 'review', id: reviewId },
      data: { findings: options.findings, dismissed: options.dismissed },
    });
  } catch (error) {
    options.log.error(
      { err: error, organisationId: reader.organisationId, userId: reader.userId, reviewId },
      'review export event could not be recorded',
    );
  }
}
