import {
  type CompareResponse,
  compareQuerySchema,
  type DocumentResponse,
  documentQuerySchema,
  type FilterDataResponse,
  isDocumentId,
  type MyFavouritesResponse,
  type SearchResponse,
  searchQuerySchema,
  type SetFavouriteResponse,
  setFavouriteSchema,
} from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../app.ts';
import { authOf, requireAuth } from '../../lib/auth.ts';
import { createReadLimits } from '../../lib/read-limits.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { parseWith } from '../../lib/validate.ts';
import { compareDocuments } from './compare.ts';
import { searchDocuments } from './search.ts';
import {
  assertElementCountWithin,
  filterData,
  findNewestByFilename,
  findVisibleById,
  listFavourites,
  presentDocument,
  setFavourite,
} from './service.ts';

const DOCUMENT_NOT_FOUND = 'The requested document could not be found.';
const FILENAME_MAX_LENGTH = 255;

/**
 * The regulatory library. Filter data is for standard users (the wiki); a document itself may be
 * opened by any signed-in user, guests included (shared document links). Another organisation's
 * internal document answers exactly as a missing one.
 */
export async function documentsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  const readLimits = createReadLimits({ store: deps.rateLimitStore, config });
  const searchLimits = readLimits('search');
  const compareLimits = readLimits('compare');
  const maxElements = config.DOCUMENT_MAX_ELEMENTS;

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
    await assertElementCountWithin({ db, document, limit: maxElements, purpose: 'show in full' });
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
      await assertElementCountWithin({ db, document, limit: maxElements, purpose: 'show in full' });
      return presentDocument({ db, organisationId, document, highlight: query.element_ids });
    },
  );

  app.post('/docs/set_favourite', { onRequest: requireAuth(['standard']) }, async (request): Promise<SetFavouriteResponse> => {
    const { organisationId, userId } = authOf(request, ['standard']);
    const body = parseWith(setFavouriteSchema, request.body);
    const document = await findVisibleById({ db, organisationId, id: body.external_id });
    if (!document) throw notFound(DOCUMENT_NOT_FOUND);
    await setFavourite({ db, userId, documentId: document.id, like: body.like });
    return { external_id: document.id, like: body.like };
  });

  app.get('/docs/my-favourites', { onRequest: requireAuth(['standard']) }, async (request): Promise<MyFavouritesResponse> => {
    const { organisationId, userId } = authOf(request, ['standard']);
    return listFavourites({ db, userId, organisationId });
  });

  app.get('/docs/search', { onRequest: requireAuth(['standard']), ...searchLimits }, async (request): Promise<SearchResponse> => {
    const { organisationId } = authOf(request, ['standard']);
    const query = parseWith(searchQuerySchema, request.query, 'query');
    return searchDocuments({ db, organisationId, query });
  });

  app.get('/docs/compare', { onRequest: requireAuth(['standard']), ...compareLimits }, async (request): Promise<CompareResponse> => {
    const { organisationId } = authOf(request, ['standard']);
    const query = parseWith(compareQuerySchema, request.query, 'query');
    const [left, right] = await Promise.all([
      findVisibleById({ db, organisationId, id: query.left }),
      findVisibleById({ db, organisationId, id: query.right }),
    ]);
    if (!left || !right) throw notFound(DOCUMENT_NOT_FOUND);
    for (const document of [left, right]) await assertElementCountWithin({ db, document, limit: maxElements, purpose: 'compare' });
    return compareDocuments({ db, left, right });
  });
}
