// The regulatory library: documents, their elements, the search postings and vectors kept from them, and favourites.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, updatedAt } from './columns.ts';
import { organisations, users } from './organisations.ts';

/**
 * Regulatory documents: the external library (organisation_id null, visible to every
 * organisation) and an organisation's own internal documents (its data library). A new file with
 * a known file name is a new row: the newest edition of that file name is the row created last. The one exception
 * is a seed document corrected without a new edition: its row is revised in place (reviseDocument
 * in ingest/store.ts), keeping its id.
 */
export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').references(() => organisations.id),
    code: text('code').notNull(),
    title: text('title').notNull(),
    filename: text('filename').notNull(),
    category: text('category').notNull(),
    domain: text('domain').notNull(),
    subdomain: text('subdomain').notNull(),
    issuer: text('issuer').notNull(),
    edition: text('edition').notNull(),
    status: text('status', { enum: ['current', 'superseded'] }).notNull(),
    supersededByCode: text('superseded_by_code'),
    supersedes: text('supersedes').array().notNull().default(sql`'{}'::text[]`),
    appliesTo: text('applies_to').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Where the official text is published (the corpus front matter's `sources`): a title and, for
     * a well-known official page, its https address. Empty for uploads (migration 0012).
     */
    sources: jsonb('sources').$type<{ title: string; url?: string }[]>().notNull().default(sql`'[]'::jsonb`),
    sourceKind: text('source_kind', { enum: ['corpus', 'upload'] }).notNull(),
    /** The person who uploaded this file (the admin area or the data library); null for the seed, the CLI and the ingestion API (migration 0026). */
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    contentHash: text('content_hash').notNull(),
    /**
     * A row with the same file name was stored later (kept by a trigger, migration 0006). False
     * means this is the newest edition for everyone; true means search checks who sees the newer one.
     */
    hasNewerEdition: boolean('has_newer_edition').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row per owner, file name and content: two organisations may hold the same file (migration 0026).
    uniqueIndex('documents_owner_filename_content_hash_key').on(sql`coalesce(${t.organisationId}, '')`, t.filename, t.contentHash),
    index('documents_code_idx').on(t.code),
    index('documents_filename_idx').on(t.filename),
    index('documents_organisation_idx').on(t.organisationId),
    // The few rows an edition replaced, which search checks one by one (migration 0030).
    index('documents_older_editions_idx').on(t.id).where(sql`${t.hasNewerEdition}`),
  ],
);

/** A document's ordered parts (title, headings, paragraphs, list items, tables) with the section each sits in. */
export const documentElements = pgTable(
  'document_elements',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type', { enum: ['title', 'heading', 'paragraph', 'list_item', 'table'] }).notNull(),
    text: text('text').notNull(),
    page: integer('page').notNull().default(1),
    headingPath: text('heading_path').array().notNull().default(sql`'{}'::text[]`),
    /** False for a table whose file says its first row is no header row (a Word table of label and value rows). */
    headerRow: boolean('header_row').notNull().default(true),
  },
  (t) => [index('document_elements_document_position_idx').on(t.documentId, t.position)],
);

/**
 * Semantic search (AI_EMBEDDING_MODEL): one vector per element that passages are chosen from
 * (paragraphs, list items, tables), from the configured embedding model, as little-endian float32
 * of unit length. Vectors of another model are replaced when the model changes.
 */
export const elementEmbeddings = pgTable(
  'element_embeddings',
  {
    elementId: text('element_id')
      .primaryKey()
      .references(() => documentElements.id, { onDelete: 'cascade' }),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    vector: bytea('vector').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('element_embeddings_document_idx').on(t.documentId), index('element_embeddings_model_idx').on(t.model)],
);

/**
 * Search postings: for each lexeme of a document, how many of its elements hold it and whether its
 * title or code does, so ranking reads only the query's lexemes instead of every matching element.
 * Kept by database triggers on document and element writes (migration 0006), whatever path writes
 * them; elements are written once with their document and leave with it (cascade).
 */
export const documentTerms = pgTable(
  'document_terms',
  {
    lexeme: text('lexeme').notNull(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    elements: integer('elements').notNull().default(0),
    /** The lexeme is in the document's title or code (documents.search_vector). */
    inTitle: boolean('in_title').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.lexeme, t.documentId] }), index('document_terms_document_idx').on(t.documentId)],
);

/** A user's favourite documents (the wiki's favourites view). */
export const documentFavourites = pgTable(
  'document_favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] }), index('document_favourites_document_idx').on(t.documentId)],
);

/**
 * One row marking the library's state: moved to a new value of the `library_changes` sequence by
 * triggers (migration 0029) with every write to documents or their elements, committed with them,
 * and by a restore. A search answer kept in memory is used only while the mark it was made at is
 * still the mark (search/cache.ts). No row until the library is first written.
 */
export const libraryVersion = pgTable(
  'library_version',
  {
    id: integer('id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('library_version_one_row', sql`${t.id} = 1`)],
);
