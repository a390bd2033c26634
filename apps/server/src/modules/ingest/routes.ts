import { ingestDocumentFieldsSchema, ingestEndpoints, type JobStatus } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { untrustedSettingsFrom } from '../../untrusted/pool.ts';
import { INGEST_JOB_KIND } from '../../jobs/ingest.ts';
import { findJob } from '../../jobs/queue.ts';
import { catalogued, notFound, validationError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { acceptMultipart, formatMegabytes, formFile, readForm } from '../../lib/uploads.ts';
import { parseWith } from '../../lib/validate.ts';
import { acceptUpload, presentJob } from './service.ts';

// Room for the text fields and multipart framing on top of the largest file allowed.
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/**
 * The data-ingestion API: another system (or an operator's script) adds documents to the external
 * library, authenticated by the ingestion token (never a user session). The upload is answered at
 * once with a job to poll.
 */
export async function ingestRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, db } = deps;
  const maxBytes = config.INGEST_MAX_BYTES;
  const tooLarge = () => catalogued(413, 'fileTooLarge', `The file is larger than the ingestion limit of ${formatMegabytes(maxBytes)}.`);

  // A scope of its own: this API reads multipart itself (it needs the file name, and its own size limit).
  await app.register(async (scope) => {
    acceptMultipart(scope, maxBytes + FORM_OVERHEAD_BYTES, tooLarge);

    route(scope, ingestEndpoints.uploadDocument, {
      readsBody: true,
      handler: async ({ request, reply }) => {
        const form = await readForm(request, 'Send the file and its details as multipart/form-data');
        const { file: upload, filename } = formFile(form, maxBytes, tooLarge);
        if (upload.size === 0) throw validationError([{ loc: ['body', 'file'], msg: 'The file is empty' }]);

        const values: Record<string, string | string[]> = {};
        for (const key of new Set(form.keys())) {
          if (key === 'file') continue;
          const entries = form.getAll(key).filter((entry): entry is string => typeof entry === 'string');
          values[key] = entries.length === 1 && key !== 'supersedes' ? (entries[0] as string) : entries;
        }
        const fields = parseWith(ingestDocumentFieldsSchema, values, 'body');
        const job = await acceptUpload({
          db,
          signal: deps.jobSignal,
          maxAttempts: config.JOBS_MAX_ATTEMPTS,
          filename,
          bytes: new Uint8Array(await upload.arrayBuffer()),
          fields,
          limits: untrustedSettingsFrom(config).limits,
        });
        reply.header('location', `/api/ingest/jobs/${job.id}`);
        return { job_id: job.id, status: job.status as JobStatus };
      },
    });
  });

  route(app, ingestEndpoints.job, {
    handler: async ({ params }) => {
      const job = await findJob({ db, id: params.id.toUpperCase(), kind: INGEST_JOB_KIND });
      if (!job) throw notFound('The requested job could not be found.');
      return presentJob(job);
    },
  });
}
