import { ingestDocumentFormSchema, ingestDocumentResponseSchema, ingestJobParamsSchema, ingestJobResponseSchema } from '../api/ingest.ts';
import { defineEndpoint, INGESTION_TOKEN, json } from '../contract/endpoint.ts';

/**
 * The data-ingestion API: another system (or an operator's script) adds documents to the external
 * library, authenticated by the INGESTION_TOKEN in the `token` header (503 when the server has none).
 */

export const uploadDocument = defineEndpoint({
  id: 'ingest.uploadDocument',
  summary: 'Add a document to the library',
  description:
    'A PDF, Word (.docx), HTML, Markdown or text file with its taxonomy; answered at once with a job to poll (Location header). ' +
    'The same file twice changes nothing; a new file with a known file name becomes its newest edition.',
  method: 'POST',
  path: '/ingest/documents',
  access: INGESTION_TOKEN,
  body: ingestDocumentFormSchema,
  bodyEncoding: 'multipart',
  status: 202,
  response: json(ingestDocumentResponseSchema),
  errors: [400, 413, 503],
});

export const job = defineEndpoint({
  id: 'ingest.job',
  summary: 'An ingestion job',
  description: 'Its status, progress and, once done, the stored document.',
  method: 'GET',
  path: '/ingest/jobs/:id',
  access: INGESTION_TOKEN,
  params: ingestJobParamsSchema,
  status: 200,
  response: json(ingestJobResponseSchema),
  errors: [404, 503],
});
