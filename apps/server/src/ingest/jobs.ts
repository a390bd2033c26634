import { ADMIN_LIBRARY_JOBS_PAGE_SIZE, type LibraryJob, type LibraryJobsQuery, type LibraryJobsResponse } from '@verity/shared';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { documents, files, jobs, users } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { INGEST_JOB_KIND } from './job.ts';
import { presentJob } from './upload.ts';

/**
 * Ingestion jobs as people follow them: the shared library's (the admin area) or one
 * organisation's (its data library), each with its file's name, who uploaded it, the document it
 * stored and whether a failed one can be retried. A job of another owner is not found.
 */

/** Whose jobs: the shared library's (null) or an organisation's. */
export type JobOwner = string | null;

function ownedBy(owner: JobOwner): SQL {
  return sql`coalesce(${jobs.payload}->>'organisation_id', '') = ${owner ?? ''}`;
}

const jobColumns = {
  job: jobs,
  uploaderFirstname: users.firstname,
  uploaderSurname: users.surname,
  documentId: documents.id,
  documentCode: documents.code,
  documentTitle: documents.title,
  fileId: files.id,
  fileName: files.filename,
};

type JobListRow = {
  job: typeof jobs.$inferSelect;
  uploaderFirstname: string | null;
  uploaderSurname: string | null;
  documentId: string | null;
  documentCode: string | null;
  documentTitle: string | null;
  fileId: string | null;
  fileName: string | null;
};

function presentLibraryJob({ job, ...row }: JobListRow): LibraryJob {
  const payload = job.payload as { filename?: unknown };
  const uploader = row.uploaderFirstname === null ? null : `${row.uploaderFirstname} ${row.uploaderSurname ?? ''}`.trim();
  return {
    ...presentJob(job),
    filename: typeof payload.filename === 'string' ? payload.filename : row.fileName,
    uploaded_by: uploader,
    document:
      row.documentId && row.documentCode !== null && row.documentTitle !== null
        ? { id: row.documentId, code: row.documentCode, title: row.documentTitle }
        : null,
    retryable: job.status === 'failed' && row.fileId !== null,
  };
}

function jobsSelect(db: Database) {
  return db
    .select(jobColumns)
    .from(jobs)
    .leftJoin(users, sql`${users.id} = ${jobs.payload}->>'uploaded_by'`)
    .leftJoin(documents, sql`${jobs.status} = 'succeeded' and ${documents.id} = ${jobs.result}->>'document_id'`)
    .leftJoin(files, sql`${files.id} = ${jobs.payload}->>'file_id'`);
}

/** One page of ingestion jobs, newest first. */
export async function listLibraryJobs(db: Database, owner: JobOwner, query: LibraryJobsQuery): Promise<LibraryJobsResponse> {
  const where = and(eq(jobs.kind, INGEST_JOB_KIND), ownedBy(owner), query.status ? eq(jobs.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    jobsSelect(db)
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(ADMIN_LIBRARY_JOBS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_LIBRARY_JOBS_PAGE_SIZE),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { jobs: rows.map(presentLibraryJob), total: Number(total?.n ?? 0), page: query.page, page_size: ADMIN_LIBRARY_JOBS_PAGE_SIZE };
}

export async function findLibraryJob(db: Database, owner: JobOwner, jobId: string): Promise<LibraryJob> {
  const [row] = await jobsSelect(db).where(and(eq(jobs.id, jobId), eq(jobs.kind, INGEST_JOB_KIND), ownedBy(owner)));
  if (!row) throw notFound('The requested job could not be found.');
  return presentLibraryJob(row);
}
