import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    externalId: text('external_id').notNull(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    surname: text('surname').notNull(),
    jobTitle: text('job_title').notNull().default(''),
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    onboardingComplete: boolean('onboarding_complete').notNull().default(false),
    photoId: text('photo_id'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_external_id_key').on(t.externalId),
    index('users_organisation_idx').on(t.organisationId),
  ],
);

/** Sessions are opaque tokens; only their SHA-256 is stored (the id). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use codes sent by e-mail (verifyEmail, resetPassword); only their SHA-256 is stored. */
export const actionCodes = pgTable(
  'action_codes',
  {
    id: text('id').primaryKey(),
    codeHash: text('code_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verifyEmail', 'resetPassword'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('action_codes_code_hash_key').on(t.codeHash), index('action_codes_user_idx').on(t.userId)],
);

/** Profile photos, addressed by an unguessable id so an <img> can load them without a header. */
export const userPhotos = pgTable(
  'user_photos',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_photos_user_idx').on(t.userId)],
);

/** Every e-mail Verity sends; without SMTP this is the outbox an administrator reads. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    transport: text('transport', { enum: ['smtp', 'outbox'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: updatedAt(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['unread', 'read'] })
      .notNull()
      .default('unread'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Regulatory documents: the external library (organisation_id null, visible to every
 * organisation) and an organisation's own internal documents. A new file with a known file name
 * is a new row: the newest edition of that file name is the row created last.
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
    sourceKind: text('source_kind', { enum: ['corpus', 'upload'] }).notNull(),
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
    uniqueIndex('documents_filename_content_hash_key').on(t.filename, t.contentHash),
    index('documents_code_idx').on(t.code),
    index('documents_filename_idx').on(t.filename),
    index('documents_organisation_idx').on(t.organisationId),
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
 * Background work (document ingestion, later review and writing). A worker claims a queued job
 * whose run_at has passed with FOR UPDATE SKIP LOCKED, so several workers never take the same
 * one; a running job whose locked_at is older than the stale timeout is taken to be abandoned.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    payload: jsonb('payload').notNull(),
    progress: jsonb('progress'),
    result: jsonb('result'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('jobs_status_run_at_idx').on(t.status, t.runAt)],
);

/** Uploaded files waiting for their job; the row is deleted when the job succeeds or fails for good. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').references(() => organisations.id),
    filename: text('filename').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    /** The format sniffed from the bytes (pdf, docx, html, markdown, text). */
    format: text('format').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_organisation_idx').on(t.organisationId)],
);

/**
 * A user's chat conversations: private to that user (and their organisation). last_message_at is
 * the last activity, so a new, empty conversation lists by its creation.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_sessions_user_activity_idx').on(t.userId, t.lastMessageAt, t.id),
    index('chat_sessions_organisation_idx').on(t.organisationId),
  ],
);

/** The questions and answers of a conversation, in position order; each answer keeps its engine and sources for audit. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    mode: text('mode', { enum: ['answer', 'draft'] })
      .notNull()
      .default('answer'),
    status: text('status', { enum: ['complete', 'stopped', 'error'] })
      .notNull()
      .default('complete'),
    engine: text('engine'),
    citations: jsonb('citations').$type<import('@verity/shared').Citation[]>().notNull().default([]),
    sources: jsonb('sources').$type<import('@verity/shared').ChatSourceRecord[]>().notNull().default([]),
    filters: jsonb('filters').$type<import('@verity/shared').ChatFilters>(),
    includeInternal: boolean('include_internal').notNull().default(true),
    feedback: text('feedback', { enum: ['up', 'down'] }),
    feedbackComment: text('feedback_comment'),
    /** The files a question was asked about (chat_attachments ids, in the order given). */
    attachmentIds: text('attachment_ids').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_messages_session_position_key').on(t.sessionId, t.position),
    // Conversation search by message text; queries repeat this exact expression.
    index('chat_messages_content_fts_idx').using('gin', sql`to_tsvector('english', ${t.content})`),
  ],
);

/**
 * A file attached to a conversation to ask about: parsed with the ingestion code when uploaded and
 * kept with its elements, private to the user and the conversation (never part of the library).
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The format sniffed from the bytes (pdf, docx, text). */
    format: text('format').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    title: text('title').notNull(),
    /** The parsed elements, in reading order, in the ingestion parser's shape. */
    elements: jsonb('elements').$type<unknown[]>().notNull(),
    pages: integer('pages'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_attachments_session_idx').on(t.sessionId), index('chat_attachments_user_idx').on(t.userId)],
);

/**
 * What people did with the tools, for the champion dashboard and reports: one row per event
 * (a chat question answered, …) with the subdomains it touched and the documents it used.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The tool: chat, write, review, wiki. */
    tool: text('tool').notNull(),
    /** What happened, e.g. question_asked. */
    kind: text('kind').notNull(),
    subdomains: text('subdomains').array().notNull().default(sql`'{}'::text[]`),
    /** Library documents used (cited), for internal vs external counts. */
    documentIds: text('document_ids').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [index('usage_events_organisation_time_idx').on(t.organisationId, t.createdAt), index('usage_events_user_idx').on(t.userId)],
);

/**
 * Rate-limit counters shared by every server process on this database (unless REDIS_URL moves
 * them to Redis): a count per key until `reset_at`, when the key starts again from zero. Also
 * holds markers with a count of one, such as an address an account has signed in from.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
