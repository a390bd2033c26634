import { everydayRank } from '../core/language/everyday.ts';
import { capitalisedRanges, isProse, layoutOf } from './layout.ts';
import { quoteAt } from './locate.ts';
import { firstCells, inDefinitions, LINKING_WORDS, phraseAround } from './terms-text.ts';
import type { FindingEvidence, LibraryDocument, Policy, PolicyElement, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/** Capitals everyone knows, never spelled out in NHS policies. */
const UNIVERSAL = new Set(['NHS', 'UK', 'EU', 'GP', 'PhD']);

/**
 * The letters of an acronym: two or more capitals (digits and & allowed), with a bracketed part as
 * in AE(LV) or AB(CD)E; or capitals with single small letters between them, as in DoLS or ACoP.
 */
const LETTERS = String.raw`(?:[A-Z]+[a-z][A-Z]+(?:[a-z][A-Z]+)?|[A-Z][A-Z0-9&]*[A-Z0-9](?:\([A-Z][A-Za-z0-9&]*\)[A-Z0-9&]*)?)`;

/**
 * An acronym with an optional plural s, also before its bracket ("APs(LV)" is the plural of AP(LV));
 * capitals closing a citation such as "Directive 12/34/XY" are not one.
 */
const ACRONYM = new RegExp(
  String.raw`(?<![A-Za-z0-9&]|[0-9]/)(?:([A-Z][A-Z0-9&]*[A-Z0-9])s(\([A-Z][A-Za-z0-9&]*\))|(${LETTERS}))(s?)(?![A-Za-z0-9&])`,
  'g',
);

/** The acronym an ACRONYM match spells, without its plural. */
const acronymOf = (match: RegExpMatchArray) => match[3] ?? `${match[1] ?? ''}${match[2] ?? ''}`;

/** An acronym alone in brackets, as after its expansion: "(LV)", "(AE(LV))", "(AB(CD)E)", "(the EAWR)", "(PUFs; see …)". */
const BRACKETED = new RegExp(String.raw`\(\s*(?:the\s+)?(${LETTERS})s?\s*[),;]`, 'g');

interface Use {
  element: PolicyElement;
  start: number;
  end: number;
  acronym: string;
}

/**
 * Acronyms the policy uses without defining them, each reported once: at its first use in running
 * text, or at its first use when it only ever heads a numbered paragraph ("4.5 ASP(LV). …").
 */
export function undefinedAcronymFindings(policy: Policy, library: ReviewLibrary): ReviewFindingDraft[] {
  const defined = definedAcronyms(policy);
  const codeWords = libraryCodeWords(library);
  const words = wordsNotInCapitals(policy);
  const first = new Map<string, Use>();
  const inText = new Map<string, Use>();
  for (const use of acronymUses(policy)) {
    const { acronym } = use;
    if (inText.has(acronym) || defined.has(acronym) || !looksLikeAcronym(acronym, codeWords, words)) continue;
    if (isPartOfCitation(use.element.text, use.end) || isIdentifier(use.element.text, use.start, use.end)) continue;
    if (!first.has(acronym)) first.set(acronym, use);
    if (!headsParagraph(use)) inText.set(acronym, use);
  }
  return [...first].map(([acronym, use]) => finding(inText.get(acronym) ?? use, expansionInLibrary(acronym, library)));
}

/** Every use of capitals in the policy's prose, outside page furniture, contents lists and text set in capitals. */
function acronymUses(policy: Policy): Use[] {
  const layout = layoutOf(policy);
  return policy.elements.flatMap((element) => {
    if (!isProse(layout, element)) return [];
    const capitals = capitalisedRanges(element);
    return [...element.text.matchAll(ACRONYM)]
      .filter((match) => !capitals.some((range) => match.index >= range.start && match.index < range.end))
      .map((match) => ({ element, start: match.index, end: match.index + match[0].length, acronym: acronymOf(match) }));
  });
}

/** An acronym that heads its paragraph as a label, after an optional number: "4.5 ASP(LV). Where …", "SIRO: …". */
function headsParagraph(use: Use): boolean {
  const before = use.element.text.slice(0, use.start);
  return /^\s*(?:\d+(?:\.\d+)*\.?\s+)?$/.test(before) && /^\s*[.:–—-](?:\s|$)/.test(use.element.text.slice(use.end));
}

/**
 * Capitals inside a reference number joined by hyphens or slashes: with digits ("HC-POL-06",
 * "ACG-IPC-07"), three parts or more ("POL-I&R-ADAPT"), or a slash and a number after it ("PAT/T 43").
 */
function isIdentifier(text: string, start: number, end: number): boolean {
  const before = /[A-Za-z0-9&/-]*$/.exec(text.slice(Math.max(0, start - 40), start))?.[0] ?? '';
  const after = /^[A-Za-z0-9&/-]*/.exec(text.slice(end, end + 40))?.[0] ?? '';
  const token = `${before}${text.slice(start, end)}${after}`;
  const parts = token.split(/[-/]/).filter((part) => part !== '').length;
  // "PAT/T 43": capitals joined by a slash, then the document's number after a space.
  const numbered = token.includes('/') && /^\s+\d/.test(text.slice(end + after.length, end + after.length + 4));
  return /[-/]/.test(`${before.slice(-1)}${after.slice(0, 1)}`) && (/[0-9]/.test(token) || parts >= 3 || numbered);
}

function looksLikeAcronym(acronym: string, codeWords: Set<string>, words: Set<string>): boolean {
  const letters = acronym.replace(/[^A-Z]/g, '');
  if (letters.length < 2 || UNIVERSAL.has(acronym) || codeWords.has(acronym)) return false;
  if (/^[IVX]+$/.test(acronym)) return false; // a Roman numeral
  if (/[0-9]/.test(acronym)) return false; // a code such as HSG274
  if (words.has(acronym.toLowerCase())) return false; // a word the policy also writes small, set in capitals for emphasis
  // A common English word of some length in capitals ("CURRENT", "APPROVED") is a word set in
  // capitals, not an acronym: the acronyms policies use are rarely ordinary words of five letters or more.
  const rank = letters.length >= CAPITALISED_WORD_LETTERS ? everydayRank(acronym) : null;
  return rank === null || rank > CAPITALISED_WORD_RANK;
}

/** How long, and how common in everyday English, a word in capitals must be to be read as a word. */
const CAPITALISED_WORD_LETTERS = 5;
const CAPITALISED_WORD_RANK = 10_000;

/**
 * Letters followed by a number are a document code or citation: "HTM 04-01", "BS EN 7396", "COSHH
 * 2002", "COVID-19"; capitals opening a document's title are its publisher's ("XYZ Wiring
 * Regulations", "XY Guidance Note"), also in a bracket of the title ("… (XY Directive) Regulations").
 */
function isPartOfCitation(text: string, end: number): boolean {
  const after = text.slice(end, end + 80);
  return /^(?:[ \t]+[A-Z]{2,})*[ \t-]*[A-Z]?[0-9]/.test(after) || DOCUMENT_TITLE_AFTER.test(after);
}

const DOCUMENT_TITLE_AFTER =
  /^(?:\s+[A-Z][a-z]+){0,3}\)?\s+(?:Regulations|Guidance(?:\s+Notes?)?|Notes?|Code of Practice|Standards?|Handbook|Memorandum)\b/;

