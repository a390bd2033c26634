import { type DocumentResponse, documentQuerySchema, type FilterDataResponse, isDocumentId } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../app.ts';
import { authOf, requireAuth } from '../../lib/auth.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { parseWith } from '../../lib/validate.ts';
import { filterData, findNewestByFilename, findVisibleById, presentDocument } from './service.ts';

const DOCUMENT_NOT_FOUND = 'The requested document could not be found.';
const FILENAME_MAX_LENGTH = 255;

/**
 * The regulatory library. Filter data is for standard users (the wiki); a document itself may be
 * opened by any signed-in user, guests included (shared document links). Another organisation's
 * internal document answers exactly as a missing one.
 */
export async function documentsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;

  app.get('/chat/filter_data', { onRequest: requireAuth(['standard']) }, async (request): Promise<FilterDataResponse> => {
    const { organisationId } = authOf(request, ['standard']);
    return filterData({ db, organisationId });
  });

  app.get<{ Params: { id: string } }>('/docs/document/:id', { onRequest: requireAuth() }, async (request): Promise<DocumentResponse> => {
    const { organisationId } = authOf(request);
    if (!isDocumentId(request.params.id)) {
      throw validationError([{ loc: ['params', 'id'], msg: 'A document id is 26 letters or digits' }]);
    }
    const query = parseWith(documentQuerySchema, request.query, 'query');
    const document = await findVisibleById({ db, organisationId, id: request.params.id });
    if (!document) throw notFound(DOCUMENT_NOT_FOUND);
    return presentDocument({ db, organisationId, document, highlight: query.element_ids });
  });

  app.get<{ Params: { filename: string } }>(
    '/docs/newest-document-by-filename/:filename',
    { onRequest: requireAuth() },
    async (request): Promise<DocumentResponse> => {
      const { organisationId } = authOf(request);
      const query = parseWith(documentQuerySchema, request.query, 'query');
      const filename = request.params.filename;
      if (filename.length > FILENAME_MAX_LENGTH) throw notFound(DOCUMENT_NOT_FOUND);
      const document = await findNewestByFilename({ db, organisationId, filename });
      if (!document) throw notFound(DOCUMENT_NOT_FOUND);
      return presentDocument({ db, organisationId, document, highlight: query.element_ids });
    },
  );
}
