import { z } from 'zod';
import { isDocumentId } from '../ids.ts';

export const documentStatusSchema = z.enum(['current', 'superseded']);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;
export const documentElementTypeSchema = z.enum(['title', 'heading', 'paragraph', 'list_item', 'table']);
export type DocumentElementType = z.infer<typeof documentElementTypeSchema>;

export const documentTagsSchema = z.object({ category: z.string(), domain: z.string(), subdomain: z.string() });
export type DocumentTags = z.infer<typeof documentTagsSchema>;

/** One document of GET /api/chat/filter_data: the newest edition of each file name the caller can see. */
export const documentReferenceSchema = z.object({
  /** The document id. */
  short_id: z.string(),
  code: z.string(),
  title: z.string(),
  tags: documentTagsSchema,
  status: documentStatusSchema,
  edition: z.string(),
});
export type DocumentReference = z.infer<typeof documentReferenceSchema>;

export const filterDataResponseSchema = z.object({
  references: z.array(documentReferenceSchema),
  /** The distinct categories of current documents, sorted. */
  default_categories: z.array(z.string()),
});
export type FilterDataResponse = z.infer<typeof filterDataResponseSchema>;

export const documentElementSchema = z.object({
  id: z.string(),
  type: documentElementTypeSchema,
  text: z.string(),
  page: z.number().int(),
  /** The headings of the section the element sits in, outermost first. */
  heading_path: z.array(z.string()),
  /** True for the elements named by element_ids. */
  highlighted: z.boolean(),
  /** A table whose file says its first row is no header row (false); absent when it is one. */
  header_row: z.literal(false).optional(),
});
export type DocumentElement = z.infer<typeof documentElementSchema>;

export const documentLinkSchema = z.object({ id: z.string(), code: z.string(), title: z.string() });
export type DocumentLink = z.infer<typeof documentLinkSchema>;

/** Where the official text is published: its title and, when it is a known official page, its https address. */
export const documentSourceSchema = z.object({ title: z.string(), url: z.string().optional() });
export type DocumentSource = z.infer<typeof documentSourceSchema>;

/**
 * What the reader is showing: the library's own summary of an official text (the seed corpus),
 * the text extracted from a file added to the shared library, or the caller's organisation's own
 * uploaded document.
 */
export const documentOriginSchema = z.enum(['verity_summary', 'library_upload', 'organisation_upload']);
export type DocumentOrigin = z.infer<typeof documentOriginSchema>;

/** GET /api/docs/document/{id} and GET /api/docs/newest-document-by-filename/{filename}. */
export const documentResponseSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  filename: z.string(),
  tags: documentTagsSchema,
  /** Who issued the official text. */
  issuer: z.string(),
  /** The edition or its date, as the issuer names it. */
  edition: z.string(),
  status: documentStatusSchema,
  origin: documentOriginSchema,
  /** Where the official text is published (empty for uploaded files). */
  sources: z.array(documentSourceSchema),
  /** The current document that replaced this one, when it is superseded and that document is visible. */
  superseded_by: documentLinkSchema.nullable(),
  /**
   * Every visible current document that replaced this one (an edition split into parts has
   * several), the main one first: the current documents whose `supersedes` names this code.
   */
  replaced_by: z.array(documentLinkSchema),
  /** Codes and historical names this document replaces. */
  supersedes: z.array(z.string()),
  elements: z.array(documentElementSchema),
});
export type DocumentResponse = z.infer<typeof documentResponseSchema>;

export const ELEMENT_IDS_MAX = 200;
export const ELEMENT_ID_MAX_LENGTH = 64;

/** The element_ids query parameter: repeated (an array) or given once (a string). */
export const documentQuerySchema = z.object({
  element_ids: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.string().max(ELEMENT_ID_MAX_LENGTH, `An element id is longer than ${ELEMENT_ID_MAX_LENGTH} characters`))
        .max(ELEMENT_IDS_MAX, `Give at most ${ELEMENT_IDS_MAX} element ids`),
    ),
});

/** POST /api/docs/set_favourite: like or unlike a document (idempotent both ways). */
export const setFavouriteSchema = z.object({
  external_id: z.string().refine(isDocumentId, 'A document id is 26 letters or digits'),
  like: z.boolean(),
});

/** The favourite status after the call. */
export const setFavouriteResponseSchema = z.object({ external_id: z.string(), like: z.boolean() });
export type SetFavouriteResponse = z.infer<typeof setFavouriteResponseSchema>;

/** GET /api/docs/my-favourites: the caller's visible favourites, newest favourite first. */
export const myFavouritesResponseSchema = z.object({ favourites: z.array(documentReferenceSchema) });
export type MyFavouritesResponse = z.infer<typeof myFavouritesResponseSchema>;

export const RECENT_DOCUMENTS_DEFAULT = 5;
export const RECENT_DOCUMENTS_MAX = 20;

/** GET /api/docs/recent?limit=: how many documents to list (1 to 20, default 5). */
export const recentDocumentsQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^[1-9][0-9]?$/, `The limit is a whole number from 1 to ${RECENT_DOCUMENTS_MAX}`)
    .refine((value) => Number(value) <= RECENT_DOCUMENTS_MAX, `The limit is a whole number from 1 to ${RECENT_DOCUMENTS_MAX}`)
    .optional()
    .transform((value) => (value === undefined ? RECENT_DOCUMENTS_DEFAULT : Number(value))),
});

