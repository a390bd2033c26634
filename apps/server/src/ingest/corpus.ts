import { readFileSync } from 'node:fs';
import { DOCUMENTS_DIR, loadCorpus } from '@verity/corpus';
import type { Database } from '../db/connect.ts';
import { documents } from '../db/schema.ts';
import { sha256 } from '../lib/ids.ts';
import { parseMarkdown } from './markdown.ts';
import { storeDocument } from './store.ts';

export interface IngestResult {
  inserted: number;
  skipped: number;
}

interface IngestLog {
  info(object: object, message: string): void;
}

/**
 * Ingest the seed corpus into the external library. Idempotent: a file whose name and content
 * hash are already stored is skipped; a known file name with new content becomes a new document
 * (the newest edition of that file name); each document goes in through storeDocument. One query
 * reads what is stored, so a start with nothing changed costs little.
 */
export async function ingestSeedCorpus(options: { db: Database; log?: IngestLog; dir?: string }): Promise<IngestResult> {
  const { db, log, dir = DOCUMENTS_DIR } = options;
  const started = performance.now();
  const corpus = loadCorpus(dir);
  const stored = await db.select({ filename: documents.filename, contentHash: documents.contentHash }).from(documents);
  const known = new Set(stored.map((row) => `${row.filename}\n${row.contentHash}`));

  let inserted = 0;
  let skipped = 0;
  for (const { meta, body } of corpus) {
    const contentHash = sha256(readFileSync(`${dir}/${meta.filename}`));
    if (known.has(`${meta.filename}\n${contentHash}`)) {
      skipped++;
      continue;
    }
    await storeDocument({
      db,
      organisationId: null,
      filename: meta.filename,
      contentHash,
      metadata: {
        code: meta.code,
        title: meta.title,
        category: meta.category,
        domain: meta.domain,
        subdomain: meta.subdomain,
        issuer: meta.issuer,
        edition: meta.edition,
        status: meta.status,
        supersededByCode: meta.superseded_by,
        supersedes: meta.supersedes,
        appliesTo: meta.applies_to,
      },
      elements: parseMarkdown(body),
      sourceKind: 'corpus',
    });
    known.add(`${meta.filename}\n${contentHash}`);
    inserted++;
  }
  log?.info({ inserted, skipped, ms: Math.round(performance.now() - started) }, 'seed corpus ingested');
  return { inserted, skipped };
}
