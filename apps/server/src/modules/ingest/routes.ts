import { ingestEndpoints, type JobStatus } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { INGEST_JOB_KIND } from '../../ingest/job.ts';
import { findJob } from '../../jobs/queue.ts';
import { notFound } from '../../lib/errors.ts';
import { route, uploadRoute } from '../../lib/route.ts';
import { acceptIngestForm, ingestUploadLimits, presentJob } from '../../ingest/upload.ts';

/**
 * The data-ingestion API: another system (or an operator's script) adds documents to the external
 * library, authenticated by the ingestion token (never a user session). The upload is answered at
 * once with a job to poll.
 */
export async function ingestRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, db } = deps;

  await uploadRoute(app, ingestEndpoints.uploadDocument, {
    upload: ingestUploadLimits(config.INGEST_MAX_BYTES),
    handler: async ({ reply, body, upload }) => {
      const { file: _file, ...fields } = body;
      const job = await acceptIngestForm({ db, config, signal: deps.jobSignal, upload, fields });
      reply.header('location', `/api/ingest/jobs/${job.id}`);
      return { job_id: job.id, status: job.status as JobStatus };
    },
  });

  route(app, ingestEndpoints.job, {
    handler: async ({ params }) => {
      const job = await findJob({ db, id: params.id.toUpperCase(), kind: INGEST_JOB_KIND });
      if (!job) throw notFound('The requested job could not be found.');
      return presentJob(job);
    },
  });
}
