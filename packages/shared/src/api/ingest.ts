import { z } from 'zod';
import { isDocumentId } from '../ids.ts';
import { uploadedFile } from './account.ts';

/** File extensions the ingestion CLI picks up in a folder; the format itself is always decided by content. */
export const INGEST_FILE_EXTENSIONS = ['.pdf', '.docx', '.html', '.htm', '.md', '.txt'] as const;

export const jobStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/**
 * A background job that works through stages, as its poll answers it: its progress, the record it
 * writes (`owner`, e.g. `{ review_id }`) and, once failed, why.
 */
export function stagedJobSchema<P extends z.ZodType, O extends z.ZodRawShape>(progress: P, owner: O) {
  return z.object({ id: z.string(), status: jobStatusSchema, progress, ...owner, error: z.string().optional() });
}

/** Where an ingestion job has got to; `elements` and `pages` are known once the file is parsed. */
export const ingestJobProgressSchema = z.object({
  stage: z.enum(['queued', 'parsing', 'storing', 'done']),
  pages: z.number().int().optional(),
  elements: z.number().int().optional(),
});
export type IngestJobProgress = z.infer<typeof ingestJobProgressSchema>;

/** 202 answer of POST /api/ingest/documents: the job to poll. */
export const ingestDocumentResponseSchema = z.object({ job_id: z.string(), status: jobStatusSchema });
export type IngestDocumentResponse = z.infer<typeof ingestDocumentResponseSchema>;

/** GET /api/ingest/jobs/{id}. */
export const ingestJobResponseSchema = z.object({
  id: z.string(),
  status: jobStatusSchema,
  progress: ingestJobProgressSchema,
  /** Attempts made so far (a job that failed unexpectedly is retried with backoff). */
  attempts: z.number().int(),
  /** Set when the job succeeded: the stored document (the existing one when this exact file was already stored). */
  document_id: z.string().optional(),
  /** Set when the job succeeded: false when the file was already stored and nothing changed. */
  created: z.boolean().optional(),
  /** Why the job failed, or why its last attempt failed while it waits for a retry. */
  error: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IngestJobResponse = z.infer<typeof ingestJobResponseSchema>;

export const ingestJobParamsSchema = z.object({ id: z.string().refine(isDocumentId, 'A job id is 26 letters or digits') });

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));
const repeatable = (label: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(z.array(z.string().trim().min(1, `${label} must not be empty`).max(200, `${label} must be at most 200 characters`)).max(50));

/**
 * The form of POST /api/ingest/documents (multipart): the file and its details. The route reads the
 * form by this schema (lib/route.ts), so what is documented is exactly what is accepted.
 */
export const ingestDocumentFormSchema = z
  .object({
    file: uploadedFile('Attach exactly one file as the file field'),
    code: optionalText('Code', 100),
    title: optionalText('Title', 500),
    category: requiredText('Category', 100),
    domain: requiredText('Domain', 100),
    subdomain: requiredText('Subdomain', 200),
    issuer: optionalText('Issuer', 200),
    edition: optionalText('Edition', 100),
    status: z.enum(['current', 'superseded'], { error: 'Status must be current or superseded' }).default('current'),
    superseded_by: optionalText('Superseded by', 100),
    supersedes: repeatable('Supersedes'),
  })
  .refine((fields) => fields.status !== 'superseded' || fields.superseded_by !== undefined, {
    message: 'A superseded document needs superseded_by (the code of the document that replaced it)',
    path: ['superseded_by'],
  });

/** The details given with an ingested file. */
export type IngestDocumentFields = Omit<z.infer<typeof ingestDocumentFormSchema>, 'file'>;
