import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { documentElements, documents, documentTerms } from '../db/schema.ts';
import { newId, sha256 } from '../lib/ids.ts';
import { recordEvent } from '../core/events/service.ts';
import { notifySuperseded } from '../core/notifications/radar.ts';
import type { ParsedElement } from './markdown.ts';

/** What a person (or the corpus front matter) says about a document; the parser supplies the elements. */
export interface DocumentMetadata {
  code: string;
  title: string;
  category: string;
  domain: string;
  subdomain: string;
  issuer: string;
  edition: string;
  status: 'current' | 'superseded';
  supersededByCode: string | null;
  supersedes: string[];
  appliesTo: string[];
  /** Where the official text is published (the corpus front matter's sources); none for uploads. */
  sources?: readonly { title: string; url?: string }[];
}

export interface StoreDocumentInput {
  db: Database;
  /** Null for the external library every organisation sees. */
  organisationId: string | null;
  filename: string;
  /** The file's bytes, hashed here; or the hash when the caller already has it. */
  bytes?: Uint8Array;
  contentHash?: string;
  metadata: DocumentMetadata;
  elements: readonly ParsedElement[];
  sourceKind: 'corpus' | 'upload';
  /**
   * Who added the file, when someone did: a new document is then recorded as ingested, and the
   * people relying on what it supersedes are told (notifySuperseded), in the same transaction.
   * The seed corpus, stored at every start, passes nothing.
   */
  ingestedVia?: IngestedVia;
}

/**
 * The ingestion API (with the job that stored the file; `userId` when an administrator uploaded
 * it in the admin area) or the command line.
 */
export type IngestedVia = { via: 'api'; jobId: string; userId?: string } | { via: 'cli' };

export interface StoreDocumentResult {
  documentId: string;
  /** False when this exact file (name and content) was already stored for this owner: nothing was written. */
  created: boolean;
}

/** A document's metadata as the columns a new row and a revision both write. */
function metadataColumns(metadata: DocumentMetadata) {
  return {
    code: metadata.code,
    title: metadata.title,
    category: metadata.category,
    domain: metadata.domain,
    subdomain: metadata.subdomain,
    issuer: metadata.issuer,
    edition: metadata.edition,
    status: metadata.status,
    supersededByCode: metadata.supersededByCode,
    supersedes: metadata.supersedes,
    appliesTo: metadata.appliesTo,
    sources: [...(metadata.sources ?? [])],
  };
}

/** A new element row of a document, at its position (a first store and a revision's new elements). */
function newElementRow(
  documentId: string,
  element: StoreDocumentInput['elements'][number],
  position: number,
): typeof documentElements.$inferInsert {
  return {
    id: newId(),
    documentId,
    position,
    type: element.type,
    text: element.text,
    page: element.page,
    headingPath: element.headingPath,
    headerRow: element.headerless !== true,
  };
}

// Rows per insert statement, well inside PostgreSQL's bind-parameter limit.
const ELEMENT_BATCH = 500;

/**
 * The one path that writes a document: the row and all its elements in one transaction, so a
 * failure leaves nothing behind. A file whose name and content hash are stored already changes
 * nothing and answers with the stored document's id; a known file name with new content becomes
 * a new row, which every reader treats as the newest edition of that file name.
 */
export async function storeDocument(input: StoreDocumentInput): Promise<StoreDocumentResult> {
  const { db, organisationId, filename, metadata } = input;
  const contentHash = input.contentHash ?? (input.bytes ? sha256(Buffer.from(input.bytes)) : undefined);
  if (!contentHash) throw new Error('storeDocument needs the bytes or their content hash');
  if (input.elements.length === 0) throw new Error('storeDocument needs at least one element');

  return db.transaction(async (tx) => {
    const documentId = newId();
    const source = input.ingestedVia;
    // The unique (owner, filename, content_hash) index decides, so two concurrent stores of one file cannot both insert.
    const inserted = await tx
      .insert(documents)
      .values({
        id: documentId,
        organisationId,
        ...metadataColumns(metadata),
        filename,
        sourceKind: input.sourceKind,
        contentHash,
        uploadedBy: source?.via === 'api' ? (source.userId ?? null) : null,
      })
      .onConflictDoNothing()
      .returning({ id: documents.id });
    if (inserted.length === 0) {
      const [existing] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            organisationId === null ? isNull(documents.organisationId) : eq(documents.organisationId, organisationId),
            eq(documents.filename, filename),
            eq(documents.contentHash, contentHash),
          ),
        );
      if (!existing) throw new Error('document conflict without a stored document');
      return { documentId: existing.id, created: false };
    }
    const rows = input.elements.map((element, position) => newElementRow(documentId, element, position));
    for (let i = 0; i < rows.length; i += ELEMENT_BATCH) {
      await tx.insert(documentElements).values(rows.slice(i, i + ELEMENT_BATCH));
    }
    if (source) {
      await recordEvent(tx, {
        kind: 'documents.ingested',
        organisationId,
        actorUserId: source.via === 'api' ? (source.userId ?? null) : null,
        subject: { type: 'document', id: documentId },
        data: source.via === 'api' ? { via: 'api', job_id: source.jobId, filename } : { via: 'cli', filename },
      });
      await notifySuperseded({ db: tx, documentId });
    }
    return { documentId, created: true };
  });
}