export const recentDocumentSchema = z.object({
  reference: documentReferenceSchema,
  /** When the caller last opened it in the reader (ISO 8601). */
  opened_at: z.string(),
});
export type RecentDocument = z.infer<typeof recentDocumentSchema>;

/** GET /api/docs/recent: the documents the caller opened in the reader, last opened first, each once. */
export const recentDocumentsResponseSchema = z.object({ documents: z.array(recentDocumentSchema) });
export type RecentDocumentsResponse = z.infer<typeof recentDocumentsResponseSchema>;

export const SEARCH_QUERY_MAX_LENGTH = 500;
export const SEARCH_PAGE_SIZE = 20;
const SEARCH_FILTER_MAX = 50;
const SEARCH_FILTER_VALUE_MAX_LENGTH = 200;

/** A repeatable query parameter (multi-select): given once it is a string, repeated an array. */
const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
  .pipe(
    z
      .array(z.string().max(SEARCH_FILTER_VALUE_MAX_LENGTH, `A filter value is longer than ${SEARCH_FILTER_VALUE_MAX_LENGTH} characters`))
      .max(SEARCH_FILTER_MAX, `Give at most ${SEARCH_FILTER_MAX} values per filter`),
  );

/** GET /api/docs/search: q (websearch syntax), filters AND across kinds and OR within one, page from 1. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Enter something to search for' })
    .max(SEARCH_QUERY_MAX_LENGTH, `A search is at most ${SEARCH_QUERY_MAX_LENGTH} characters`)
    .refine((value) => value.trim().length > 0, 'Enter something to search for'),
  category: repeated,
  domain: repeated,
  subdomain: repeated,
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'The page is a whole number from 1')
    .optional()
    .transform((value) => (value === undefined ? 1 : Number(value))),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchSnippetSchema = z.object({
  element_id: z.string(),
  /** Escaped element text with the matched terms in <mark>…</mark>. */
  text_html: z.string(),
});
export type SearchSnippet = z.infer<typeof searchSnippetSchema>;

export const searchResultSchema = z.object({
  reference: documentReferenceSchema,
  score: z.number(),
  snippets: z.array(searchSnippetSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

const documentIdParam = z.string({ error: 'Choose a document' }).refine(isDocumentId, 'A document id is 26 letters or digits');

/** GET /api/docs/compare?left=&right=: two documents or two editions of one, element by element. */
export const compareQuerySchema = z.object({ left: documentIdParam, right: documentIdParam });

/** How one aligned row differs: the same text, only on the right, only on the left, or edited. */
export const compareChangeSchema = z.enum(['equal', 'added', 'removed', 'changed']);
export type CompareChange = z.infer<typeof compareChangeSchema>;

export const compareElementSchema = documentElementSchema.omit({ page: true, highlighted: true });
export type CompareElement = z.infer<typeof compareElementSchema>;

/** A run of words inside a changed row: kept, added on the right or removed from the left. */
export const compareSegmentSchema = z.object({ kind: z.enum(['equal', 'added', 'removed']), text: z.string() });
export type CompareSegment = z.infer<typeof compareSegmentSchema>;

export const compareRowSchema = z.object({
  change: compareChangeSchema,
  /** Null when the row was added on the right. */
  left: compareElementSchema.nullable(),
  /** Null when the row was removed from the left. */
  right: compareElementSchema.nullable(),
  /** Word-level differences, for changed rows only (left text read with removals, right with additions). */
  segments: z.array(compareSegmentSchema).optional(),
});
export type CompareRow = z.infer<typeof compareRowSchema>;

/** A top-level section that differs: only in the right document, only in the left, or edited (with its row counts). */
export const compareSectionChangeSchema = z.object({
  heading: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  added: z.number().int(),
  removed: z.number().int(),
  changed: z.number().int(),
});
export type CompareSectionChange = z.infer<typeof compareSectionChangeSchema>;

/** What a document says about its own history (its history or "what changed" section), first passages. */
export const compareHistorySchema = z.object({
  side: z.enum(['left', 'right']),
  code: z.string(),
  heading: z.string(),
  passages: z.array(z.string()),
});
export type CompareHistory = z.infer<typeof compareHistorySchema>;

export const compareResponseSchema = z.object({
  left: documentReferenceSchema,
  right: documentReferenceSchema,
  rows: z.array(compareRowSchema),
  summary: z.object({ equal: z.number().int(), added: z.number().int(), removed: z.number().int(), changed: z.number().int() }),
  /** "What changed", for the top of the page: the documents' own history sections, then the sections that differ, in reading order. */
  what_changed: z.object({ history: z.array(compareHistorySchema), sections: z.array(compareSectionChangeSchema) }),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

/** The path parameter of GET /api/docs/document/{id}. */
export const documentParamsSchema = z.object({ id: z.string().refine(isDocumentId, 'A document id is 26 letters or digits') });
export const documentFilenameParamsSchema = z.object({ filename: z.string() });
