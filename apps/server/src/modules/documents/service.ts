import type {
  DocumentElement,
  DocumentReference,
  DocumentResponse,
  FilterDataResponse,
  MyFavouritesResponse,
  RecentDocumentsResponse,
  SearchQuery,
  SearchResponse,
} from '@verity/shared';
import { and, arrayContains, asc, count, desc, eq, max, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { documentElements, documentFavourites, documents, events, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { type EventBuffer, recordEvent } from '../../core/events/service.ts';
import { documentNotFound, documentVisibleTo } from '../../core/policies/documents.ts';

export type DocumentRow = typeof documents.$inferSelect;

// Longer names cannot be stored, so a longer one is answered as missing without a query.
const FILENAME_MAX_LENGTH = 255;

/**
 * Refuses a document with more than `limit` elements (422) before any of them is loaded: one
 * very large document would otherwise cost the server a response of a hundred megabytes or a
 * comparison of seconds. `purpose` completes "too large to …".
 */
export async function assertElementCountWithin(options: {
  db: Database;
  document: DocumentRow;
  limit: number;
  purpose: 'show in full' | 'compare';
}): Promise<void> {
  const [row] = await options.db.select({ n: count() }).from(documentElements).where(eq(documentElements.documentId, options.document.id));
  const n = Number(row?.n ?? 0);
  if (n <= options.limit) return;
  const which = options.purpose === 'compare' ? `${options.document.code} is` : 'This document is';
  throw new AppError(
    422,
    `${which} too large to ${options.purpose} (${n.toLocaleString('en-GB')} passages; the limit is ${options.limit.toLocaleString('en-GB')}).`,
  );
}

/** The columns a reference is made from: lists read only these (not the stored search vector or sources). */
export const referenceColumns = {
  id: documents.id,
  code: documents.code,
  title: documents.title,
  category: documents.category,
  domain: documents.domain,
  subdomain: documents.subdomain,
  status: documents.status,
  edition: documents.edition,
};
export type ReferenceRow = Pick<DocumentRow, keyof typeof referenceColumns>;

/** The reference shape shared by filter data, favourites and search. */
export function toReference(row: ReferenceRow): DocumentReference {
  return {
    short_id: row.id,
    code: row.code,
    title: row.title,
    tags: { category: row.category, domain: row.domain, subdomain: row.subdomain },
    status: row.status,
    edition: row.edition,
  };
}

/** The newest edition of every file name the organisation can see, and the categories of the current ones. */
export async function filterData(options: { db: Database; organisationId: string }): Promise<FilterDataResponse> {
  const rows = await options.db
    .selectDistinctOn([documents.filename], referenceColumns)
    .from(documents)
    .where(documentVisibleTo(options.organisationId))
    .orderBy(documents.filename, desc(documents.createdAt), desc(documents.id));
  const references: DocumentReference[] = rows
    .map(toReference)
    .sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true }) || a.short_id.localeCompare(b.short_id));
  const categories = new Set(rows.filter((row) => row.status === 'current').map((row) => row.category));
  return { references, default_categories: [...categories].sort() };
}

/** A document the organisation can see; any other id is refused as missing. */
export async function visibleDocument(options: { db: Database; organisationId: string; id: string }): Promise<DocumentRow> {
  const [row] = await options.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, options.id), documentVisibleTo(options.organisationId)));
  if (!row) throw documentNotFound();
  return row;
}

/** The newest document (last created) with this file name that the organisation can see; none is refused as missing. */
export async function newestVisibleByFilename(options: { db: Database; organisationId: string; filename: string }): Promise<DocumentRow> {
  const [row] =
    options.filename.length > FILENAME_MAX_LENGTH
      ? []
      : await options.db
          .select()
          .from(documents)
          .where(and(eq(documents.filename, options.filename), documentVisibleTo(options.organisationId)))
          .orderBy(desc(documents.createdAt), desc(documents.id))
          .limit(1);
  if (!row) throw documentNotFound();
  return row;
}

/** What the text is: the seed library's summaries, a file added to the shared library, or an organisation's own file. */
export function documentOrigin(row: Pick<DocumentRow, 'sourceKind' | 'organisationId'>): DocumentResponse['origin'] {
  if (row.organisationId !== null) return 'organisation_upload';
  return row.sourceKind === 'corpus' ? 'verity_summary' : 'library_upload';
}

/** The document with its elements (the requested ones flagged) and its supersession links. */
export async function presentDocument(options: {
  db: Database;
  organisationId: string;
  document: DocumentRow;
  highlight: readonly string[];
}): Promise<DocumentResponse> {
  const { db, organisationId, document } = options;
  const highlight = new Set(options.highlight);
  const rows = await db
    .select()
    .from(documentElements)
    .where(eq(documentElements.documentId, document.id))
    .orderBy(asc(documentElements.position));
  const elements: DocumentElement[] = rows.map((row) => ({
    id: row.id,
    type: row.type,
    text: row.text,
    page: row.page,
    heading_path: row.headingPath,
    highlighted: highlight.has(row.id),
    ...(row.headerRow ? {} : { header_row: false as const }),
  }));
  const replacedBy = document.status === 'superseded' ? await successorsOf(db, document, organisationId) : [];
  return {
    id: document.id,
    code: document.code,
    title: document.title,
    filename: document.filename,
    tags: { category: document.category, domain: document.domain, subdomain: document.subdomain },
    issuer: document.issuer,
    edition: document.edition,
    status: document.status,
    origin: documentOrigin(document),
    sources: document.sources.map((source) => (source.url ? { title: source.title, url: source.url } : { title: source.title })),
    superseded_by: replacedBy[0] ?? null,
    replaced_by: replacedBy,
    supersedes: document.supersedes,
    elements,
  };
}

