import { z } from 'zod';

/** File extensions the ingestion CLI picks up in a folder; the format itself is always decided by content. */
export const INGEST_FILE_EXTENSIONS = ['.pdf', '.docx', '.html', '.htm', '.md', '.txt'] as const;

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** Where an ingestion job has got to; `elements` and `pages` are known once the file is parsed. */
export interface IngestJobProgress {
  stage: 'queued' | 'parsing' | 'storing' | 'done';
  pages?: number;
  elements?: number;
}

/** 202 answer of POST /api/ingest/documents: the job to poll. */
export interface IngestDocumentResponse {
  job_id: string;
  status: JobStatus;
}

/** GET /api/ingest/jobs/{id}. */
export interface IngestJobResponse {
  id: string;
  status: JobStatus;
  progress: IngestJobProgress;
  /** Attempts made so far (a job that failed unexpectedly is retried with backoff). */
  attempts: number;
  /** Set when the job succeeded: the stored document (the existing one when this exact file was already stored). */
  document_id?: string;
  /** Set when the job succeeded: false when the file was already stored and nothing changed. */
  created?: boolean;
  /** Why the job failed, or why its last attempt failed while it waits for a retry. */
  error?: string;
  created_at: string;
  updated_at: string;
}

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

/** The text fields of POST /api/ingest/documents (multipart, next to the `file` part). */
export const ingestDocumentFieldsSchema = z
  .object({
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

export type IngestDocumentFields = z.infer<typeof ingestDocumentFieldsSchema>;