/** The capital letters of the library's codes: series prefixes (HTM, HBN, HSG) and short names of laws (COSHH, LOLER). */
function libraryCodeWords(library: ReviewLibrary): Set<string> {
  const words = new Set<string>();
  for (const document of library.documents) {
    for (const match of document.code.matchAll(/(?<![A-Za-z])[A-Z][A-Z&]*[A-Z](?![a-z])/g)) words.add(match[0]);
    // A code's mixed-case series written in capitals ("ACOP" for "ACoP").
    for (const match of document.code.matchAll(/(?<![A-Za-z])[A-Z][A-Za-z]*[A-Z](?![a-z])/g)) words.add(match[0].toUpperCase());
  }
  return words;
}

/** The words the policy writes with a small letter anywhere ("water", "Fife"), in lower case: their capitals elsewhere are emphasis or typography. */
function wordsNotInCapitals(policy: Policy): Set<string> {
  return new Set(policy.elements.flatMap((element) => (element.text.match(/\b[A-Za-z][a-z]+\b/g) ?? []).map((word) => word.toLowerCase())));
}

/** Acronyms defined in brackets after an expansion, in a definitions table or list, or by "X means …". */
function definedAcronyms(policy: Policy): Set<string> {
  const defined = new Set<string>();
  const addFrom = (text: string, pattern: RegExp) => {
    for (const match of text.matchAll(pattern)) defined.add(match[1] ?? '');
  };
  for (const element of policy.elements) {
    addFrom(element.text, BRACKETED);
    for (const match of element.text.matchAll(PLURAL_BRACKETED)) defined.add(`${match[1]}${match[2]}`);
    addFrom(element.text, new RegExp(String.raw`(${LETTERS})s?\s+(?:means|stands for|is short for)\b`, 'g'));
    addFrom(element.text, /([A-Z][A-Z0-9&]*[A-Z0-9])s?\s+\((?:[A-Za-z-]+\s+)+[A-Za-z-]+\)/g);
    addFrom(element.text, KNOWN_AS);
    const label = LABELLED.exec(element.text);
    if (label && spellsOut(label[1] ?? '', label[2] ?? '', label[3] ?? '')) defined.add(label[3] ?? '');
    if (isGlossaryTable(element)) for (const cell of firstCells(element)) addAcronyms(defined, cell);
    else if (inDefinitions(element)) addAcronyms(defined, element.text.slice(0, 40).split(/[:–—-]\s/)[0] ?? '');
    else if (element.type === 'table') for (const acronym of spelledOutInRows(element)) defined.add(acronym);
  }
  return defined;
}

