import { z } from 'zod';

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

export type DocumentQuery = z.infer<typeof documentQuerySchema>;