export interface ReviseDocumentInput {
  db: Database;
  /** The stored row to revise: it keeps its id, so favourites and citations still find it. */
  documentId: string;
  contentHash: string;
  metadata: DocumentMetadata;
  elements: readonly ParsedElement[];
}

/**
 * Revise a stored document in place: a corrected text of the same edition (a seed document
 * fixed between releases) replaces the row's metadata, content hash and elements without
 * becoming a new edition. Elements whose type, text, section and header row are unchanged keep their ids
 * (and their vectors), so citations of them still highlight; the others are replaced, and the
 * document's search postings are rebuilt from what it now holds. One transaction.
 */
export async function reviseDocument(input: ReviseDocumentInput): Promise<void> {
  const { db, documentId, contentHash, metadata } = input;
  if (input.elements.length === 0) throw new Error('reviseDocument needs at least one element');
  await db.transaction(async (tx) => {
    const old = await tx
      .select({
        id: documentElements.id,
        type: documentElements.type,
        text: documentElements.text,
        headingPath: documentElements.headingPath,
        headerRow: documentElements.headerRow,
      })
      .from(documentElements)
      .where(eq(documentElements.documentId, documentId));
    const unused = new Map<string, string[]>();
    for (const element of old) {
      const key = elementKey({ ...element, headerless: !element.headerRow });
      unused.set(key, [...(unused.get(key) ?? []), element.id]);
    }
    const kept = new Map<string, { position: number; page: number }>();
    const added: (typeof documentElements.$inferInsert)[] = [];
    input.elements.forEach((element, position) => {
      const id = unused.get(elementKey(element))?.shift();
      if (id) kept.set(id, { position, page: element.page });
      else added.push(newElementRow(documentId, element, position));
    });
    const removed = old.filter((element) => !kept.has(element.id)).map((element) => element.id);
    for (let i = 0; i < removed.length; i += ELEMENT_BATCH) {
      await tx.delete(documentElements).where(inArray(documentElements.id, removed.slice(i, i + ELEMENT_BATCH)));
    }
    for (const [id, place] of kept) {
      await tx.update(documentElements).set(place).where(eq(documentElements.id, id));
    }
    for (let i = 0; i < added.length; i += ELEMENT_BATCH) {
      await tx.insert(documentElements).values(added.slice(i, i + ELEMENT_BATCH));
    }
    await tx
      .update(documents)
      .set({
        ...metadataColumns(metadata),
        contentHash,
        updatedAt: new Date(),
      })
      .where(eq(documents.id, documentId));
    // The postings triggers only add; a revision also removes, so the document's postings are rebuilt.
    await rebuildPostings(tx, documentId);
  });
}

/**
 * Rebuild a document's search postings from what its elements and title hold now (a revision,
 * or an administrator's re-index). Call inside a transaction.
 */
export async function rebuildPostings(tx: Database, documentId: string): Promise<void> {
  await tx.delete(documentTerms).where(eq(documentTerms.documentId, documentId));
  await tx.execute(sql`
    insert into document_terms (lexeme, document_id, elements, in_title)
    select lexeme, ${documentId}, sum(elements)::int, bool_or(in_title)
    from (
      select t.lexeme, 1 as elements, false as in_title
      from document_elements e cross join lateral unnest(e.search_vector) as t
      where e.document_id = ${documentId}
      union all
      select t.lexeme, 0, true
      from documents d cross join lateral unnest(d.search_vector) as t
      where d.id = ${documentId}
    ) terms
    group by lexeme`);
}

/** An element is unchanged when its type, text, section and (a table's) header row are. */
function elementKey(element: { type: string; text: string; headingPath: readonly string[]; headerless?: boolean }): string {
  return JSON.stringify([element.type, element.headingPath, element.text, element.headerless === true]);
}

/** Metadata a person gives for one file; what is left out comes from the file itself. */
export interface GivenMetadata {
  code?: string;
  title?: string;
  category: string;
  domain: string;
  subdomain: string;
  issuer?: string;
  edition?: string;
  status?: 'current' | 'superseded';
  supersededBy?: string;
  supersedes?: string[];
}

/** The title defaults to the document's own title, then to the file name; the code to the file name without its extension. */
export function completeMetadata(given: GivenMetadata, parsed: { title: string | null }, filename: string): DocumentMetadata {
  const stem = filename.replace(/\.[^.]+$/, '') || filename;
  return {
    code: given.code ?? stem,
    title: given.title ?? parsed.title ?? filename,
    category: given.category,
    domain: given.domain,
    subdomain: given.subdomain,
    issuer: given.issuer ?? '',
    edition: given.edition ?? '',
    status: given.status ?? 'current',
    supersededByCode: given.supersededBy ?? null,
    supersedes: given.supersedes ?? [],
    appliesTo: [],
  };
}
