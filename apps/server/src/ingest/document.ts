/**
 * What parsing a file gives, and why it may not: the types every parser shares. The parsers import
 * these from here, never from parse.ts, which dispatches to them (so no parser imports its caller).
 */
/** The kinds of element every parser produces, in reading order. */
export type ElementType = 'title' | 'heading' | 'paragraph' | 'list_item' | 'table';

export interface ParsedElement {
  type: ElementType;
  text: string;
  /** 1-based; Markdown has no pages, so always 1. */
  page: number;
  /** The headings of the section the element sits in, outermost first (the document title excluded; a heading's own text excluded). */
  headingPath: string[];
  /** A table whose file says its first row is no header row (a Word table of label and value rows); absent otherwise. */
  headerless?: true;
}

/** The formats a file can be ingested from, decided by content (magic bytes), never by name alone. */
export type SourceFormat = 'pdf' | 'docx' | 'html' | 'markdown' | 'text';

export interface ParsedDocument {
  format: SourceFormat;
  /** The document's own title when the file names one (PDF metadata or first title element, DOCX title, HTML <title>/<h1>, Markdown `# `). */
  title: string | null;
  /** Pages for PDF; 1 for formats without pages. */
  pageCount: number;
  /** Ordered elements; every element has non-empty text. */
  elements: ParsedElement[];
}

/** Why a file could not be parsed; `reason` is a stable key, `message` a sentence for a person. */
export class UnreadableFileError extends Error {
  readonly reason: 'unsupported_type' | 'encrypted' | 'corrupt' | 'no_text' | 'too_large' | 'too_complex';
  constructor(reason: UnreadableFileError['reason'], message: string) {
    super(message);
    this.name = 'UnreadableFileError';
    this.reason = reason;
  }
}
