import { documentsEndpoints } from '@verity/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { route } from '../../lib/route.ts';
import { compareDocuments } from './compare.ts';
import { searchDocuments } from './search.ts';
import { createSearchCache } from '../../search/cache.ts';
import { createEventBuffer } from '../../core/events/service.ts';
import {
  assertElementCountWithin,
  filterData,
  listFavourites,
  listRecentDocuments,
  newestVisibleByFilename,
  presentDocument,
  recordDocumentOpened,
  recordSearch,
  setFavourite,
  visibleDocument,
} from './service.ts';

/**
 * The regulatory library. Another organisation's internal document answers exactly as a missing
 * one (policies/documents.ts).
 */
export async function documentsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  const { readLimits } = deps;
  const maxElements = config.DOCUMENT_MAX_ELEMENTS;
  const searches = createSearchCache({ entries: config.SEARCH_CACHE_ENTRIES });
  const searchEvents = createEventBuffer({ db, log: app.log });
  app.addHook('onClose', () => searchEvents.close());

  route(app, documentsEndpoints.filterData, {
    handler: async ({ auth }) => filterData({ db, organisationId: auth.organisationId }),
  });

  // Opening a document in the reader, by id or by file name, is recorded (documents.opened) for Home's recent documents.
  async function openInReader(options: {
    document: Awaited<ReturnType<typeof visibleDocument>>;
    auth: { organisationId: string; userId: string };
    highlight: readonly string[];
    log: FastifyBaseLogger;
  }) {
    const { document, auth } = options;
    await assertElementCountWithin({ db, document, limit: maxElements, purpose: 'show in full' });
    const answer = await presentDocument({ db, organisationId: auth.organisationId, document, highlight: options.highlight });
    await recordDocumentOpened({ db, organisationId: auth.organisationId, userId: auth.userId, documentId: document.id, log: options.log });
    return answer;
  }

  route(app, documentsEndpoints.document, {
    handler: async ({ request, auth, params, query }) =>
      openInReader({
        document: await visibleDocument({ db, organisationId: auth.organisationId, id: params.id }),
        auth,
        highlight: query.element_ids,
        log: request.log,
      }),
  });

  route(app, documentsEndpoints.newestByFilename, {
    handler: async ({ request, auth, params, query }) =>
      openInReader({
        document: await newestVisibleByFilename({ db, organisationId: auth.organisationId, filename: params.filename }),
        auth,
        highlight: query.element_ids,
        log: request.log,
      }),
  });

  route(app, documentsEndpoints.setFavourite, {
    handler: async ({ auth, body }) => {
      const document = await visibleDocument({ db, organisationId: auth.organisationId, id: body.external_id });
      await setFavourite({ db, userId: auth.userId, documentId: document.id, like: body.like });
      return { external_id: document.id, like: body.like };
    },
  });

  route(app, documentsEndpoints.myFavourites, {
    handler: async ({ auth }) => listFavourites({ db, userId: auth.userId, organisationId: auth.organisationId }),
  });

  route(app, documentsEndpoints.recent, {
    handler: async ({ auth, query }) =>
      listRecentDocuments({ db, userId: auth.userId, organisationId: auth.organisationId, limit: query.limit }),
  });

  route(app, documentsEndpoints.search, {
    ...readLimits('search'),
    handler: async ({ auth, query }) => {
      const response = await searches.answer({
        db,
        organisationId: auth.organisationId,
        query,
        search: () => searchDocuments({ db, organisationId: auth.organisationId, query }),
      });
      await recordSearch({ events: searchEvents, organisationId: auth.organisationId, userId: auth.userId, query, response });
      return response;
    },
  });

  route(app, documentsEndpoints.compare, {
    ...readLimits('compare'),
    handler: async ({ auth, query }) => {
      const [left, right] = await Promise.all([
        visibleDocument({ db, organisationId: auth.organisationId, id: query.left }),
        visibleDocument({ db, organisationId: auth.organisationId, id: query.right }),
      ]);
      for (const document of [left, right]) await assertElementCountWithin({ db, document, limit: maxElements, purpose: 'compare' });
      return compareDocuments({ db, left, right });
    },
  });
}
