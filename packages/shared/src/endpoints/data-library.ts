import { messageResponseSchema } from '../api/account.ts';
import {
  DATA_LIBRARY_PAGE_SIZE,
  dataLibraryDocumentParamsSchema,
  dataLibraryDocumentSchema,
  dataLibraryJobParamsSchema,
  dataLibraryQuerySchema,
  dataLibraryResponseSchema,
  dataLibraryUploadSchema,
  dataLibraryVersionSchema,
  updateDataLibraryDocumentSchema,
} from '../api/data-library.ts';
import { libraryJobSchema } from '../api/library.ts';
import { defineEndpoint, json, withRoles } from '../contract/endpoint.ts';

/**
 * The data library (flag data-library; 404 while it is off for the caller): the organisation's own
 * documents, for its members only. Another organisation's document or job is 404. Whoever uploaded
 * a document, and the organisation's champions, may change, replace or delete it.
 */

const STANDARD = withRoles('standard');

export const documents = defineEndpoint({
  id: 'library.documents',
  summary: 'The organisation’s own documents',
  description: `The newest version of each, by title, ${DATA_LIBRARY_PAGE_SIZE} a page, searched by title, code, file name or tag.`,
  method: 'GET',
  path: '/data-library/documents',
  access: STANDARD,
  query: dataLibraryQuerySchema,
  status: 200,
  response: json(dataLibraryResponseSchema),
  errors: [404],
});

export const upload = defineEndpoint({
  id: 'library.upload',
  summary: 'Add a document to the organisation’s library',
  description:
    'A PDF, Word, HTML, Markdown or text file, checked by content and read in the untrusted-work pool like every upload; answered at once ' +
    'with the job to poll. A file name the shared library already uses is 409 (rename the file).',
  method: 'POST',
  path: '/data-library/documents',
  access: STANDARD,
  body: dataLibraryUploadSchema,
  bodyEncoding: 'multipart',
  status: 202,
  response: json(libraryJobSchema),
  errors: [404, 409, 413],
});

export const uploadVersion = defineEndpoint({
  id: 'library.uploadVersion',
  summary: 'Replace a document with a new version',
  description:
    'The new file becomes the newest version under the document’s name, keeping its title and tags; older versions are kept out of sight.',
  method: 'POST',
  path: '/data-library/documents/:documentId/versions',
  access: STANDARD,
  params: dataLibraryDocumentParamsSchema,
  body: dataLibraryVersionSchema,
  bodyEncoding: 'multipart',
  status: 202,
  response: json(libraryJobSchema),
  errors: [403, 404, 413],
});

export const job = defineEndpoint({
  id: 'library.job',
  summary: 'An upload’s job',
  description: 'Polled while the file is read and stored; another organisation’s job is 404.',
  method: 'GET',
  path: '/data-library/jobs/:jobId',
  access: STANDARD,
  params: dataLibraryJobParamsSchema,
  status: 200,
  response: json(libraryJobSchema),
  errors: [404],
});

export const update = defineEndpoint({
  id: 'library.update',
  summary: 'Change a document’s title or tags',
  description: 'Recorded as documents.updated with the fields changed.',
  method: 'POST',
  path: '/data-library/documents/:documentId',
  access: STANDARD,
  params: dataLibraryDocumentParamsSchema,
  body: updateDataLibraryDocumentSchema,
  status: 200,
  response: json(dataLibraryDocumentSchema),
  errors: [403, 404],
});

export const remove = defineEndpoint({
  id: 'library.remove',
  summary: 'Delete a document and all its versions',
  description: 'Its passages and favourites go with it; conversations that cited it keep their text. Recorded as documents.deleted.',
  method: 'DELETE',
  path: '/data-library/documents/:documentId',
  access: STANDARD,
  params: dataLibraryDocumentParamsSchema,
  status: 200,
  response: json(messageResponseSchema),
  errors: [403, 404],
});
