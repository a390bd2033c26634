import {
  type ApiErrorBody,
  ERROR_CODES,
  INGESTION_TOKEN_HEADER,
  type IngestDocumentResponse,
  type IngestJobResponse,
  ingestDocumentFieldsSchema,
  isDocumentId,
  type JobStatus,
} from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../app.ts';
import { parseSettingsFrom } from '../../ingest/isolated.ts';
import { INGEST_JOB_KIND } from '../../jobs/ingest.ts';
import { findJob } from '../../jobs/queue.ts';
import { catalogued, notFound, unauthorised, validationError } from '../../lib/errors.ts';
import { acceptMultipart, formatMegabytes, formFile, readForm } from '../../lib/uploads.ts';
import { parseWith } from '../../lib/validate.ts';
import { acceptUpload, presentJob, tokenMatches } from './service.ts';

// Room for the text fields and multipart framing on top of the largest file allowed.
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/**
 * The data-ingestion API: another system (or an operator's script) adds documents to the external
 * library. It is authenticated by the `token` header against INGESTION_TOKEN, never by a user
 * session; without INGESTION_TOKEN it answers 503. The upload is answered at once with a job to poll.
 */
export async function ingestRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, db } = deps;
  const maxBytes = config.INGEST_MAX_BYTES;
  const tooLarge = () => catalogued(413, 'fileTooLarge', `The file is larger than the ingestion limit of ${formatMegabytes(maxBytes)}.`);

  // A scope of its own: this API reads multipart itself (it needs the file name, and its own size limit).
  await app.register(async (scope) => {
    acceptMultipart(scope, maxBytes + FORM_OVERHEAD_BYTES, tooLarge);

    scope.addHook('onRequest', async (request, reply) => {
      if (!config.INGESTION_TOKEN) {
        // Answered here: the shared error handler words every 5xx as our fault, and this one needs its reason.
        const entry = ERROR_CODES.serviceUnavailable;
        const body: ApiErrorBody = {
          error_code: entry.code,
          error_title: entry.title,
          message: 'The ingestion API is not configured on this server (INGESTION_TOKEN is not set).',
          request_id: request.id,
        };
        return reply.status(503).send(body);
      }
      const header = request.headers[INGESTION_TOKEN_HEADER];
      const presented = Array.isArray(header) ? header[0] : header;
      if (!presented || !tokenMatches(presented, config.INGESTION_TOKEN)) {
        throw unauthorised('A valid ingestion token is required in the token header.');
      }
    });

    scope.post('/ingest/documents', async (request, reply): Promise<IngestDocumentResponse> => {
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
        limits: parseSettingsFrom(config).limits,
      });
      reply.status(202).header('location', `/api/ingest/jobs/${job.id}`);
      return { job_id: job.id, status: job.status as JobStatus };
    });

    scope.get<{ Params: { id: string } }>('/ingest/jobs/:id', async (request): Promise<IngestJobResponse> => {
      if (!isDocumentId(request.params.id)) {
        throw validationError([{ loc: ['params', 'id'], msg: 'A job id is 26 letters or digits' }]);
      }
      const job = await findJob({ db, id: request.params.id.toUpperCase(), kind: INGEST_JOB_KIND });
      if (!job) throw notFound('The requested job could not be found.');
      return presentJob(job);
    });
  });
}
