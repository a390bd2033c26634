import { type SourceFormat, UnreadableFileError } from './document.ts';
import { readZipDirectory } from './zip.ts';

export const ACCEPTED_TYPES_MESSAGE = 'Upload a PDF, Word (.docx), HTML, Markdown or plain text file.';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

/** Signatures of common binary files, refused before anything tries to read them as text. */
const BINARY_SIGNATURES: { name: string; bytes: number[]; binaryHeader?: true }[] = [
  { name: 'a legacy Word (.doc) or other Office 97–2003 file', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { name: 'an image', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { name: 'an image', bytes: [0xff, 0xd8, 0xff] },
  { name: 'an image', bytes: [0x47, 0x49, 0x46, 0x38] },
  // "MZ" also begins text ("MZ Smith's notes"); an executable's header that follows always holds NUL bytes.
  { name: 'an executable', bytes: [0x4d, 0x5a], binaryHeader: true },
  { name: 'an executable', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { name: 'a compressed archive', bytes: [0x1f, 0x8b] },
  { name: 'a compressed archive', bytes: [0x52, 0x61, 0x72, 0x21] },
  { name: 'a compressed archive', bytes: [0x37, 0x7a, 0xbc, 0xaf] },
  { name: 'an RTF file', bytes: [0x7b, 0x5c, 0x72, 0x74, 0x66] },
];

/** C0 control bytes other than tab, new lines, form feed and escape: text files do not contain them. */
function hasControlBytes(bytes: Uint8Array): boolean {
  return bytes.some(
    (byte) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0b && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b,
  );
}

/**
 * Where the markup of `text` starts: after leading white space, comments and (for a web page) XML
 * declarations. One pass, each comment ended at its first `-->`: the same file can never make this
 * backtrack, however many comments it opens with (a pattern such as `(?:\s|<!--[\s\S]*?-->)*` did,
 * doubling its time with each further comment).
 */
function markupStart(text: string, xmlDeclarations: boolean): number {
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text.charAt(at))) at++;
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) return at;
      at = end + 3;
    } else if (xmlDeclarations && text.slice(at, at + 5).toLowerCase() === '<?xml') {
      const end = text.indexOf('>', at + 5);
      if (end < 0) return at;
      at = end + 1;
    } else {
      return at;
    }
  }
}

// Markup that only a web page opens with (after an optional BOM, XML declaration or comments).
const HTML_OPENING = /^<(?:!doctype\s+html|html|head|body|title|meta)[\s>/]/i;

// XML or SVG that is not a web page (an XHTML page matched HTML_OPENING first).
const OTHER_OPENING = /^(?:<\?xml|<svg[\s>]|<!doctype\s+(?!html))/i;

/** The opening markup of `text` from `at`, bounded: the patterns above only ever see this much. */
const opening = (text: string, at: number) => text.slice(at, at + 64);

/**
 * The format of a file, decided by its bytes: a PDF by its `%PDF-` signature, a Word file by a
 * ZIP holding `word/document.xml`, HTML by its opening markup, and otherwise UTF-8 text with no
 * NUL bytes, which is Markdown when the name ends .md or .markdown and plain text otherwise.
 * Anything else is refused as an unsupported type.
 */
export function sniffFormat(bytes: Uint8Array, filename: string): SourceFormat {
  // Readers accept a PDF header after a little leading whitespace, so the sniffer does too.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (/^\s{0,1000}%PDF-/.test(head)) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    const names = readZipDirectory(bytes)?.map((entry) => entry.name);
    if (names?.includes('word/document.xml')) return 'docx';
    const what = names?.some((name) => name.startsWith('xl/') || name.startsWith('ppt/'))
      ? 'an Excel or PowerPoint file'
      : 'a ZIP archive that is not a Word document';
    throw new UnreadableFileError('unsupported_type', `This file is ${what}. ${ACCEPTED_TYPES_MESSAGE}`);
  }
  const known = BINARY_SIGNATURES.find(
    (signature) => startsWith(bytes, signature.bytes) && (!signature.binaryHeader || bytes.subarray(0, 64).includes(0)),
  );
  if (known) throw new UnreadableFileError('unsupported_type', `This file is ${known.name}. ${ACCEPTED_TYPES_MESSAGE}`);

  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UnreadableFileError('unsupported_type', `This file is not text in a format we can read. ${ACCEPTED_TYPES_MESSAGE}`);
  }
  if (bytes.includes(0) || hasControlBytes(bytes.subarray(0, 64 * 1024))) {
    throw new UnreadableFileError('unsupported_type', `This file is binary, not text in a format we can read. ${ACCEPTED_TYPES_MESSAGE}`);
  }
  const start = text.replace(/^\uFEFF/, '').slice(0, 4096);
  if (HTML_OPENING.test(opening(start, markupStart(start, true)))) return 'html';
  // SVG images and other XML are text too, but their markup is not a document to read.
  if (OTHER_OPENING.test(opening(start, markupStart(start, false)))) {
    throw new UnreadableFileError('unsupported_type', `This file is an SVG image or other XML. ${ACCEPTED_TYPES_MESSAGE}`);
  }
  return /\.(md|markdown)$/i.test(filename.trim()) ? 'markdown' : 'text';
}