/** An acronym given after its expansion by "known as" or "referred to as": "… Regulations 2017, known as IR(ME)R". */
const KNOWN_AS = new RegExp(String.raw`\b(?:known|referred\s+to)\s+as\s+(?:the\s+)?(${LETTERS})s?\b`, 'g');
/** A paragraph labelled with an expansion and its acronym: "**Authorising Engineer (LV), AE(LV).** An independent …". */
const LABELLED = new RegExp(
  String.raw`^(?:\d+(?:\.\d+)*\.?\s+)?(?:\*\*)?([A-Z][A-Za-z'-]*(?:\s+[A-Za-z'-]+){0,8}?)(?:\s+(\([A-Z][A-Za-z0-9&]*\)))?,\s+(${LETTERS})s?(?:\*\*)?[.:](?:\*\*)?\s`,
);

/**
 * Whether a label's words and their bracketed qualifier spell its acronym and the acronym's bracket:
 * "Authorised Persons (LV)" for AP(LV), "Authorising Engineer (Boilers)" for AE(B).
 */
function spellsOut(words: string, qualifier: string, acronym: string): boolean {
  const bracket = /\([^)]*\)/.exec(acronym)?.[0] ?? '';
  const inner = qualifier.slice(1, -1);
  const qualified =
    bracket === qualifier || (bracket !== '' && inner !== '' && initialsMatch(inner.split(/\s+/), bracket.slice(1, -1)) === inner);
  return (bracket === '' || qualified) && initialsMatch(words.split(/\s+/), acronym.replace(bracket, '')) === words;
}

/** A table cell that is an acronym and nothing else: "CSTD", "APs". */
const WHOLE_ACRONYM = new RegExp(`^(${LETTERS})s?$`);

/**
 * Acronyms a table's rows spell out, wherever the table sits and whatever its headings: a row whose
 * first cell is the acronym and whose next cell starts with words that have its initials ("CSTD |
 * Closed-system transfer device: a connector …").
 */
