import { DATA_LIBRARY_DEFAULT_TAGS, dataLibraryEndpoints } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../core/identity/sessions.ts';
import { requireFlag } from '../../core/flags.ts';
import { type LibraryMember, requireManage } from '../../core/policies/data-library.ts';
import { findLibraryJob } from '../../ingest/jobs.ts';
import { acceptIngestForm, ingestUploadLimits } from '../../ingest/upload.ts';
import { route, uploadRoute } from '../../lib/route.ts';
import type { RouteDeps } from '../../route-deps.ts';
import { deleteOwnDocument, findOwnDocument, listOwnDocuments, refuseLibraryName, updateOwnDocument } from './service.ts';

/**
 * The data library, while its flag is on for the caller (otherwise 404, as the page does not
 * exist): the organisation's own documents, added through the same checked ingestion as the
 * shared library, as that organisation's.
 */
export async function dataLibraryRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, db } = deps;
  const limits = ingestUploadLimits(config.INGEST_MAX_BYTES);

  async function member(auth: AuthContext): Promise<LibraryMember> {
    await requireFlag(db, auth, 'data-library', 'The data library is not turned on for your organisation.');
    return { userId: auth.userId, organisationId: auth.organisationId, roles: auth.roles };
  }

  route(app, dataLibraryEndpoints.documents, { handler: async ({ auth, query }) => listOwnDocuments(db, await member(auth), query) });

  await uploadRoute(app, dataLibraryEndpoints.upload, {
    upload: limits,
    handler: async ({ auth, reply, body, upload }) => {
      const caller = await member(auth);
      if (upload) await refuseLibraryName(db, upload.filename);
      const job = await acceptIngestForm({
        db,
        config,
        signal: deps.jobSignal,
        upload,
        fields: {
          code: undefined,
          issuer: undefined,
          edition: undefined,
          superseded_by: undefined,
          title: body.title,
          category: body.category ?? DATA_LIBRARY_DEFAULT_TAGS.category,
          domain: body.domain ?? DATA_LIBRARY_DEFAULT_TAGS.domain,
          subdomain: body.subdomain ?? DATA_LIBRARY_DEFAULT_TAGS.subdomain,
          status: 'current',
          supersedes: [],
        },
        uploadedBy: caller.userId,
        organisationId: caller.organisationId,
      });
      reply.header('location', `/api/data-library/jobs/${job.id}`);
      return findLibraryJob(db, caller.organisationId, job.id);
    },
  });

  await uploadRoute(app, dataLibraryEndpoints.uploadVersion, {
    upload: limits,
    handler: async ({ auth, reply, params, upload }) => {
      const caller = await member(auth);
      const current = await findOwnDocument(db, caller, params.documentId);
      requireManage(caller, current);
      // The new version keeps the document's name (that is what makes it the same document), title and tags.
      const job = await acceptIngestForm({
        db,
        config,
        signal: deps.jobSignal,
        upload,
        fields: {
          issuer: current.issuer,
          edition: current.edition,
          superseded_by: undefined,
          code: current.code,
          title: current.title,
          category: current.category,
          domain: current.domain,
          subdomain: current.subdomain,
          status: 'current',
          supersedes: [],
        },
        uploadedBy: caller.userId,
        organisationId: caller.organisationId,
        storeAs: current.filename,
      });
      reply.header('location', `/api/data-library/jobs/${job.id}`);
      return findLibraryJob(db, caller.organisationId, job.id);
    },
  });

  route(app, dataLibraryEndpoints.job, {
    handler: async ({ auth, params }) => findLibraryJob(db, (await member(auth)).organisationId, params.jobId.toUpperCase()),
  });

  route(app, dataLibraryEndpoints.update, {
    handler: async ({ auth, params, body }) =>
      updateOwnDocument({ db, member: await member(auth), documentId: params.documentId, input: body }),
  });

  route(app, dataLibraryEndpoints.remove, {
    handler: async ({ auth, params }) => ({
      message: await deleteOwnDocument({ db, member: await member(auth), documentId: params.documentId }),
    }),
  });
}
