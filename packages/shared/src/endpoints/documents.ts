import {
  compareQuerySchema,
  compareResponseSchema,
  documentFilenameParamsSchema,
  documentParamsSchema,
  documentQuerySchema,
  documentResponseSchema,
  filterDataResponseSchema,
  myFavouritesResponseSchema,
  recentDocumentsQuerySchema,
  recentDocumentsResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  setFavouriteResponseSchema,
  setFavouriteSchema,
} from '../api/documents.ts';
import { defineEndpoint, json, SIGNED_IN, withRoles } from '../contract/endpoint.ts';

/**
 * The regulatory library (the wiki): the external library plus the caller's organisation's
 * internal documents. Another organisation's internal document answers exactly like a missing one.
 */

export const filterData = defineEndpoint({
  id: 'documents.filterData',
  summary: 'Every document the caller can filter by',
  description: 'The newest edition of each file name, with the distinct categories of current documents.',
  method: 'GET',
  path: '/chat/filter_data',
  access: withRoles('standard'),
  status: 200,
  response: json(filterDataResponseSchema),
});

export const document = defineEndpoint({
  id: 'documents.document',
  summary: 'A document with its elements',
  description: 'Elements in reading order; those named by element_ids come back highlighted. Guests may open shared links.',
  method: 'GET',
  path: '/docs/document/:id',
  access: SIGNED_IN,
  params: documentParamsSchema,
  query: documentQuerySchema,
  status: 200,
  response: json(documentResponseSchema),
  errors: [404],
});

export const newestByFilename = defineEndpoint({
  id: 'documents.newestByFilename',
  summary: 'The newest edition of a file name',
  description: 'The same answer as a document by id, for the last created document with that file name visible to the caller.',
  method: 'GET',
  path: '/docs/newest-document-by-filename/:filename',
  access: SIGNED_IN,
  params: documentFilenameParamsSchema,
  query: documentQuerySchema,
  status: 200,
  response: json(documentResponseSchema),
  errors: [404],
});

export const setFavourite = defineEndpoint({
  id: 'documents.setFavourite',
  summary: 'Like or unlike a document',
  description: 'Idempotent both ways; answers with the favourite status after the call.',
  method: 'POST',
  path: '/docs/set_favourite',
  access: withRoles('standard'),
  body: setFavouriteSchema,
  status: 200,
  response: json(setFavouriteResponseSchema),
  errors: [404],
});

export const myFavourites = defineEndpoint({
  id: 'documents.myFavourites',
  summary: "The caller's favourites",
  description: 'Newest favourite first; documents no longer visible to the caller are left out.',
  method: 'GET',
  path: '/docs/my-favourites',
  access: withRoles('standard'),
  status: 200,
  response: json(myFavouritesResponseSchema),
});

export const recent = defineEndpoint({
  id: 'documents.recent',
  summary: 'Documents the caller opened recently',
  description:
    "Each document once, last opened first, from the reader's documents.opened events; documents no longer visible to the caller " +
    'are left out. Guests see the documents they opened from shared links.',
  method: 'GET',
  path: '/docs/recent',
  access: SIGNED_IN,
  query: recentDocumentsQuerySchema,
  status: 200,
  response: json(recentDocumentsResponseSchema),
});

export const search = defineEndpoint({
  id: 'documents.search',
  summary: 'Full-text search of the library',
  description:
    'Websearch syntax (quotes for phrases, OR, -word) over element text, titles and codes, newest edition of each file name; ' +
    'documents whose code the query names come first; superseded editions score half. Filters: OR within a kind, AND across kinds.',
  method: 'GET',
  path: '/docs/search',
  access: withRoles('standard'),
  query: searchQuerySchema,
  status: 200,
  response: json(searchResponseSchema),
  errors: [429],
});

export const compare = defineEndpoint({
  id: 'documents.compare',
  summary: 'Compare two documents element by element',
  description: 'Rows align the two documents in reading order; changed rows carry word-level segments.',
  method: 'GET',
  path: '/docs/compare',
  access: withRoles('standard'),
  query: compareQuerySchema,
  status: 200,
  response: json(compareResponseSchema),
  errors: [404, 429],
});
