import { ingestEndpoints, type JobStatus } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { untrustedSettingsFrom } from '../../untrusted/pool.ts';
import { INGEST_JOB_KIND } from './job.ts';
import { findJob } from '../../jobs/queue.ts';
import { catalogued, notFound, validationError } from '../../lib/errors.ts';
import { route, uploadRoute } from '../../lib/route.ts';
import { formatMegabytes } from '../../lib/uploads.ts';
import { acceptUpload, presentJob } from './service.ts';

/**
 * The data-ingestion API: another system (or an operator's script) adds documents to the external
 * library, authenticated by the ingestion token (never a user session). The upload is answered at
 * once with a job to poll.
 */
export async function ingestRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, db } = deps;
  const maxBytes = config.INGEST_MAX_BYTES;
  const tooLarge = () => catalogued(413, 'fileTooLarge', `The file is larger than the ingestion limit of ${formatMegabytes(maxBytes)}.`);

  await uploadRoute(app, ingestEndpoints.uploadDocument, {
    upload: { maxBytes, tooLarge, notMultipart: 'Send the file and its details as multipart/form-data' },
    handler: async ({ reply, body, upload }) => {
      if (!upload) throw new Error('the descriptor requires a file');
      if (upload.file.size === 0) throw validationError([{ loc: ['body', 'file'], msg: 'The file is empty' }]);
      const { file: _file, ...fields } = body;
      const job = await acceptUpload({
        db,
        signal: deps.jobSignal,
        maxAttempts: config.JOBS_MAX_ATTEMPTS,
        filename: upload.filename,
        bytes: new Uint8Array(await upload.file.arrayBuffer()),
        fields,
        limits: untrustedSettingsFrom(config).limits,
      });
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
