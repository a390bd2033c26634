import { type EmbeddingModel, embed, embedMany } from 'ai';
import { eq, ne, sql } from 'drizzle-orm';
import type { ChatFilters } from '@verity/shared';
import { type Database, rowsOf } from '../db/connect.ts';
import { elementEmbeddings } from '../db/schema.ts';
import { enqueueJob, type JobSignal } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { externalLibrarySql } from '../core/policies/documents.ts';
import { searchable } from '../core/policies/documents.ts';
import type { RetrievePassagesOptions } from './retrieval.ts';
import { embeddingModel } from '../core/provider/models.ts';
import type { EmbeddingSettings } from '../core/provider/settings.ts';

export const EMBED_JOB_KIND = 'embed_library';
/** Elements per embeddings request. */
const BATCH_SIZE = 64;
/** Characters of an element sent to be embedded (its heading first). */
const MAX_TEXT = 2000;
/** Documents the semantic ranking returns, as many as the lexical first page. */
const SEMANTIC_DOCUMENTS = 20;

/** A vector scaled to unit length (so a dot product is the cosine), as float32. */
export function unitVector(values: readonly number[]): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] ?? 0) / norm;
  return vector;
}

function toBytes(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

function fromBytes(bytes: Uint8Array): Float32Array {
  // A copy: the driver's buffer may not be aligned to four bytes.
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** What is embedded for an element: its nearest heading, then its text. */
function embeddingText(row: { text: string; heading_path: string[] }): string {
  const heading = row.heading_path.at(-1);
  return (heading ? `${heading}: ${row.text}` : row.text).slice(0, MAX_TEXT);
}

/**
 * The background job: embeds every passage element that has no vector from the configured model,
 * in batches, after dropping vectors of any other model. Idempotent, so it can run after every
 * ingest and at every start; a provider failure fails the attempt and the queue retries it.
 */
export function embedLibraryJobHandler(settings: EmbeddingSettings): JobHandler {
  const model = embeddingModel(settings);
  return {
    async run({ db, reportProgress }) {
      await db.delete(elementEmbeddings).where(ne(elementEmbeddings.model, settings.model));
      let embedded = 0;
      for (;;) {
        const rows = rowsOf<{ id: string; document_id: string; text: string; heading_path: string[] }>(
          await db.execute(sql`
            select e.id, e.document_id, e.text, e.heading_path
            from document_elements e left join element_embeddings v on v.element_id = e.id
            where v.element_id is null and e.type in ('paragraph', 'list_item', 'table')
            order by e.id
            limit ${BATCH_SIZE}`),
        );
        if (rows.length === 0) break;
        const { embeddings } = await embedMany({
          model,
          values: rows.map(embeddingText),
          maxRetries: settings.maxRetries,
          abortSignal: AbortSignal.timeout(settings.timeoutMs),
        });
        if (embeddings.length !== rows.length) throw new Error('the embeddings provider returned a different number of vectors');
        await db
          .insert(elementEmbeddings)
          .values(
            rows.map((row, i) => ({
              elementId: row.id,
              documentId: row.document_id,
              model: settings.model,
              vector: toBytes(unitVector(embeddings[i] ?? [])),
            })),
          )
          .onConflictDoNothing();
        embedded += rows.length;
        await reportProgress({ embedded });
      }
      return { embedded };
    },
  };
}

/** Queues the embedding job unless one is already waiting (one run embeds everything missing). */
export async function enqueueLibraryEmbedding(options: { db: Database; signal?: JobSignal }): Promise<void> {
  const waiting = rowsOf<{ n: number }>(
    await options.db.execute(sql`select count(*)::int as n from jobs where kind = ${EMBED_JOB_KIND} and status = 'queued'`),
  );
  if (Number(waiting[0]?.n ?? 0) > 0) return;
  await enqueueJob({ db: options.db, kind: EMBED_JOB_KIND, payload: {}, maxAttempts: 5, signal: options.signal });
}

interface LoadedVectors {
  /** count and newest created_at of the rows loaded, to notice new ones. */
  fingerprint: string;
  documentIds: string[];
  vectors: Float32Array[];
}

/**
 * The vectors of one model in memory, reloaded when the table has changed (one small query per
 * search). Memory is 4 bytes per dimension per element: the seed library at 1,536 dimensions is
 * about 45 MB; a much larger library wants pgvector instead (docs/decisions.md).
 */
export class SemanticIndex {
  private loaded: LoadedVectors | null = null;
  private loading: Promise<LoadedVectors> | null = null;

  readonly model: string;

  constructor(model: string) {
    this.model = model;
  }

  private async current(db: Database): Promise<LoadedVectors> {
    const [stamp] = rowsOf<{ n: number; newest: string | null }>(
      await db.execute(sql`select count(*)::int as n, max(created_at)::text as newest from element_embeddings where model = ${this.model}`),
    );
    const fingerprint = `${stamp?.n ?? 0}/${stamp?.newest ?? ''}`;
    if (this.loaded?.fingerprint === fingerprint) return this.loaded;
    this.loading ??= (async () => {
      const rows = await db
        .select({ documentId: elementEmbeddings.documentId, vector: elementEmbeddings.vector })
        .from(elementEmbeddings)
        .where(eq(elementEmbeddings.model, this.model));
      return { fingerprint, documentIds: rows.map((row) => row.documentId), vectors: rows.map((row) => fromBytes(row.vector)) };
    })().finally(() => {
      this.loading = null;
    });
    this.loaded = await this.loading;
    return this.loaded;
  }

  /**
   * Documents the organisation may search under the filters (as the wiki search: visible, newest
   * edition; the organisation's own only with includeInternal), most similar first by their closest element.
   */
  async rank(options: {
    db: Database;
    organisationId: string;
    vector: Float32Array;
    filters: ChatFilters;
    includeInternal: boolean;
  }): Promise<{ id: string; similarity: number }[]> {
    const { db, organisationId, vector, filters, includeInternal } = options;
    const { documentIds, vectors } = await this.current(db);
    const best = new Map<string, number>();
    vectors.forEach((candidate, row) => {
      if (candidate.length !== vector.length) return;
      let dot = 0;
      for (let i = 0; i < vector.length; i++) dot += (candidate[i] ?? 0) * (vector[i] ?? 0);
      const id = documentIds[row] ?? '';
      if (dot > (best.get(id) ?? Number.NEGATIVE_INFINITY)) best.set(id, dot);
    });
    // Visibility and filters are checked in the database for a generous head of the list.
    const head = [...best.entries()].sort((a, b) => b[1] - a[1]).slice(0, SEMANTIC_DOCUMENTS * 4);
    if (head.length === 0) return [];
    const allowed = new Set(
      rowsOf<{ id: string }>(
        await db.execute(sql`
          select d.id from documents d
          where d.id in (${sql.join(
            head.map(([id]) => sql`${id}`),
            sql`, `,
          )})
            and ${searchable(organisationId, { category: filters.category, domain: filters.domain, subdomain: filters.subDomain })}
            ${includeInternal ? sql`` : sql`and ${externalLibrarySql('d')}`}`),
      ).map((row) => row.id),
    );
    return head
      .filter(([id]) => allowed.has(id))
      .slice(0, SEMANTIC_DOCUMENTS)
      .map(([id, similarity]) => ({ id, similarity }));
  }
}

/** One index per database and model, shared by every request of the process. */
const indexes = new WeakMap<Database, Map<string, SemanticIndex>>();

export function semanticIndexFor(db: Database, model: string): SemanticIndex {
  let byModel = indexes.get(db);
  if (!byModel) {
    byModel = new Map();
    indexes.set(db, byModel);
  }
  let index = byModel.get(model);
  if (!index) {
    index = new SemanticIndex(model);
    byModel.set(model, index);
  }
  return index;
}

/** The question's embedding (unit length). */
async function embedQuery(model: EmbeddingModel, text: string, signal: AbortSignal): Promise<Float32Array> {
  const { embedding } = await embed({ model, value: text, maxRetries: 0, abortSignal: signal });
  return unitVector(embedding);
}

/**
 * Retrieval's semantic option for a provider with embeddings: the query embedded and the
 * organisation's documents ranked by it. A provider that fails or is slow leaves search lexical
 * (null) rather than failing the answer: the lexical ranking alone answers well.
 */
export function semanticSearch(options: {
  settings: EmbeddingSettings;
  db: Database;
  organisationId: string;
  signal?: AbortSignal;
}): NonNullable<RetrievePassagesOptions['semantic']> {
  const { settings, db, organisationId, signal } = options;
  return async (query, scope) => {
    const index = semanticIndexFor(db, settings.model);
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    try {
      const vector = await embedQuery(embeddingModel(settings), query, signal ? AbortSignal.any([signal, timeout]) : timeout);
      return await index.rank({ db, organisationId, vector, ...scope });
    } catch {
      return null;
    }
  };
}
