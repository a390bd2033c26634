import {
  type JobStatus,
  WRITE_CONTENT_MAX_LENGTH,
  WRITE_DOCUMENTS_PAGE_SIZE,
  WRITE_PASTE_MAX_LENGTH,
  writeEndpoints,
  writeContentProblem,
} from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { contentDisposition, DOCX_CONTENT_TYPE } from '../../lib/docx/download.ts';
import { validationError } from '../../lib/errors.ts';
import { route, uploadRoute } from '../../lib/route.ts';
import { createDocument, createWriteLimiter } from './create.ts';
import { deleteDocument, getDocument, listDocuments, presentDocument, presentSummary, renameDocument, saveContent } from './documents.ts';
import { itemEvidence } from './evidence.ts';
import { writeExportRoutes } from './export.ts';
import { findWriteJob, presentWriteJob } from './job-status.ts';
import { SAMPLE_TRANSCRIPT_FILE_NAME, sampleTranscriptDocx } from './sample-transcript.ts';
import { type TranscriptLimits, transcriptFileTooLarge } from './transcripts.ts';

// Room for the form's other fields and the multipart framing on top of the file or the pasted text.
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** The most bytes a pasted transcript can take in UTF-8. */
const PASTE_MAX_BYTES = WRITE_PASTE_MAX_LENGTH * 4;
/** A saved document at its largest (WRITE_CONTENT_MAX_LENGTH characters, most of them multi-byte) and the version beside it. */
const SAVE_BODY_MAX_BYTES = WRITE_CONTENT_MAX_LENGTH * 3 + FORM_OVERHEAD_BYTES;

/**
 * The writing assistant: transcripts in, documents out. Who may call (the standard role, the
 * sample for anyone) comes from the descriptors; that a document is its author's alone comes from
 * the write policy, in the services.
 */
export async function writeRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  const limits: TranscriptLimits = {
    maxBytes: config.WRITE_MAX_BYTES,
    maxCharacters: config.WRITE_MAX_CHARACTERS,
    maxSpeakers: config.WRITE_MAX_SPEAKERS,
  };
  const limiter = createWriteLimiter({ store: deps.rateLimitStore, perHour: config.WRITE_RATE_LIMIT_PER_HOUR });
  const tooLarge = () => transcriptFileTooLarge(limits.maxBytes);

  await uploadRoute(app, writeEndpoints.createDocument, {
    upload: {
      maxBytes: limits.maxBytes,
      maxFieldBytes: PASTE_MAX_BYTES,
      tooLarge,
      notMultipart: 'Send the transcript and what to make of it as multipart/form-data',
      fileOptional: true,
    },
    handler: async ({ reply, auth, body, upload }) => {
      const { documentId, job } = await createDocument({
        db,
        signal: deps.jobSignal,
        maxAttempts: config.JOBS_MAX_ATTEMPTS,
        limiter,
        limits,
        author: auth,
        source: upload ? { file: upload.file, filename: upload.filename } : { text: body.text ?? '' },
        kind: body.kind,
        title: body.title,
        meetingDate: body.meeting_date,
      });
      reply.header('location', `/api/write/documents/${documentId}`);
      return { external_id: documentId, job_id: job.id, status: job.status as JobStatus };
    },
  });

  route(app, writeEndpoints.job, {
    handler: async ({ auth, params }) => {
      const { job, documentId } = await findWriteJob({ db, author: auth, jobId: params.id });
      return presentWriteJob(job, documentId);
    },
  });

  route(app, writeEndpoints.listDocuments, {
    handler: async ({ auth, query }) => {
      const { rows, total } = await listDocuments({ db, author: auth, q: query.q, page: query.page });
      return { documents: rows.map(presentSummary), page: query.page, page_size: WRITE_DOCUMENTS_PAGE_SIZE, total };
    },
  });

  route(app, writeEndpoints.getDocument, {
    handler: async ({ auth, params }) => presentDocument(await getDocument({ db, author: auth, documentId: params.external_id })),
  });

  route(app, writeEndpoints.saveContent, {
    bodyLimit: SAVE_BODY_MAX_BYTES,
    handler: async ({ auth, params, body }) => {
      // A document the editor could not load back is refused before anything is read or written.
      const problem = writeContentProblem(body.content);
      if (problem) throw validationError([{ loc: ['body', 'content', ...problem.path], msg: problem.message }]);
      const saved = await saveContent({ db, author: auth, documentId: params.external_id, content: body.content, version: body.version });
      return { version: saved.version, updated_at: saved.updatedAt.toISOString() };
    },
  });

  route(app, writeEndpoints.renameDocument, {
    handler: async ({ auth, params, body }) =>
      presentSummary(await renameDocument({ db, author: auth, documentId: params.external_id, title: body.title })),
  });

  route(app, writeEndpoints.deleteDocument, {
    handler: async ({ auth, params }) => {
      await deleteDocument({ db, author: auth, documentId: params.external_id });
      return undefined;
    },
  });

  route(app, writeEndpoints.evidence, {
    handler: async ({ auth, params }) => itemEvidence({ db, author: auth, documentId: params.external_id, item: params.item }),
  });

  route(app, writeEndpoints.sampleTranscript, {
    handler: async ({ reply }) =>
      reply
        .header('content-type', DOCX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(SAMPLE_TRANSCRIPT_FILE_NAME))
        // The same file for everyone, for as long as this server runs.
        .header('cache-control', 'public, max-age=3600')
        .send(await sampleTranscriptDocx()),
  });

  await writeExportRoutes(app, deps);
}
