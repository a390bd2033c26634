import { parseDocx } from './docx.ts';
import { parseHtml } from './html.ts';
import { checkTextLength, formatMegabytes, type ParseLimits, tooComplex, withParseLimits } from './limits.ts';
import type { ParsedDocument, SourceFormat } from './document.ts';
import { UnreadableFileError } from './document.ts';
import { parseMarkdown, type ParsedElement } from './markdown.ts';
import { parsePdf } from './pdf.ts';
import { inflatesBeyond } from './pdf-streams.ts';
import { sniffFormat } from './sniff.ts';
import { isShortHeading, NUMBERED_HEADING, parseText } from './text.ts';
import { checkZipLimits, readZipDirectory, verifyZipEntries } from './zip.ts';

export { sniffFormat } from './sniff.ts';
export { extractPdfText } from './pdf.ts';
export { type ParsedDocument, type SourceFormat, UnreadableFileError } from './document.ts';

/**
 * The format of a file as an upload is checked before it is stored: decided by content, and a Word
 * file's ZIP directory held to the limits (a zip bomb is refused before it is queued).
 */
export function checkUploadFormat(bytes: Uint8Array, filename: string, limits: ParseLimits): SourceFormat {
  const format = sniffFormat(bytes, filename);
  if (format === 'docx') checkZipLimits(bytes, readZipDirectory(bytes) ?? [], limits);
  return format;
}

/**
 * Parse a file into ordered elements, in this thread. The format is sniffed from the bytes (the
 * file name only separates Markdown from plain text); a file over `maxBytes`, of another type,
 * encrypted, damaged, without any text or beyond `limits` is refused with an UnreadableFileError,
 * and nothing else is thrown for bad input. Files from outside go through parseUntrustedFile
 * (untrusted/pool.ts), which runs this in a worker with memory and time limits.
 */
export async function parseFile(input: {
  bytes: Uint8Array;
  filename: string;
  maxBytes?: number;
  limits?: ParseLimits;
}): Promise<ParsedDocument> {
  const { bytes, filename, maxBytes, limits } = input;
  if (maxBytes !== undefined && bytes.byteLength > maxBytes) {
    const limit = `${Math.floor(maxBytes / (1024 * 1024)) || (maxBytes / (1024 * 1024)).toFixed(2)} MB`;
    throw new UnreadableFileError('too_large', `This file is larger than the ${limit} limit for documents.`);
  }
  const format = sniffFormat(bytes, filename);
  let parsed: { title: string | null; pageCount: number; elements: ParsedElement[] };
  try {
    parsed = await withParseLimits(limits, () => parseByFormat(format, bytes, limits));
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    // A parser library failing on hostile or damaged input is the file's fault, not the server's.
    throw new UnreadableFileError('corrupt', 'This file is damaged and could not be read. Save or export it again and re-upload it.');
  }
  // Half a surrogate pair (a Word file's `&#xD800;`, a PDF's broken text) is no character: the
  // database cannot store it, so it becomes U+FFFD like any other undecodable text.
  const elements = parsed.elements
    .filter((element) => element.text.trim().length > 0)
    .map((element) =>
      element.text.isWellFormed() && element.headingPath.every((heading) => heading.isWellFormed()) ? element : wellFormed(element),
    );
  if (elements.length === 0) {
    throw new UnreadableFileError(
      'no_text',
      format === 'pdf'
        ? 'This PDF has no text layer (it looks like a scan). Scanned PDFs need OCR before ingestion.'
        : 'The file contains no text to ingest.',
    );
  }
  const title =
    (
      parsed.title ??
      elements.find((element) => element.type === 'title')?.text ??
      headingOverAll(elements) ??
      namedOpening(elements)
    )?.toWellFormed() ?? null;
  return { format, title, pageCount: parsed.pageCount, elements };
}

/** How far into a document its front page is looked for. */
const OPENING_REACH = 12;
/** Words a document's own name has ("Water Safety Policy", "Incident Reporting Procedure"), not after "this" or "the". */
const DOCUMENT_KIND =
  /(?<!\b(?:this|the|our|a|an|each|any|every)\s)\b(?:policy|procedure|protocol|guidelines?|strategy|plan|framework|code of practice|arrangements)\b/i;

/**
 * The title of a file that names none, from its front page (the elements before the first heading
 * that follows text, or before the first numbered section): the first heading or short line there
 * that names a kind of document ("Water Safety and Legionella Control Policy" under "Heronsgate
 * Lodge Nursing Home").
 */
function namedOpening(elements: readonly ParsedElement[]): string | null {
  let text = false;
  for (const element of elements.slice(0, OPENING_REACH)) {
    const heading = element.type === 'heading';
    if (heading && (text || NUMBERED_HEADING.test(element.text))) return null;
    if ((heading || (element.type === 'paragraph' && isShortHeading(element.text))) && DOCUMENT_KIND.test(element.text))
      return element.text;
    text ||= !heading;
  }
  return null;
}

/** How far into a document its heading may open: after a line or two (the organisation's name). */
const TITLE_REACH = 3;
/** Headings enough under one heading for it to head the document rather than a section. */
const MIN_SECTIONS = 2;

/**
 * The title of a file that names none (a Word file without the Title style, a PDF without a larger
 * first line): a heading among its opening elements that every later element sits under, with
 * sections of its own, and not a numbered section ("1. Purpose").
 */
function headingOverAll(elements: readonly ParsedElement[]): string | null {
  const at = elements.slice(0, TITLE_REACH).findIndex((element) => element.type === 'heading');
  const heading = elements[at];
  if (!heading || heading.headingPath.length > 0 || NUMBERED_HEADING.test(heading.text)) return null;
  const after = elements.slice(at + 1);
  if (!after.every((element) => element.headingPath[0] === heading.text)) return null;
  return after.filter((element) => element.type === 'heading').length >= MIN_SECTIONS ? heading.text : null;
}

function wellFormed(element: ParsedElement): ParsedElement {
  return { ...element, text: element.text.toWellFormed(), headingPath: element.headingPath.map((heading) => heading.toWellFormed()) };
}

async function parseByFormat(
  format: SourceFormat,
  bytes: Uint8Array,
  limits: ParseLimits | undefined,
): Promise<{ title: string | null; pageCount: number; elements: ParsedElement[] }> {
  switch (format) {
    case 'pdf':
      if (limits && (await inflatesBeyond(bytes, limits.maxInflatedBytes))) {
        throw tooComplex(
          `This PDF's compressed contents unpack to more than ${formatMegabytes(limits.maxInflatedBytes)}, the limit for one document.`,
        );
      }
      return parsePdf(bytes);
    case 'docx':
      if (limits) {
        // The sniffer has read this directory already; a null here cannot happen for a DOCX.
        const entries = readZipDirectory(bytes) ?? [];
        checkZipLimits(bytes, entries, limits);
        verifyZipEntries(bytes, entries);
      }
      return { ...(await parseDocx(bytes)), pageCount: 1 };
    case 'html':
      return { ...parseHtml(decodeText(bytes), { titleFrom: 'document' }), pageCount: 1 };
    case 'markdown': {
      const text = decodeText(bytes);
      // Markdown and plain text are nearly all text: more characters than allowed are refused unread.
      checkTextLength(text.length);
      return { title: null, pageCount: 1, elements: parseMarkdown(text) };
    }
    case 'text': {
      const text = decodeText(bytes);
      checkTextLength(text.length);
      return { title: null, pageCount: 1, elements: parseText(text) };
    }
  }
}

/** UTF-8 without its byte-order mark (the sniffer has already refused anything that is not UTF-8). */
function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
}