/** Like (insert) or unlike (delete) a document the caller can already see; both idempotent. */
/** Marks or unmarks a favourite; the event is recorded only when that changed something. */
/**
 * The current documents that replaced a superseded one, as the library records it: its main
 * successor (`superseded_by`) and every current document whose `supersedes` names its code (each
 * part of an edition that was split). Only those the organisation may see; one row per code (its
 * newest), the main successor first.
 */
async function successorsOf(db: Database, document: DocumentRow, organisationId: string): Promise<DocumentResponse['replaced_by']> {
  const named = [arrayContains(documents.supersedes, [document.code])];
  if (document.supersededByCode) named.push(eq(documents.code, document.supersededByCode));
  const rows = await db
    .select({ id: documents.id, code: documents.code, title: documents.title })
    .from(documents)
    .where(and(or(...named), eq(documents.status, 'current'), documentVisibleTo(organisationId)))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  const byCode = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!byCode.has(row.code)) byCode.set(row.code, row);
  const links = [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
  const main = links.findIndex((link) => link.code === document.supersededByCode);
  return main > 0 ? [links[main] as (typeof links)[number], ...links.filter((_, i) => i !== main)] : links;
}

export async function setFavourite(options: { db: Database; userId: string; documentId: string; like: boolean }): Promise<void> {
  const { userId, documentId, like } = options;
  await options.db.transaction(async (tx) => {
    const changed = like
      ? await tx
          .insert(documentFavourites)
          .values({ userId, documentId })
          .onConflictDoNothing()
          .returning({ userId: documentFavourites.userId })
      : await tx
          .delete(documentFavourites)
          .where(and(eq(documentFavourites.userId, userId), eq(documentFavourites.documentId, documentId)))
          .returning({ userId: documentFavourites.userId });
    if (changed.length === 0) return;
    const [user] = await tx.select({ organisationId: users.organisationId }).from(users).where(eq(users.id, userId));
    if (!user) return;
    await recordEvent(tx, {
      kind: 'documents.favourite_set',
      organisationId: user.organisationId,
      actorUserId: userId,
      subject: { type: 'document', id: documentId },
      data: { like },
    });
  });
}

/** The user's favourites still visible to their organisation, newest favourite first. */
export async function listFavourites(options: { db: Database; userId: string; organisationId: string }): Promise<MyFavouritesResponse> {
  const rows = await options.db
    .select({ document: referenceColumns })
    .from(documentFavourites)
    .innerJoin(documents, eq(documents.id, documentFavourites.documentId))
    .where(and(eq(documentFavourites.userId, options.userId), documentVisibleTo(options.organisationId)))
    .orderBy(desc(documentFavourites.createdAt), desc(documentFavourites.documentId));
  return { favourites: rows.map((row) => toReference(row.document)) };
}

/**
 * The user opened a document in the reader: one `documents.opened` event. Reading changes
 * nothing, so there is no transaction to share; a failure to write it is logged (ids only) and
 * otherwise ignored, as bookkeeping must never keep a document from its reader.
 */
export async function recordDocumentOpened(options: {
  db: Database;
  organisationId: string;
  userId: string;
  documentId: string;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { db, organisationId, userId, documentId, log } = options;
  try {
    await recordEvent(db, {
      kind: 'documents.opened',
      organisationId,
      actorUserId: userId,
      subject: { type: 'document', id: documentId },
      data: {},
    });
  } catch (error) {
    log.error({ err: error, organisationId, userId, documentId }, 'document opened event could not be recorded');
  }
}

/** How many of a search's first-page documents stand for what it touched (the dashboard's subdomains). */
const SEARCH_DOCUMENTS_RECORDED = 5;

/**
 * One `documents.searched` event for the first page of a wiki search: a use of the wiki tool,
 * with the top documents found (never the words searched). Written in the next batch of the
 * buffer (a moment later, with the others of that moment), outside any transaction.
 */
export async function recordSearch(options: {
  events: EventBuffer;
  organisationId: string;
  userId: string;
  query: Pick<SearchQuery, 'page' | 'category' | 'domain' | 'subdomain'>;
  response: Pick<SearchResponse, 'results' | 'total'>;
}): Promise<void> {
  const { organisationId, userId, query, response } = options;
  if (query.page !== 1) return;
  await options.events.add({
    kind: 'documents.searched',
    organisationId,
    actorUserId: userId,
    subject: { type: 'user', id: userId },
    data: { results: response.total, filtered: query.category.length + query.domain.length + query.subdomain.length > 0 },
    documentIds: response.results.slice(0, SEARCH_DOCUMENTS_RECORDED).map((result) => result.reference.short_id),
  });
}

/**
 * The documents the user opened in the reader, each once, last opened first, at most `limit`.
 * Only their own events in their organisation count, and only documents the organisation can
 * still see are listed (the documents policy).
 */
export async function listRecentDocuments(options: {
  db: Database;
  userId: string;
  organisationId: string;
  limit: number;
}): Promise<RecentDocumentsResponse> {
  const { db, userId, organisationId } = options;
  const openedAt = max(events.createdAt);
  const rows = await db
    .select({ document: referenceColumns, openedAt })
    .from(events)
    .innerJoin(documents, eq(documents.id, events.subjectId))
    .where(
      and(
        eq(events.kind, 'documents.opened'),
        eq(events.subjectType, 'document'),
        eq(events.actorUserId, userId),
        eq(events.organisationId, organisationId),
        documentVisibleTo(organisationId),
      ),
    )
    .groupBy(documents.id)
    .orderBy(desc(openedAt), desc(documents.id))
    .limit(options.limit);
  return {
    documents: rows.map((row) => ({
      reference: toReference(row.document),
      opened_at: new Date(row.openedAt ?? 0).toISOString(),
    })),
  };
}
