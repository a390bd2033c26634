import { z } from 'zod';
import { isDocumentId } from '../ids.ts';

export type DocumentStatus = 'current' | 'superseded';
export type DocumentElementType = 'title' | 'heading' | 'paragraph' | 'list_item' | 'table';

export interface DocumentTags {
  category: string;
  domain: string;
  subdomain: string;
}

/** One document of GET /api/chat/filter_data: the newest edition of each file name the caller can see. */
export interface DocumentReference {
  /** The document id. */
  short_id: string;
  code: string;
  title: string;
  tags: DocumentTags;
  status: DocumentStatus;
  edition: string;
}

export interface FilterDataResponse {
  references: DocumentReference[];
  /** The distinct categories of current documents, sorted. */
  default_categories: string[];
}

export interface DocumentElement {
  id: string;
  type: DocumentElementType;
  text: string;
  page: number;
  /** The headings of the section the element sits in, outermost first. */
  heading_path: string[];
  /** True for the elements named by element_ids. */
  highlighted: boolean;
}

export interface DocumentLink {
  id: string;
  code: string;
  title: string;
}

/** GET /api/docs/document/{id} and GET /api/docs/newest-document-by-filename/{filename}. */
export interface DocumentResponse {
  id: string;
  code: string;
  title: string;
  filename: string;
  tags: DocumentTags;
  edition: string;
  status: DocumentStatus;
  /** The current document that replaced this one, when it is superseded and that document is visible. */
  superseded_by: DocumentLink | null;
  /** Codes and historical names this document replaces. */
  supersedes: string[];
  elements: DocumentElement[];
}

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
export interface SetFavouriteResponse {
  external_id: string;
  like: boolean;
}

/** GET /api/docs/my-favourites: the caller's visible favourites, newest favourite first. */
export interface MyFavouritesResponse {
  favourites: DocumentReference[];
}

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

export interface SearchSnippet {
  element_id: string;
  /** Escaped element text with the matched terms in <mark>…</mark>. */
  text_html: string;
}

export interface SearchResult {
  reference: DocumentReference;
  score: number;
  snippets: SearchSnippet[];
}

export interface SearchResponse {
  results: SearchResult[];
  page: number;
  page_size: number;
  total: number;
}

const documentIdParam = z.string({ error: 'Choose a document' }).refine(isDocumentId, 'A document id is 26 letters or digits');

/** GET /api/docs/compare?left=&right=: two documents or two editions of one, element by element. */
export const compareQuerySchema = z.object({ left: documentIdParam, right: documentIdParam });

/** How one aligned row differs: the same text, only on the right, only on the left, or edited. */
export type CompareChange = 'equal' | 'added' | 'removed' | 'changed';

export interface CompareElement {
  id: string;
  type: DocumentElementType;
  text: string;
  heading_path: string[];
}

/** A run of words inside a changed row: kept, added on the right or removed from the left. */
export interface CompareSegment {
  kind: 'equal' | 'added' | 'removed';
  text: string;
}

export interface CompareRow {
  change: CompareChange;
  /** Null when the row was added on the right. */
  left: CompareElement | null;
  /** Null when the row was removed from the left. */
  right: CompareElement | null;
  /** Word-level differences, for changed rows only (left text read with removals, right with additions). */
  segments?: CompareSegment[];
}

export interface CompareResponse {
  left: DocumentReference;
  right: DocumentReference;
  rows: CompareRow[];
  summary: { equal: number; added: number; removed: number; changed: number };
}
