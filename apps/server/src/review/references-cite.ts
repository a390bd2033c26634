/**
 * The library documents a policy cites: codes ("HTM 04-01 Part B", "HSG274 Part 2"), titles of
 * legislation and guidance, and the acronyms and short names derived from the library's codes and
 * titles ("COSHH", "the Fire Safety Order"). The writing assistant's reference detector reads
 * each element as one line; this module places what it found in the element's text and reads the
 * edition written after a citation ("(third edition, 2000)"), which picks that edition.
 */
import { detectReferences } from '../core/library/references.ts';
import { indexLibrary } from '../core/library/references-library.ts';
import type { Citation, LibraryDocument, PolicyElement, ReviewLibrary } from './types.ts';

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8 };
const YEAR = /\b(?:19|20)\d{2}\b/g;

/** What an edition note says: its years and its ordinal ("3rd edition" → 3). */
export interface EditionNote {
  years: number[];
  ordinal: number | null;
  /** Characters of the note after the citation (0 when none). */
  length: number;
}

/** Every citation of a library document in the policy's elements, in reading order. */
export function citeLibrary(elements: readonly PolicyElement[], library: ReviewLibrary): Citation[] {
  const byId = new Map(library.documents.map((doc) => [doc.id, doc]));
  const citations: Citation[] = [];
  for (const element of elements) {
    const found: Citation[] = [];
    const references = detectReferences([{ n: 1, speaker: null, time: null, text: element.text }], library.documents);
    for (const reference of references) {
      const cited = reference.document_id === null ? undefined : byId.get(reference.document_id);
      if (!cited) continue;
      let from = 0;
      for (const mention of reference.mentions) {
        const at = element.text.indexOf(mention.said, from);
        if (at < 0) continue;
        from = at + mention.said.length;
        for (const citation of placeCitation(element, cited, at, at + mention.said.length, library)) {
          if (!found.some((other) => other.document === citation.document && overlaps(other, citation))) found.push(citation);
        }
      }
    }
    for (const citation of datedCodes(element, library)) if (!found.some((other) => overlaps(other, citation))) found.push(citation);
    citations.push(...found.sort((a, b) => a.location.start - b.location.start));
  }
  return citations;
}

/** A standard's code with its edition after a colon: "BS 8580:2010", "BS EN 1234-2:2004". */
const DATED_CODE = /\b[A-Z]{2,5}(?:\s[A-Z]{2,5}){0,2}\s?\d[\d-]*:(?:19|20)\d{2}\b(?![+:])/g;

/**
 * Codes written with their edition that are the library's own code of that edition, when the
 * reference reader found none there: "BS 8580:2010" names the withdrawn standard even though no
 * current document's code is "BS 8580" (its successor is "BS 8580-1").
 */
function datedCodes(element: PolicyElement, library: ReviewLibrary): Citation[] {
  const found: Citation[] = [];
  for (const match of element.text.matchAll(DATED_CODE)) {
    const document = codedEdition(match[0], library);
    if (!document) continue;
    const location = { element: element.index, start: match.index, end: match.index + match[0].length };
    found.push({ document, location, said: match[0] });
  }
  return found;
}

function overlaps(a: Citation, b: Citation): boolean {
  return a.location.start < b.location.end && b.location.start < a.location.end;
}

/**
 * A mention tidied to whole brackets, as one citation per document it names: the edition year
 * or ordinal written with it ("HTM 04-01 (2016)", "L8 (third edition, 2000)", "HTM 00: Policies
 * and principles (2006)") picks those editions of the code, in every part unless it names one.
 */
