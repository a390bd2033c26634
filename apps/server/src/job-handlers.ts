import { EMBED_JOB_KIND, embedLibraryJobHandler, enqueueLibraryEmbedding } from './ai/embeddings.ts';
import type { ReviewEngine } from './review/types.ts';
import type { WriteEngine } from './write/types.ts';
import { INGEST_JOB_KIND, ingestJobHandler } from './ingest/job.ts';
import { REVIEW_JOB_KIND, reviewJobHandler } from './modules/review/job.ts';
import type { JobHandler } from './jobs/worker.ts';
import { WRITE_JOB_KIND, writeJobHandler } from './modules/write/job.ts';
import { READY_NOTICE_JOB_KIND, readyNoticeJobHandler } from './jobs/ready-notice.ts';
import type { EmbeddingSettings } from './core/provider/settings.ts';

/**
 * The background jobs this server runs: ingestion, writing documents from transcripts with the
 * configured writing engine, reviewing uploaded policies with the configured reviewer, and with embeddings configured the
 * embedding of the library, queued again in the transaction that completes each ingest so new
 * documents join semantic search.
 */
export function jobHandlers(options: {
  embeddings: EmbeddingSettings | null;
  writeEngine: WriteEngine;
  reviewEngine: ReviewEngine;
}): Record<string, JobHandler> {
  const { embeddings } = options;
  const common = {
    [WRITE_JOB_KIND]: writeJobHandler({ engine: options.writeEngine }),
    [REVIEW_JOB_KIND]: reviewJobHandler({ engine: options.reviewEngine }),
    [READY_NOTICE_JOB_KIND]: readyNoticeJobHandler(),
  };
  if (!embeddings) return { ...common, [INGEST_JOB_KIND]: ingestJobHandler };
  return {
    ...common,
    [INGEST_JOB_KIND]: {
      ...ingestJobHandler,
      async onSucceeded(tx, job) {
        await ingestJobHandler.onSucceeded?.(tx, job);
        await enqueueLibraryEmbedding({ db: tx });
      },
    },
    [EMBED_JOB_KIND]: embedLibraryJobHandler(embeddings),
  };
}
