import { readFileSync } from 'node:fs';
import { DOCUMENTS_DIR, loadCorpus } from '@verity/corpus';
import type { Database } from '../db/connect.ts';
import { documentElements, documents } from '../db/schema.ts';
import { newId, sha256 } from '../lib/ids.ts';
import { parseMarkdown } from './markdown.ts';

export interface IngestResult {
  inserted: number;
  skipped: number;
}

interface IngestLog {
  info(object: object, message: string): void;
}

// Rows per insert statement, well inside PostgreSQL's bind-parameter limit.
const ELEMENT_BATCH = 500;

/**
 * Ingest the seed corpus into the external library. Idempotent: a file whose name and content
 * hash are already stored is skipped; a known file name with new content becomes a new document
 * (the newest edition of that file name); each document goes in with its elements in one
 * transaction. One query reads what is stored, so a start with nothing changed costs little.
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
    const documentId = newId();
    const elements = parseMarkdown(body).map((element, position) => ({
      id: newId(),
      documentId,
      position,
      type: element.type,
      text: element.text,
      page: element.page,
      headingPath: element.headingPath,
    }));
    await db.transaction(async (tx) => {
      await tx.insert(documents).values({
        id: documentId,
        organisationId: null,
        code: meta.code,
        title: meta.title,
        filename: meta.filename,
        category: meta.category,
        domain: meta.domain,
        subdomain: meta.subdomain,
        issuer: meta.issuer,
        edition: meta.edition,
        status: meta.status,
        supersededByCode: meta.superseded_by,
        supersedes: meta.supersedes,
        appliesTo: meta.applies_to,
        sourceKind: 'corpus',
        contentHash,
      });
      for (let i = 0; i < elements.length; i += ELEMENT_BATCH) {
        await tx.insert(documentElements).values(elements.slice(i, i + ELEMENT_BATCH));
      }
    });
    known.add(`${meta.filename}\n${contentHash}`);
    inserted++;
  }
  log?.info({ inserted, skipped, ms: Math.round(performance.now() - started) }, 'seed corpus ingested');
  return { inserted, skipped };
}
