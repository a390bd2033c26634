import { type JobStatus, type WriteJob, writeJobProgressSchema } from '@verity/shared';
import type { Database } from '../../db/connect.ts';
import { writeDocuments } from '../../db/schema.ts';
import { findJob, type JobRow } from '../../jobs/queue.ts';
import { WRITE_JOB_KIND } from '../../jobs/write.ts';
import { ownWriteJob, type WriteAuthor, writeJobNotFound } from '../../policies/write.ts';

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
  return { job, documentId: document.id };
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
