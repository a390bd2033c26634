import { readFileSync } from 'node:fs';
import { DOCUMENTS_DIR, loadCorpus, successorCodes } from '@verity/corpus';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { documents } from '../db/schema.ts';
import { sha256 } from '../lib/ids.ts';
import { parseMarkdown } from './markdown.ts';
import { type DocumentMetadata, reviseDocument, storeDocument } from './store.ts';

export interface IngestResult {
  inserted: number;
  /** Stored documents whose file changed but not its edition: revised in place. */
  revised: number;
  skipped: number;
}

interface IngestLog {
  info(object: object, message: string): void;
}

/**
 * Ingest the seed corpus into the external library. Idempotent: a file whose name and content
 * hash are already stored is skipped. A known file name with new content and the same edition as
 * its newest stored row is a correction: that row is revised in place (reviseDocument), keeping
 * its id, favourites and citations. A new edition in the front matter becomes a new document, the
 * newest edition of that file name (storeDocument). One query reads what is stored, so a start
 * with nothing changed costs little.
 */
export async function ingestSeedCorpus(options: { db: Database; log?: IngestLog; dir?: string }): Promise<IngestResult> {
  const { db, log, dir = DOCUMENTS_DIR } = options;
  const started = performance.now();
  const corpus = loadCorpus(dir);
  const stored = await db
    .select({ id: documents.id, filename: documents.filename, contentHash: documents.contentHash, edition: documents.edition })
    .from(documents)
    .where(and(isNull(documents.organisationId), eq(documents.sourceKind, 'corpus')))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  const known = new Set(stored.map((row) => `${row.filename}\n${row.contentHash}`));
  // The newest stored row of each file name (rows come oldest first).
  const newest = new Map(stored.map((row) => [row.filename, row]));

  let inserted = 0;
  let revised = 0;
  let skipped = 0;
  for (const { meta, body } of corpus) {
    const contentHash = sha256(readFileSync(`${dir}/${meta.filename}`));
    if (known.has(`${meta.filename}\n${contentHash}`)) {
      skipped++;
      continue;
    }
    const metadata: DocumentMetadata = {
      code: meta.code,
      title: meta.title,
      category: meta.category,
      domain: meta.domain,
      subdomain: meta.subdomain,
      issuer: meta.issuer,
      edition: meta.edition,
      status: meta.status,
      // The main successor; the others record this edition in their own supersedes lists.
      supersededByCode: successorCodes(meta)[0] ?? null,
      supersedes: meta.supersedes,
      appliesTo: meta.applies_to,
      sources: meta.sources,
    };
    const elements = parseMarkdown(body);
    const previous = newest.get(meta.filename);
    if (previous && previous.edition === meta.edition) {
      await reviseDocument({ db, documentId: previous.id, contentHash, metadata, elements });
      newest.set(meta.filename, { ...previous, contentHash });
      revised++;
    } else {
      const { documentId } = await storeDocument({
        db,
        organisationId: null,
        filename: meta.filename,
        contentHash,
        metadata,
        elements,
        sourceKind: 'corpus',
      });
      newest.set(meta.filename, { id: documentId, filename: meta.filename, contentHash, edition: meta.edition });
      inserted++;
    }
    known.add(`${meta.filename}\n${contentHash}`);
  }
  log?.info({ inserted, revised, skipped, ms: Math.round(performance.now() - started) }, 'seed corpus ingested');
  return { inserted, revised, skipped };
}
