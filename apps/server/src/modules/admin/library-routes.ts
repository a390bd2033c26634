import { adminEndpoints } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import { embeddingSettingsFor } from '../../core/provider/settings.ts';
import { acceptIngestForm, ingestUploadLimits, retryIngestion } from '../../ingest/upload.ts';
import { route, uploadRoute } from '../../lib/route.ts';
import type { RouteDeps } from '../../route-deps.ts';
import { findLibraryJob, listLibraryJobs } from '../../ingest/jobs.ts';
import { deleteLibraryDocument, listLibrary, reindexLibraryDocument, supersedeLibraryDocument, updateLibraryDocument } from './library.ts';

/** The shared regulatory library in the admin area: documents, uploads through the ingestion job, and the jobs. */
export async function adminLibraryRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, db } = deps;

  route(app, adminEndpoints.library, { handler: async ({ query }) => listLibrary(db, query) });

  await uploadRoute(app, adminEndpoints.uploadLibraryDocument, {
    upload: ingestUploadLimits(config.INGEST_MAX_BYTES),
    handler: async ({ auth, reply, body, upload }) => {
      const { file: _file, ...fields } = body;
      const job = await acceptIngestForm({ db, config, signal: deps.jobSignal, upload, fields, uploadedBy: auth.userId });
      reply.header('location', `/api/admin/library/jobs/${job.id}`);
      return findLibraryJob(db, null, job.id);
    },
  });

  route(app, adminEndpoints.updateLibraryDocument, {
    handler: async ({ auth, params, body }) =>
      updateLibraryDocument({ db, adminId: auth.userId, documentId: params.documentId, input: body }),
  });

  route(app, adminEndpoints.supersedeLibraryDocument, {
    handler: async ({ auth, params, body }) =>
      supersedeLibraryDocument({ db, adminId: auth.userId, documentId: params.documentId, supersededById: body.superseded_by_id }),
  });

  route(app, adminEndpoints.reindexLibraryDocument, {
    handler: async ({ auth, params }) =>
      reindexLibraryDocument({
        db,
        adminId: auth.userId,
        documentId: params.documentId,
        semanticSearch: embeddingSettingsFor(config) !== null,
      }),
  });

  route(app, adminEndpoints.deleteLibraryDocument, {
    handler: async ({ auth, params }) => ({
      message: await deleteLibraryDocument({ db, adminId: auth.userId, documentId: params.documentId }),
    }),
  });

  route(app, adminEndpoints.libraryJobs, { handler: async ({ query }) => listLibraryJobs(db, null, query) });

  route(app, adminEndpoints.libraryJob, { handler: async ({ params }) => findLibraryJob(db, null, params.jobId.toUpperCase()) });

  route(app, adminEndpoints.retryLibraryJob, {
    handler: async ({ auth, params }) => {
      const job = await retryIngestion({ db, id: params.jobId.toUpperCase(), actorUserId: auth.userId, signal: deps.jobSignal });
      return findLibraryJob(db, null, job.id);
    },
  });
}