function placeCitation(element: PolicyElement, cited: LibraryDocument, start: number, end: number, library: ReviewLibrary): Citation[] {
  const text = element.text;
  // A year read before a title ("(2013) Safe management of …") belongs to the citation before it.
  const lead = /^(?:19|20)\d{2}\)[\s,;]*/.exec(text.slice(start, end));
  if (lead) start += lead[0].length;
  const said = text.slice(start, end);
  if ((said.match(/\(/g)?.length ?? 0) > (said.match(/\)/g)?.length ?? 0) && text[end] === ')') end += 1;
  if (start >= end) return [];
  // A standard's edition written after a colon ("BS 5839-1:2017", "BS7671:2018+A2:2022") names the
  // library document whose code it is, when there is one.
  const colon = /^:((?:19|20)\d{2})(?:\+A\d{1,2}:(?:19|20)\d{2}){0,4}(?![\d+])/.exec(text.slice(end, end + 60));
  const edition = colon ? codedEdition(`${text.slice(start, end)}${colon[0]}`, library) : undefined;
  if (colon && edition) {
    end += colon[0].length;
    return [{ document: edition, location: { element: element.index, start, end }, said: text.slice(start, end) }];
  }
  const titled = TITLE_AND_YEAR.exec(text.slice(end, end + TITLE_REACH));
  const note = titled ? { years: [Number(titled[1])], ordinal: null, length: titled[0].length } : editionNoteAfter(text, end);
  const trailing = /\(?((?:19|20)\d{2})\)?$/.exec(text.slice(start, end));
  const years = trailing ? [Number(trailing[1])] : note.years;
  let documents = [cited];
  if (years.length > 0 || note.ordinal !== null) {
    const editions = editionsOf(cited, { years, ordinal: note.ordinal, length: note.length }, /\bPart\b/i.test(said), library);
    if (editions.length > 0) {
      documents = editions;
      if (!trailing) end += note.length;
    }
  }
  return documents.map((document) => ({ document, location: { element: element.index, start, end }, said: text.slice(start, end) }));
}

/** A title after the code and its year in brackets, as a reference list writes them: "HTM 00: Policies and principles (2006)". */
const TITLE_AND_YEAR = /^:\s+[^()\n.;:]{3,150}?\s\(((?:19|20)\d{2})\)/;
const TITLE_REACH = 170;

const codesByLibrary = new WeakMap<ReviewLibrary, Map<string, LibraryDocument>>();

/** The library document whose code is the given text, spaces and case aside. */
function codedEdition(written: string, library: ReviewLibrary): LibraryDocument | undefined {
  let codes = codesByLibrary.get(library);
  if (!codes) {
    codes = new Map(library.documents.map((doc) => [compact(doc.code), doc]));
    codesByLibrary.set(library, codes);
  }
  return codes.get(compact(written));
}

const compact = (code: string) => code.replace(/\s+/g, '').toLowerCase();

/** "(third edition, 2000)", "(3rd edition)", ", 2000 edition" right after a citation. */
export function editionNoteAfter(text: string, at: number): EditionNote {
  const match = /^\s*\(([^()]*\bedition\b[^()]*)\)/i.exec(text.slice(at)) ?? /^,?\s+((?:\w+\s+)?edition\b)/i.exec(text.slice(at));
  if (!match) return { years: [], ordinal: null, length: 0 };
  const note = (match[1] as string).toLowerCase();
  return { years: yearsIn(note), ordinal: ordinalIn(note), length: match[0].length };
}

export function yearsIn(text: string): number[] {
  return [...text.matchAll(YEAR)].map((match) => Number(match[0]));
}

export function ordinalIn(text: string): number | null {
  const numeric = /\b(\d)(?:st|nd|rd|th)\s+edition/.exec(text);
  if (numeric) return Number(numeric[1]);
  const word = /\b([a-z]+)\s+edition/.exec(text);
  return word ? (ORDINALS[word[1] as string] ?? null) : null;
}

/**
 * The editions of a document's code that an edition note names: the document itself when it fits,
 * else the fitting editions of its part (`ownPart`) or of every part; none when none fits.
 */
function editionsOf(cited: LibraryDocument, note: EditionNote, ownPart: boolean, library: ReviewLibrary): LibraryDocument[] {
  const fits = (doc: LibraryDocument) => {
    const years = yearsIn(`${doc.code} ${doc.edition}`);
    const ordinal = ordinalIn(doc.edition.toLowerCase());
    const yearFits = note.years.length === 0 || note.years.some((year) => years.includes(year));
    return yearFits && (note.ordinal === null || ordinal === note.ordinal);
  };
  if (fits(cited)) return [cited];
  const index = indexLibrary(library.documents);
  const own = index.entries.find((entry) => entry.doc === cited);
  if (!own) return [];
  return index.entries
    .filter((entry) => entry.family === own.family && (!ownPart || entry.part === own.part))
    .map((entry) => entry.doc as LibraryDocument)
    .filter(fits);
}
