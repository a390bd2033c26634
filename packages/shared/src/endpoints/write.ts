import {
  createWriteDocumentResponseSchema,
  createWriteDocumentSchema,
  listWriteDocumentsQuerySchema,
  renameWriteDocumentSchema,
  saveWriteContentResponseSchema,
  saveWriteContentSchema,
  writeDocumentListSchema,
  writeDocumentParamsSchema,
  writeDocumentSchema,
  writeDocumentSummarySchema,
  writeEvidenceParamsSchema,
  writeEvidenceSchema,
  writeJobParamsSchema,
  writeJobSchema,
} from '../api/write.ts';
import { defineEndpoint, EMPTY, file, json, PUBLIC, withRoles } from '../contract/endpoint.ts';

/**
 * The writing assistant: transcripts become documents their author edits and exports. Standard
 * role; a document is its author's alone, so anyone else's id answers exactly like a missing one.
 */

const STANDARD = withRoles('standard');
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const createDocument = defineEndpoint({
  id: 'write.createDocument',
  summary: 'Write a document from a meeting transcript',
  description:
    'A transcript file (.docx, .txt, .md, .vtt, .srt) or pasted text, and what to produce. Answered at once with the new ' +
    'document and the job writing it; an empty, unreadable or oversized transcript is refused and creates nothing.',
  method: 'POST',
  path: '/write/documents',
  access: STANDARD,
  body: createWriteDocumentSchema,
  bodyEncoding: 'multipart',
  status: 202,
  response: json(createWriteDocumentResponseSchema),
  errors: [400, 413, 422, 429],
});

export const job = defineEndpoint({
  id: 'write.job',
  summary: 'A writing job',
  description: 'Where generation has got to (polled by the page), and why it failed when it did.',
  method: 'GET',
  path: '/write/jobs/:id',
  access: STANDARD,
  params: writeJobParamsSchema,
  status: 200,
  response: json(writeJobSchema),
  errors: [404],
  background: true,
});

export const listDocuments = defineEndpoint({
  id: 'write.listDocuments',
  summary: 'My documents',
  description: 'Newest first, twenty a page, optionally searched by title.',
  method: 'GET',
  path: '/write/documents',
  access: STANDARD,
  query: listWriteDocumentsQuerySchema,
  status: 200,
  response: json(writeDocumentListSchema),
});

export const getDocument = defineEndpoint({
  id: 'write.getDocument',
  summary: 'A document',
  description: 'Its content, version, and what was found in the transcript.',
  method: 'GET',
  path: '/write/documents/:external_id',
  access: STANDARD,
  params: writeDocumentParamsSchema,
  status: 200,
  response: json(writeDocumentSchema),
  errors: [404],
});

export const saveContent = defineEndpoint({
  id: 'write.saveContent',
  summary: 'Save a document’s content',
  description: 'Refused with 409 when the document was saved from elsewhere since the version named.',
  method: 'PATCH',
  path: '/write/documents/:external_id/content',
  access: STANDARD,
  params: writeDocumentParamsSchema,
  body: saveWriteContentSchema,
  status: 200,
  response: json(saveWriteContentResponseSchema),
  errors: [404, 409, 413, 422],
  background: true,
});

export const renameDocument = defineEndpoint({
  id: 'write.renameDocument',
  summary: 'Rename a document',
  method: 'PATCH',
  path: '/write/documents/:external_id',
  access: STANDARD,
  params: writeDocumentParamsSchema,
  body: renameWriteDocumentSchema,
  status: 200,
  response: json(writeDocumentSummarySchema),
  errors: [404, 422],
});

export const deleteDocument = defineEndpoint({
  id: 'write.deleteDocument',
  summary: 'Delete a document',
  method: 'DELETE',
  path: '/write/documents/:external_id',
  access: STANDARD,
  params: writeDocumentParamsSchema,
  status: 204,
  response: EMPTY,
  errors: [404],
});

export const exportDocument = defineEndpoint({
  id: 'write.exportDocument',
  summary: 'Download a document as Word',
  description: 'The saved content as a .docx named after the document’s title.',
  method: 'GET',
  path: '/write/documents/:external_id/docx',
  access: STANDARD,
  params: writeDocumentParamsSchema,
  status: 200,
  response: file(DOCX, 'A .docx file named after the document’s title.'),
  errors: [404, 409, 429],
});

export const evidence = defineEndpoint({
  id: 'write.evidence',
  summary: 'Where a decision or action came from',
  description: 'The transcript lines it was taken from, with a line either side.',
  method: 'GET',
  path: '/write/documents/:external_id/evidence/:item',
  access: STANDARD,
  params: writeEvidenceParamsSchema,
  status: 200,
  response: json(writeEvidenceSchema),
  errors: [404],
});

export const sampleTranscript = defineEndpoint({
  id: 'write.sampleTranscript',
  summary: 'The sample meeting transcript',
  description: 'A Water Safety Group meeting transcript as a Word document, for trying the writing assistant.',
  method: 'GET',
  path: '/write/sample-transcript',
  access: PUBLIC,
  status: 200,
  response: file(DOCX, 'A Word transcript of a fictional Water Safety Group meeting.'),
});