function spelledOutInRows(element: PolicyElement): string[] {
  const found: string[] = [];
  for (const row of element.text.split('\n')) {
    const [term = '', meaning = ''] = row.split(' | ');
    const acronym = WHOLE_ACRONYM.exec(term.trim())?.[1];
    if (!acronym) continue;
    const words =
      meaning
        .split(/[:;,.(]/)[0]
        ?.trim()
        .split(/\s+/) ?? [];
    const letters = acronym.replace(/[^A-Z]/g, '').length;
    // The words that spell it out are at the start: at most a few linking words more than it has letters.
    for (let count = 1; count <= Math.min(words.length, letters + 3); count++) {
      if (initialsMatch(words.slice(0, count), acronym) === words.slice(0, count).join(' ')) {
        found.push(acronym);
        break;
      }
    }
  }
  return found;
}

function addAcronyms(defined: Set<string>, text: string): void {
  for (const match of text.matchAll(ACRONYM)) defined.add(acronymOf(match));
}

/** A plural acronym with its qualifier alone in brackets: "(APs(LV))". */
const PLURAL_BRACKETED = /\(\s*(?:the\s+)?([A-Z][A-Z0-9&]*[A-Z0-9])s(\([A-Z][A-Za-z0-9&]*\))\s*[),;]/g;

function isGlossaryTable(element: PolicyElement): boolean {
  if (element.type !== 'table') return false;
  const header = element.text.split('\n')[0]?.split(' | ')[0] ?? '';
  return inDefinitions(element) || /\b(term|abbreviation|acronym)s?\b/i.test(header);
}

interface Expansion {
  words: string;
  evidence: FindingEvidence;
}

/** An acronym in brackets in the library's text, as after its expansion: "(LV)", "(AE(LV))", "(PUFs)". */
const LIBRARY_BRACKETED = new RegExp(String.raw`\((${LETTERS})s?\)`, 'g');

interface Bracketed {
  document: LibraryDocument;
  element: LibraryDocument['elements'][number];
  index: number;
}

/** Where the library writes each acronym in brackets, in reading order: read once per library, not once per acronym. */
const bracketedByLibrary = new WeakMap<ReviewLibrary, Map<string, Bracketed[]>>();

function bracketedIn(library: ReviewLibrary): Map<string, Bracketed[]> {
  let index = bracketedByLibrary.get(library);
  if (index) return index;
  index = new Map();
  for (const document of library.documents) {
    for (const element of document.elements) {
      for (const match of element.text.matchAll(LIBRARY_BRACKETED)) {
        const acronym = match[1] ?? '';
        const list = index.get(acronym) ?? [];
        if (list.length === 0) index.set(acronym, list);
        list.push({ document, element, index: match.index });
      }
    }
  }
  bracketedByLibrary.set(library, index);
  return index;
}

/** The words the library spells an acronym out in ("local exhaust ventilation" for LEV), or null. */
export function libraryExpansion(acronym: string, library: ReviewLibrary): string | null {
  return expansionInLibrary(acronym, library)?.words ?? null;
}

const expansionsByLibrary = new WeakMap<ReviewLibrary, Map<string, string>>();

/** Every acronym the library spells out, with its words ("ICO" → "Information Commissioner's Office"), read once per library. */
export function libraryExpansions(library: ReviewLibrary): ReadonlyMap<string, string> {
  let expansions = expansionsByLibrary.get(library);
  if (!expansions) {
    expansions = new Map();
    for (const acronym of bracketedIn(library).keys()) {
      const words = libraryExpansion(acronym, library);
      if (words) expansions.set(acronym, words);
    }
    expansionsByLibrary.set(library, expansions);
  }
  return expansions;
}

/** How the library spells an acronym out, from "expansion (ACR)": the first place whose words before the bracket have its initials. */
function expansionInLibrary(acronym: string, library: ReviewLibrary): Expansion | null {
  for (const { document, element, index } of bracketedIn(library).get(acronym) ?? []) {
    const before =
      element.text
        .slice(0, index)
        .split(/[.;:|(\n]/)
        .pop() ?? '';
    const words = initialsMatch(before.trim().split(/\s+/), acronym);
    if (words) return { words, evidence: { documentId: document.id, code: document.code, elementIds: [element.id] } };
  }
  return null;
}

/** The trailing words whose initials spell the acronym ("point-of-use filter" for PUF), or null. */
function initialsMatch(words: string[], acronym: string): string | null {
  const letters = acronym.replace(/[^A-Z]/g, '').toLowerCase();
  const clean = words.map((word) => word.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, ''));
  const startOf = (wordIndex: number, letterEnd: number): number | null => {
    if (letterEnd === 0) return wordIndex + 1;
    if (wordIndex < 0) return null;
    const word = clean[wordIndex] ?? '';
    const lower = word.toLowerCase();
    if (LINKING_WORDS.has(lower) || /^[0-9]+$/.test(word)) return startOf(wordIndex - 1, letterEnd);
    const parts = lower.split('-').filter((part) => part !== '' && !LINKING_WORDS.has(part));
    for (const initials of new Set([parts.map((part) => part[0]).join(''), lower[0] ?? ''])) {
      if (initials !== '' && letters.slice(0, letterEnd).endsWith(initials)) {
        const start = startOf(wordIndex - 1, letterEnd - initials.length);
        if (start !== null) return start;
      }
    }
    return null;
  };
  const start = startOf(clean.length - 1, letters.length);
  if (start === null) return null;
  const first = clean.findIndex((word, index) => index >= start && !LINKING_WORDS.has(word.toLowerCase()));
  return first < 0 ? null : clean.slice(first).join(' ');
}

function finding(use: Use, expansion: Expansion | null): ReviewFindingDraft {
  const { acronym } = use;
  const phrase = phraseAround(use.element.text, use.start, use.end);
  const definition = expansion ? `${expansion.words} (${acronym})` : acronym;
  return {
    category: 'undefined_acronym',
    severity: 'low',
    ...quoteAt(use.element, phrase.start, phrase.end),
    expected: `Define at first use: ${definition}`,
    explanation: `The acronym ${acronym} is used without being defined: it is not in the policy's definitions and is not spelled out in brackets where it is first used.${expansion ? ` The library spells it out as "${expansion.words}".` : ''}`,
    suggestion: expansion
      ? `Write "${definition}" at first use, or add ${acronym} to the definitions table.`
      : `Spell out ${acronym} in full at first use, with the acronym in brackets after it, or add it to the definitions table.`,
    evidence: expansion ? [expansion.evidence] : [],
  };
}
