import { quoteAt } from './locate.ts';
import { firstCells, inDefinitions, LINKING_WORDS, phraseAround } from './terms-text.ts';
import type { FindingEvidence, LibraryDocument, Policy, PolicyElement, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/** Capitals everyone knows, never spelled out in NHS policies. */
const UNIVERSAL = new Set(['NHS', 'UK', 'EU', 'GP']);

/** The letters of an acronym: two or more capitals (digits and & allowed), with a bracketed part as in AE(LV) or AB(CD)E. */
const LETTERS = String.raw`[A-Z][A-Z0-9&]*[A-Z0-9](?:\([A-Z][A-Za-z0-9&]*\)[A-Z0-9&]*)?`;

/** An acronym with an optional plural s; capitals closing a citation such as "Directive 12/34/XY" are not one. */
const ACRONYM = new RegExp(`(?<![A-Za-z0-9&]|[0-9]/)(${LETTERS})(s?)(?![A-Za-z0-9&])`, 'g');

/** An acronym alone in brackets, as after its expansion: "(LV)", "(AE(LV))", "(AB(CD)E)", "(the EAWR)", "(PUFs; see …)". */
const BRACKETED = new RegExp(String.raw`\(\s*(?:the\s+)?(${LETTERS})s?\s*[),;]`, 'g');

interface Use {
  element: PolicyElement;
  start: number;
  end: number;
  acronym: string;
}

/** Acronyms the policy uses without defining them, each reported once at its first use. */
export function undefinedAcronymFindings(policy: Policy, library: ReviewLibrary): ReviewFindingDraft[] {
  const defined = definedAcronyms(policy);
  const codeWords = libraryCodeWords(library);
  const words = lowercaseWords(policy);
  const reported = new Set<string>();
  const findings: ReviewFindingDraft[] = [];
  for (const use of acronymUses(policy)) {
    const { acronym } = use;
    if (reported.has(acronym) || defined.has(acronym) || !looksLikeAcronym(acronym, codeWords, words)) continue;
    if (isPartOfCitation(use.element.text, use.end)) continue;
    reported.add(acronym);
    findings.push(finding(use, expansionInLibrary(acronym, library)));
  }
  return findings;
}

function acronymUses(policy: Policy): Use[] {
  return policy.elements.flatMap((element) =>
    [...element.text.matchAll(ACRONYM)].map((match) => ({
      element,
      start: match.index,
      end: match.index + match[0].length,
      acronym: match[1] ?? '',
    })),
  );
}

function looksLikeAcronym(acronym: string, codeWords: Set<string>, words: Set<string>): boolean {
  const letters = acronym.replace(/[^A-Z]/g, '');
  if (letters.length < 2 || UNIVERSAL.has(acronym) || codeWords.has(acronym)) return false;
  if (/^[IVX]+$/.test(acronym)) return false; // a Roman numeral
  if (/[0-9]/.test(acronym)) return false; // a code such as HSG274
  return !words.has(acronym.toLowerCase()); // a word set in capitals for emphasis
}

/** Letters followed by a number are a document code or citation: "HTM 04-01", "BS EN 7396", "COSHH 2002", "COVID-19". */
function isPartOfCitation(text: string, end: number): boolean {
  return /^(?:\s+[A-Z]{2,})*[\s-]*[0-9]/.test(text.slice(end));
}

/** The capital letters of the library's codes: series prefixes (HTM, HBN, HSG) and short names of laws (COSHH, LOLER). */
function libraryCodeWords(library: ReviewLibrary): Set<string> {
  const words = new Set<string>();
  for (const document of library.documents) {
    for (const match of document.code.matchAll(/(?<![A-Za-z])[A-Z][A-Z&]*[A-Z](?![a-z])/g)) words.add(match[0]);
  }
  return words;
}

function lowercaseWords(policy: Policy): Set<string> {
  return new Set(policy.elements.flatMap((element) => element.text.match(/\b[a-z]{2,}\b/g) ?? []));
}

/** Acronyms defined in brackets after an expansion, in a definitions table or list, or by "X means …". */
function definedAcronyms(policy: Policy): Set<string> {
  const defined = new Set<string>();
  const addFrom = (text: string, pattern: RegExp) => {
    for (const match of text.matchAll(pattern)) defined.add(match[1] ?? '');
  };
  for (const element of policy.elements) {
    addFrom(element.text, BRACKETED);
    addFrom(element.text, new RegExp(String.raw`(${LETTERS})s?\s+(?:means|stands for|is short for)\b`, 'g'));
    addFrom(element.text, /([A-Z][A-Z0-9&]*[A-Z0-9])s?\s+\((?:[A-Za-z-]+\s+)+[A-Za-z-]+\)/g);
    if (isGlossaryTable(element)) for (const cell of firstCells(element)) addFrom(cell, ACRONYM);
    else if (inDefinitions(element)) addFrom(element.text.slice(0, 40).split(/[:–—-]\s/)[0] ?? '', ACRONYM);
  }
  return defined;
}

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
