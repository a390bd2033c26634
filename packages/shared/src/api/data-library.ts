import { z } from 'zod';
import { isDocumentId } from '../ids.ts';
import { uploadedFile } from './account.ts';

/**
 * The data library (/data-library, flag data-library): an organisation's own documents, read by
 * its members alone — in the wiki, search and chat, cited like the shared library's.
 */

export const DATA_LIBRARY_PAGE_SIZE = 50;

/** What a document is filed under when its uploader says nothing. */
export const DATA_LIBRARY_DEFAULT_TAGS = { category: 'Internal', domain: 'Our organisation', subdomain: 'General' } as const;

export const dataLibraryQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type DataLibraryQuery = z.infer<typeof dataLibraryQuerySchema>;

export const dataLibraryDocumentSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  filename: z.string(),
  category: z.string(),
  domain: z.string(),
  subdomain: z.string(),
  /** How many versions have been uploaded (this one included). */
  versions: z.number().int().min(1),
  elements: z.number().int().min(0),
  /** Who uploaded this version, while their account exists. */
  uploaded_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The caller uploaded it, or is a champion of the organisation: they may change, replace and delete it. */
  may_manage: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DataLibraryDocument = z.infer<typeof dataLibraryDocumentSchema>;

export const dataLibraryResponseSchema = z.object({
  documents: z.array(dataLibraryDocumentSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
});
export type DataLibraryResponse = z.infer<typeof dataLibraryResponseSchema>;

const optionalTag = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** POST /api/data-library/documents (multipart): the file and, optionally, its title and tags. */
export const dataLibraryUploadSchema = z.object({
  file: uploadedFile('Attach exactly one file as the file field'),
  title: optionalTag('Title', 500),
  category: optionalTag('Category', 100),
  domain: optionalTag('Domain', 100),
  subdomain: optionalTag('Subdomain', 200),
});
export type DataLibraryUploadFields = Omit<z.infer<typeof dataLibraryUploadSchema>, 'file'>;

/** POST /api/data-library/documents/:documentId/versions (multipart): the new version's file. */
export const dataLibraryVersionSchema = z.object({ file: uploadedFile('Attach exactly one file as the file field') });

export const dataLibraryDocumentParamsSchema = z.object({
  documentId: z.string().refine(isDocumentId, 'A document id is 26 letters or digits'),
});

const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} must not be empty`).max(max, `${label} must be at most ${max} characters`);

/** POST /api/data-library/documents/:documentId: its title and tags (at least one). */
export const updateDataLibraryDocumentSchema = z
  .strictObject({
    title: text('Title', 500).optional(),
    category: text('Category', 100).optional(),
    domain: text('Domain', 100).optional(),
    subdomain: text('Subdomain', 200).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: 'Give at least one detail to change' });
export type UpdateDataLibraryDocumentInput = z.infer<typeof updateDataLibraryDocumentSchema>;

export const dataLibraryJobParamsSchema = z.object({ jobId: z.string().refine(isDocumentId, 'A job id is 26 letters or digits') });
