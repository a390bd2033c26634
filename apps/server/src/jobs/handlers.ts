import { EMBED_JOB_KIND, type EmbeddingSettings, embedLibraryJobHandler, enqueueLibraryEmbedding } from '../ai/embeddings.ts';
import { INGEST_JOB_KIND, ingestJobHandler } from './ingest.ts';
import type { JobHandler } from './worker.ts';

/**
 * The background jobs this server runs: ingestion, and with embeddings configured the embedding of
 * the library, queued again in the transaction that completes each ingest so new documents join
 * semantic search.
 */
export function jobHandlers(embeddings: EmbeddingSettings | null): Record<string, JobHandler> {
  if (!embeddings) return { [INGEST_JOB_KIND]: ingestJobHandler };
  return {
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
