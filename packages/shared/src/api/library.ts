import { z } from 'zod';
import { isDocumentId } from '../ids.ts';
import { documentStatusSchema } from './documents.ts';
import { ingestJobResponseSchema, jobStatusSchema } from './ingest.ts';

/** Managing the regulatory library in the admin area: its documents, their details and the ingestion jobs. */

export const ADMIN_LIBRARY_PAGE_SIZE = 50;

/** GET /api/admin/library: the shared library's documents by code, searched by code, title or file name. */
export const adminLibraryQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  status: documentStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminLibraryQuery = z.infer<typeof adminLibraryQuerySchema>;

export const adminLibraryDocumentSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  filename: z.string(),
  category: z.string(),
  domain: z.string(),
  subdomain: z.string(),
  issuer: z.string(),
  edition: z.string(),
  status: documentStatusSchema,
  /** The code of the document that replaced it, when superseded. */
  superseded_by: z.string().nullable(),
  /** The codes it replaces. */
  supersedes: z.array(z.string()),
  /** seed: part of Verity's built-in library (restored at every start); upload: added by an administrator or the ingestion API. */
  source: z.enum(['seed', 'upload']),
  /** A later file of the same name is stored: readers see that one instead. */
  newer_edition: z.boolean(),
  elements: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminLibraryDocument = z.infer<typeof adminLibraryDocumentSchema>;

export const adminLibraryResponseSchema = z.object({
  documents: z.array(adminLibraryDocumentSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
});
export type AdminLibraryResponse = z.infer<typeof adminLibraryResponseSchema>;

export const libraryDocumentParamsSchema = z.object({
  documentId: z.string().refine(isDocumentId, 'A document id is 26 letters or digits'),
});

const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} must not be empty`).max(max, `${label} must be at most ${max} characters`);

/** POST /api/admin/library/:documentId: the details to change (at least one). */
export const updateLibraryDocumentSchema = z
  .strictObject({
    code: text('Code', 100).optional(),
    title: text('Title', 500).optional(),
    edition: z.string().trim().max(100, 'Edition must be at most 100 characters').optional(),
    status: z.enum(documentStatusSchema.options, { error: 'Status must be current or superseded' }).optional(),
    superseded_by: text('Superseded by', 100).nullable().optional(),
    category: text('Category', 100).optional(),
    domain: text('Domain', 100).optional(),
    subdomain: text('Subdomain', 200).optional(),
    issuer: z.string().trim().max(200, 'Issuer must be at most 200 characters').optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: 'Give at least one detail to change' });
export type UpdateLibraryDocumentInput = z.infer<typeof updateLibraryDocumentSchema>;

/** POST /api/admin/library/:documentId/supersede: the document that replaces it. */
export const supersedeDocumentSchema = z.strictObject({
  superseded_by_id: z.string().refine(isDocumentId, 'Choose the document that replaces this one'),
});
export type SupersedeDocumentInput = z.infer<typeof supersedeDocumentSchema>;

export const supersedeDocumentResponseSchema = z.object({
  document: adminLibraryDocumentSchema,
  /** How many people the radar told about the new edition. */
  told: z.number().int().min(0),
  message: z.string(),
});
export type SupersedeDocumentResponse = z.infer<typeof supersedeDocumentResponseSchema>;

export const reindexDocumentResponseSchema = z.object({ document: adminLibraryDocumentSchema, message: z.string() });
export type ReindexDocumentResponse = z.infer<typeof reindexDocumentResponseSchema>;

export const ADMIN_LIBRARY_JOBS_PAGE_SIZE = 25;

export const libraryJobsQuerySchema = z.strictObject({
  status: jobStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type LibraryJobsQuery = z.infer<typeof libraryJobsQuerySchema>;

/** An ingestion job as the admin area lists it: the poll's answer with its file and what it stored. */
export const libraryJobSchema = ingestJobResponseSchema.extend({
  /** The uploaded file's name (null for a job queued before names were kept). */
  filename: z.string().nullable(),
  /** The administrator who uploaded it, or null for the ingestion API. */
  uploaded_by: z.string().nullable(),
  /** The stored document, once the job succeeded and while it exists. */
  document: z.object({ id: z.string(), code: z.string(), title: z.string() }).nullable(),
  /** Failed, and its file is still kept, so it can be queued again. */
  retryable: z.boolean(),
});
export type LibraryJob = z.infer<typeof libraryJobSchema>;

export const libraryJobsResponseSchema = z.object({
  jobs: z.array(libraryJobSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
});
export type LibraryJobsResponse = z.infer<typeof libraryJobsResponseSchema>;

export const libraryJobParamsSchema = z.object({ jobId: z.string().refine(isDocumentId, 'A job id is 26 letters or digits') });
