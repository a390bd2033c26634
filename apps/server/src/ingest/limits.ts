import { AsyncLocalStorage } from 'node:async_hooks';
import { UnreadableFileError } from './document.ts';

/**
 * Caps on what one untrusted file may make the parser do. Each is checked as early as the format
 * allows (the ZIP directory before unzipping, the page count before the first page is read,
 * elements and characters as they are produced), so a hostile file is refused before it can make
 * the parser allocate without bound.
 */
export interface ParseLimits {
  /** Total uncompressed size of a Word file's ZIP entries, from its central directory. */
  maxUnzippedBytes: number;
  /** Total uncompressed size over the file's size. */
  maxCompressionRatio: number;
  /** Entries in a Word file's ZIP directory. */
  maxZipEntries: number;
  maxPages: number;
  /** Paragraphs, headings, list items and tables. */
  maxElements: number;
  /** Characters of text. */
  maxCharacters: number;
  /** Total size a PDF's compressed (FlateDecode) streams unpack to. */
  maxInflatedBytes: number;
}

/** The defaults of the PARSE_* settings (docs/configuration.md explains the choices). */
export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  maxUnzippedBytes: 64 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxZipEntries: 5_000,
  maxPages: 2_000,
  maxElements: 20_000,
  maxCharacters: 10_000_000,
  maxInflatedBytes: 256 * 1024 * 1024,
};

export const TOO_COMPLEX_ADVICE = 'Split it into smaller files, or save it again in a simpler format, and upload it again.';

const count = (n: number) => n.toLocaleString('en-GB');
export const formatCount = count;
export const formatMegabytes = (bytes: number) => `${count(Math.round(bytes / (1024 * 1024)))} MB`;

export function tooComplex(what: string): UnreadableFileError {
  return new UnreadableFileError('too_complex', `${what} ${TOO_COMPLEX_ADVICE}`);
}

interface Budget {
  limits: ParseLimits;
  elements: number;
  /** Characters in elements. */
  characters: number;
  /** Characters read before elements are built (PDF text runs). */
  read: number;
}

const active = new AsyncLocalStorage<Budget>();

/** Runs a parse with these limits in force for every element and character it produces. */
export function withParseLimits<T>(limits: ParseLimits | undefined, parse: () => Promise<T>): Promise<T> {
  if (!limits) return parse();
  return active.run({ limits, elements: 0, characters: 0, read: 0 }, parse);
}

export function currentParseLimits(): ParseLimits | undefined {
  return active.getStore()?.limits;
}

/** Counts one element of `characters` characters; throws once the document holds more than allowed. */
export function chargeElement(characters: number): void {
  const budget = active.getStore();
  if (!budget) return;
  budget.elements += 1;
  if (budget.elements > budget.limits.maxElements) {
    throw tooComplex(
      `This file holds more than ${count(budget.limits.maxElements)} paragraphs, headings, list items and tables, the limit for one document.`,
    );
  }
  budget.characters += characters;
  checkTextLength(budget.characters);
}

/** Counts characters of text read before elements are built (PDF text runs), so a page of endless text stops early. */
export function chargeRead(characters: number): void {
  const budget = active.getStore();
  if (!budget) return;
  budget.read += characters;
  checkTextLength(budget.read);
}

/** Refuses a text of more characters than a document may hold (Markdown and plain text are refused unread). */
export function checkTextLength(characters: number): void {
  const limits = currentParseLimits();
  if (limits && characters > limits.maxCharacters) {
    throw tooComplex(`This file holds more than ${count(limits.maxCharacters)} characters of text, the limit for one document.`);
  }
}

/** Refuses a document with more pages than allowed, before any page is read. */
export function checkPageCount(pages: number): void {
  const limits = currentParseLimits();
  if (limits && pages > limits.maxPages) {
    throw tooComplex(`This PDF has ${count(pages)} pages; a document can have at most ${count(limits.maxPages)}.`);
  }
}
