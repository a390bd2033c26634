// What a Word export is made of, as plain data: a feature maps its own records into these shapes
// and `renderDocx` lays them out, so no feature touches the `docx` package. Text is taken as it
// is: a new line inside a text is a line break, and characters Word cannot hold are dropped.

/** A piece of a paragraph: plain text, or text with formatting and, with `href`, a link. */
export type Inline = string | Span;

export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  /** An absolute address the text links to. */
  href?: string;
}

/** A paragraph's content: one plain text or a sequence of pieces. */
export type Inlines = string | readonly Inline[];

/** A "Label: value" line, the label in bold, in the small detail style. */
export interface Field {
  label: string;
  value: string;
}

export interface HeadingBlock {
  kind: 'heading';
  /** 1 is a section, 4 the smallest; the document's title is separate, above them all. */
  level: 1 | 2 | 3 | 4;
  content: Inlines;
}

export interface ParagraphBlock {
  kind: 'paragraph';
  content: Inlines;
  /** body (default); detail: small and muted, for facts about the record; note: italic and muted, for remarks. */
  style?: 'body' | 'detail' | 'note';
  /** Keeps the paragraph on the same page as the next one (a line that introduces what follows). */
  keepWithNext?: boolean;
}

export interface FieldsBlock {
  kind: 'fields';
  fields: readonly Field[];
}

export interface ListItem {
  content: Inlines;
  /** Nesting, 0 for the outermost items. */
  level?: number;
  /** A numbered item's number as its source gave it ("3"); counted from 1 per level when absent. */
  number?: string;
}

export interface ListBlock {
  kind: 'list';
  ordered: boolean;
  items: readonly ListItem[];
}

export interface TableBlock {
  kind: 'table';
  /** Column headings, repeated at the top of every page the table runs onto. */
  header?: readonly Inlines[];
  rows: readonly (readonly Inlines[])[];
}

/** A passage quoted in full (blank lines separate its paragraphs) and the line saying where it is from. */
export interface QuoteBlock {
  kind: 'quote';
  text: string;
  source?: Inlines;
}

export interface PageBreakBlock {
  kind: 'page-break';
}

export type Block = HeadingBlock | ParagraphBlock | FieldsBlock | ListBlock | TableBlock | QuoteBlock | PageBreakBlock;

export interface DocumentModel {
  /** Shown at the top of the first page and kept as the file's title property. */
  title: string;
  /** Facts about the record, listed under the title. */
  metadata?: readonly Field[];
  /** Text at the top of every page. */
  header?: string;
  /** The foot of every page: "Page n of N" when `pageNumbers`, then `text`. */
  footer?: { pageNumbers: boolean; text?: string };
  /** The file's properties, as Word shows them under File > Info. */
  creator: string;
  subject?: string;
  description?: string;
  blocks: readonly Block[];
}
