import { type JobStatus, type WriteJob, writeJobProgressSchema } from '@verity/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { writeDocuments } from '../../db/schema.ts';
import { findJob, type JobRow } from '../../jobs/queue.ts';
import { watchMarkDue } from '../../jobs/watching.ts';
import { WRITE_JOB_KIND } from './job.ts';
import { ownWriteJob, type WriteAuthor, writeJobNotFound } from '../../core/policies/write.ts';

/**
 * A generation job, when it writes one of the author's documents: a job is reached through its
 * document, so another user's job (or one whose document was deleted) answers like a missing one.
 */
export async function findWriteJob(options: {
  db: Database;
  author: WriteAuthor;
  jobId: string;
}): Promise<{ job: JobRow; documentId: string }> {
  const { db, author, jobId } = options;
  const [document] = await db.select({ id: writeDocuments.id }).from(writeDocuments).where(ownWriteJob(author, jobId));
  const job = document ? await findJob({ db, id: jobId, kind: WRITE_JOB_KIND }) : undefined;
  if (!document || !job) throw writeJobNotFound();
  // Every poll counts, the one that first sees the job finished too: a quick job can end before
  // the page has asked once, and that page still saw it end (jobs/ready-notice.ts).
  await markWatched(db, document.id);
  return { job, documentId: document.id };
}

/** The author's page is watching the generation: noted, at most every WATCH_MARK_MS, for the job to read when it ends. */
async function markWatched(db: Database, documentId: string): Promise<void> {
  await db
    .update(writeDocuments)
    .set({ watchedAt: sql`now()` })
    .where(and(eq(writeDocuments.id, documentId), watchMarkDue(writeDocuments.watchedAt)));
}

export function presentWriteJob(job: JobRow, documentId: string): WriteJob {
  const progress = writeJobProgressSchema.safeParse(job.progress);
  return {
    id: job.id,
    status: job.status as JobStatus,
    progress: progress.success ? progress.data : { stage: 'queued' },
    external_id: documentId,
    ...(job.error ? { error: job.error } : {}),
  };
}
