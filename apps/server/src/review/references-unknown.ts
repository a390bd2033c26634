/**
 * Unknown references: codes of a series the library knows that cannot exist. Two kinds, both
 * read from the library's own codes, titles and texts:
 * - a part a document does not have ("Part C" of a code whose library documents are Part A and
 *   Part B, or whose title or text names only "Parts 1–3");
 * - a group number outside a numbered series, when the library holds every group of that series
 *   from its lowest to its highest (so the series is known whole): "HTM 09-02" when the library's
 *   HTM groups run 00 to 08;
 * - a number past the highest the library holds in a group it holds well (three documents or
 *   more): "HTM 05-07" when the library's HTM 05 group runs 05-01 to 05-03.
 * A number inside a range that the library simply lacks is not reported: it may be a real
 * document the library does not hold.
 */
import { quoteAt } from './locate.ts';
import { label } from './references-outdated.ts';
import { codeKey } from './references-forms.ts';
import { joinsCitation, STOP_WORDS, type Token, tokensOf } from './references-text.ts';
import type { FindingEvidence, LibraryDocument, Policy, PolicyElement, ReviewFindingDraft, ReviewLibrary } from './types.ts';

interface Family {
  key: Token[];
  /** The current documents of the code (a part each, or one for the whole). */
  documents: LibraryDocument[];
  /** The parts the library shows the code has; empty when it shows none. */
  parts: Set<string>;
  /**
   * A single guidance document (a code without a year, so not a law, whose parts may be numbered
   * sections) that the library never speaks of in parts: it has no lettered parts at all.
   */
  whole: boolean;
}

interface Series {
  name: string;
  /** Lowest and highest group number the library holds, e.g. 0 and 8. */
  low: number;
  high: number;
  documents: LibraryDocument[];
}

/** A text that speaks of a document's parts ("Part 2", "in three parts"), not of "body parts". */
const SPEAKS_OF_PARTS = /\bParts?\b|\bparts?\s+(?:[A-Z]|\d+)\b|\b(?:two|three|four|five|several|separate)\s+parts\b/;

/**
 * A part named with its code ("HTM 03-01 Part B"): the parts of this code it names are read by
 * partsNamed, so what is left speaks of other documents' parts, not of this one's.
 */
const CODED_PART = /\b[A-Z]{2,}\s?\d{1,4}(?:-\d{1,4})?\s+Parts?\s+(?:[A-Z]|\d+)\b/g;

/** Parts named one by one; a longer run is written as a range. */
const MAX_PARTS_LISTED = 3;
const CODE = /^(.*?)(?:\s+Part\s+([A-Z]|\d+))?(?:\s*\((?:19|20)\d{2}\))?$/;

export function unknownFindings(policy: Policy, library: ReviewLibrary): ReviewFindingDraft[] {
  const families = codeFamilies(library);
  const series = completeSeries(library);
  const groups = heldGroups(library);
  const findings: ReviewFindingDraft[] = [];
  for (const element of policy.elements) {
    const tokens = tokensOf(element.text);
    for (let i = 0; i < tokens.length; i++) {
      const finding =
        missingPart(element, tokens, i, families) ?? outsideSeries(element, tokens, i, series) ?? beyondGroup(element, tokens, i, groups);
      if (finding) findings.push(finding);
    }
  }
  return findings;
}

/** Documents grouped by code without part and edition, with the parts the library shows. */
function codeFamilies(library: ReviewLibrary): Family[] {
  const byKey = new Map<string, { base: string; docs: LibraryDocument[] }>();
  for (const doc of library.documents) {
    const base = (CODE.exec(doc.code)?.[1] as string) ?? doc.code;
    const key = codeKey(base);
    if (!/\d/.test(key)) continue;
    const family = byKey.get(key) ?? { base, docs: [] };
    family.docs.push(doc);
    byKey.set(key, family);
  }
  return [...byKey.entries()].map(([key, { base, docs }]) => {
    const parts = new Set<string>();
    for (const doc of docs) {
      const own = CODE.exec(doc.code)?.[2];
      if (own) parts.add(own.toUpperCase());
      for (const text of [doc.title, ...doc.elements.map((element) => element.text)])
        for (const part of partsNamed(text, key)) parts.add(part);
    }
    const current = docs.filter((doc) => doc.status === 'current');
    const whole =
      parts.size === 0 &&
      current.length === 1 &&
      !/(?:19|20)\d{2}/.test(base) &&
      !docs.some((doc) =>
        [doc.title, ...doc.elements.map((element) => element.text)].some((text) => SPEAKS_OF_PARTS.test(text.replace(CODED_PART, ' '))),
      );
    return { key: tokensOf(base), documents: current, parts, whole };
  });
}

/** The parts a text names of the code `key` ("Part A", "Parts 1–3", "Part A and Part B"), skipping parts of other codes. */
function partsNamed(text: string, key: string): string[] {
  const parts: string[] = [];
  for (const match of text.matchAll(/\bParts?\s+([A-Z]|\d+)\b((?:\s*(?:,|and|&|or|–|-|to)\s*(?:Part\s+)?(?:[A-Z]|\d+)\b)*)/g)) {
    const before = /([A-Za-z]+\s?\d[\d-]*)\s*,?\s*$/.exec(text.slice(Math.max(0, match.index - 16), match.index));
    if (before && !codeKey(before[1] as string).endsWith(key.split(' ').slice(-2).join(' '))) continue;
    const ids = [match[1] as string, ...[...(match[2] ?? '').matchAll(/\b(?:[A-Z]|\d+)\b/g)].map((id) => id[0])];
    const ranged = /–|-|\bto\b/.test(match[2] ?? '') && ids.length === 2;
    parts.push(...(ranged ? range(ids[0] as string, ids[1] as string) : ids));
  }
  return parts.map((part) => part.toUpperCase());
}

function range(from: string, to: string): string[] {
  const numeric = /^\d+$/.test(from) && /^\d+$/.test(to);
  const low = numeric ? Number(from) : from.charCodeAt(0);
  const high = numeric ? Number(to) : to.charCodeAt(0);
  if (high < low || high - low > 26) return [from, to];
  return Array.from({ length: high - low + 1 }, (_, k) => (numeric ? String(low + k) : String.fromCharCode(low + k)));
}

/** Numbered series ("HTM 04-01") whose groups the library holds without a gap. */
function completeSeries(library: ReviewLibrary): Series[] {
  const bySeries = new Map<string, { groups: Set<number>; documents: LibraryDocument[] }>();
  for (const doc of library.documents) {
    const match = /^([A-Z]{2,})\s(\d{2})(?:-\d{2})?\b/.exec(doc.code);
    if (!match) continue;
    const entry = bySeries.get(match[1] as string) ?? { groups: new Set<number>(), documents: [] };
    entry.groups.add(Number(match[2]));
    if (doc.status === 'current') entry.documents.push(doc);
    bySeries.set(match[1] as string, entry);
  }
  const complete: Series[] = [];
  for (const [name, { groups, documents }] of bySeries) {
    const low = Math.min(...groups);
    const high = Math.max(...groups);
    if (groups.size >= 3 && groups.size === high - low + 1) complete.push({ name, low, high, documents });
  }
  return complete;
}

/** Groups of a numbered series the library holds well enough to know their last number ("HTM 05": 05-01 to 05-03). */
interface Group {
  series: string;
  group: number;
  high: number;
  documents: LibraryDocument[];
  /** Codes of the group the library's texts mention, held or not. */
  mentioned: Set<number>;
}

/** How many numbers of a group the library must hold before a number past them is taken as not existing. */
const MIN_GROUP_NUMBERS = 3;
const GROUP_CODE = /\b([A-Z]{2,})\s?(\d{2})-(\d{2})\b/g;

function heldGroups(library: ReviewLibrary): Group[] {
  const byGroup = new Map<string, Group & { numbers: Set<number> }>();
  for (const doc of library.documents) {
    const match = /^([A-Z]{2,})\s(\d{2})-(\d{2})\b/.exec(doc.code);
    if (!match) continue;
    const key = `${match[1]} ${match[2]}`;
    const entry = byGroup.get(key) ?? {
      series: match[1] as string,
      group: Number(match[2]),
      high: 0,
      documents: [],
      mentioned: new Set<number>(),
      numbers: new Set<number>(),
    };
    entry.numbers.add(Number(match[3]));
    entry.high = Math.max(entry.high, Number(match[3]));
    if (doc.status === 'current') entry.documents.push(doc);
    byGroup.set(key, entry);
  }
  for (const doc of library.documents) {
    for (const element of doc.elements) {
      for (const match of element.text.matchAll(GROUP_CODE)) byGroup.get(`${match[1]} ${match[2]}`)?.mentioned.add(Number(match[3]));
    }
  }
  return [...byGroup.values()].filter((entry) => entry.numbers.size >= MIN_GROUP_NUMBERS && entry.documents.length > 0);
}

/** A code of a group the library holds well, numbered past the group's last document ("HTM 05-07"). */
function beyondGroup(element: PolicyElement, tokens: readonly Token[], i: number, groups: readonly Group[]): ReviewFindingDraft | null {
  const word = tokens[i] as Token;
  const group = tokens[i + 1];
  const number = tokens[i + 2];
  if (!group || !number || !/^\s?$/.test(group.gap) || number.gap !== '-') return null;
  if (!/^\d{2}$/.test(group.text) || !/^\d{2}$/.test(number.text)) return null;
  const known = groups.find((candidate) => candidate.series === word.text && candidate.group === Number(group.text));
  const value = Number(number.text);
  if (!known || value <= known.high || known.mentioned.has(value)) return null;
  const after = tokens[i + 3];
  if (after && /^\d+$/.test(after.text) && /^[-–/.]?$/.test(after.gap)) return null;
  const { location, quote } = quoteAt(element, word.start, number.end);
  const name = `${known.series} ${group.text}`;
  const held = [...known.documents].sort((a, b) => a.code.localeCompare(b.code));
  const subject = sameSubject(element.text, word.start, number.end, held);
  const instead = subject ? `${label(subject)} ${subject.title}` : null;
  const heldCodes = joinWith([...new Set(held.map((doc) => (CODE.exec(doc.code)?.[1] as string) ?? doc.code))], 'and');
  const last = `${name}-${String(known.high).padStart(2, '0')}`;
  return {
    category: 'unknown_reference',
    severity: 'medium',
    location,
    quote,
    expected: `No such document: the ${name} group runs to ${last}${instead ? `; cite ${instead}` : ` (${heldCodes})`}`,
    explanation: `${quote} is not a known document: the ${name} group runs to ${last} (${heldCodes}), so there is no ${quote}.`,
    suggestion: instead
      ? `Cite ${instead}, which covers this subject, or correct the code to the document that was meant.`
      : `Correct the code to the document that was meant, or cite the guidance or law that covers this subject.`,
    evidence: subject ? [evidenceOf(subject)] : held.slice(0, MAX_PARTS_LISTED).map((doc) => evidenceOf(doc)),
  };
}

/** The tokens from `i` written as a code's key; the index after it, or null. */
function readKey(tokens: readonly Token[], i: number, key: readonly Token[]): number | null {
  let k = i;
  for (const [n, want] of key.entries()) {
    const token = tokens[k];
    if (!token || token.norm !== want.norm || (n > 0 && !joinsCitation(token.gap))) return null;
    k++;
  }
  const next = tokens[k];
  if (next && /^\d+$/.test(next.text) && /^[-–/.]?$/.test(next.gap)) return null;
  const previous = tokens[i - 1];
  if (previous && (tokens[i] as Token).gap === '' && /^\p{L}+$/u.test(previous.text)) return null;
  return k;
}

/** "Part C" after a code, or "Part C of" before it, when the library shows the code's parts and not that one. */
function missingPart(element: PolicyElement, tokens: readonly Token[], i: number, families: readonly Family[]): ReviewFindingDraft | null {
  for (const family of families) {
    if ((family.parts.size === 0 && !family.whole) || family.documents.length === 0) continue;
    const next = readKey(tokens, i, family.key);
    if (next === null) continue;
    let part: string | null = null;
    let start = (tokens[i] as Token).start;
    let end = (tokens[next - 1] as Token).end;
    const word = tokens[next];
    const id = tokens[next + 1];
    if (word?.text === 'Part' && /^\s+$/.test(word.gap) && id && /^\s+$/.test(id.gap) && /^(?:[A-Z]|\d+)$/.test(id.text)) {
      part = id.text;
      end = id.end;
    } else {
      // A bounded window before the code, so that a long element is not read again for every code in it.
      const window = Math.max(0, start - 40);
      const before = /\bPart\s+([A-Z]|\d+)\s+of\s+(?:the\s+)?$/.exec(element.text.slice(window, start));
      if (before) {
        part = before[1] as string;
        start = window + before.index;
      }
    }
    if (part === null || family.parts.has(part)) return null;
    if (family.whole) return /^[A-Z]$/.test(part) ? wholeFinding(element, start, end, part, family.documents[0] as LibraryDocument) : null;
    // Parts are lettered or numbered; a document's own text may name parts of other codes of the other kind.
    const letter = /^[A-Z]$/.test(part);
    const known = [...family.parts].filter((id) => /^[A-Z]$/.test(id) === letter);
    if (known.length === 0) return null;
    return partFinding(element, start, end, part, family, known);
  }
  return null;
}

function wholeFinding(element: PolicyElement, start: number, end: number, part: string, doc: LibraryDocument): ReviewFindingDraft {
  const { location, quote } = quoteAt(element, start, end);
  return {
    category: 'unknown_reference',
    severity: 'medium',
    location,
    quote,
    expected: `No such part: cite ${label(doc)} as a whole`,
    explanation: `The policy cites Part ${part} of ${doc.code}, but ${label(doc)}, ${doc.title}, is a single document with no lettered parts.`,
    suggestion: `Cite ${label(doc)} without a part, or the section of it that covers this subject.`,
    evidence: [evidenceOf(doc)],
  };
}

function partFinding(
  element: PolicyElement,
  start: number,
  end: number,
  part: string,
  family: Family,
  parts: readonly string[],
): ReviewFindingDraft {
  const { location, quote } = quoteAt(element, start, end);
  const base = (CODE.exec(family.documents[0]?.code ?? '')?.[1] as string) ?? family.key.map((token) => token.text).join(' ');
  const known = [...parts].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const partDocs = family.documents.filter((doc) => CODE.exec(doc.code)?.[2]);
  const has = partDocs.length > 0 ? joinWith(partDocs.map(label), 'and') : describeParts(known);
  const instead =
    partDocs.length > 0
      ? joinWith(partDocs.map(label), 'or')
      : known.length <= MAX_PARTS_LISTED
        ? joinWith(
            known.map((id) => `${base} Part ${id}`),
            'or',
          )
        : null;
  return {
    category: 'unknown_reference',
    severity: 'medium',
    location,
    quote,
    expected: `No such part: ${base} has ${describeParts(known)}${instead ? `; cite ${instead}` : ''}`,
    explanation:
      partDocs.length > 0
        ? `The policy cites Part ${part} of ${base}, but ${base} has no Part ${part}: its parts are ${has}.`
        : `The policy cites Part ${part} of ${base}, but ${base} has no Part ${part}: the library lists ${has}${known.length === 1 ? ' only' : ''}.`,
    suggestion: `Cite the part of ${base} that covers this subject${instead ? ` (${instead})` : ''}.`,
    evidence: family.documents.map((doc) => evidenceOf(doc)),
  };
}

/** "Part A and Part B", or "Parts A–M" for a longer run. */
function describeParts(ids: readonly string[]): string {
  if (ids.length <= MAX_PARTS_LISTED)
    return joinWith(
      ids.map((id) => `Part ${id}`),
      'and',
    );
  const first = ids[0] as string;
  const last = ids.at(-1) as string;
  const whole = range(first, last);
  return whole.length === ids.length ? `Parts ${first}–${last}` : `Parts ${joinWith(ids, 'and')}`;
}

/** A code of a complete series with a group the series does not have ("HTM 09-02"). */
function outsideSeries(element: PolicyElement, tokens: readonly Token[], i: number, series: readonly Series[]): ReviewFindingDraft | null {
  const word = tokens[i] as Token;
  const known = series.find((candidate) => candidate.name === word.text);
  const group = tokens[i + 1];
  const number = tokens[i + 2];
  if (!known || !group || !number || !/^\s?$/.test(group.gap) || number.gap !== '-') return null;
  if (!/^\d{2}$/.test(group.text) || !/^\d{2}$/.test(number.text)) return null;
  const after = tokens[i + 3];
  if (after && /^\d+$/.test(after.text) && /^[-–/.]?$/.test(after.gap)) return null;
  const value = Number(group.text);
  if (value >= known.low && value <= known.high) return null;
  const { location, quote } = quoteAt(element, word.start, number.end);
  const pad = (n: number) => String(n).padStart(2, '0');
  const groups = `${pad(known.low)} to ${pad(known.high)}`;
  const subject = sameSubject(element.text, word.start, number.end, known.documents);
  const instead = subject ? `${label(subject)} ${subject.title}` : null;
  return {
    category: 'unknown_reference',
    severity: 'medium',
    location,
    quote,
    expected: `No such ${known.name} (${known.name} groups run ${groups})${instead ? `; cite ${instead}` : ''}`,
    explanation: `${quote} does not exist: the ${known.name} series is numbered in groups ${groups}, so there is no group ${group.text}.`,
    suggestion: instead
      ? `Cite ${instead}, which covers this subject, or correct the code to the document that was meant.`
      : `Correct the code to the ${known.name} that was meant, or remove the reference.`,
    evidence: subject ? [evidenceOf(subject)] : [],
  };
}

/**
 * The series document whose title shares a distinctive word (one no more than two of the series'
 * titles have) with the clause around the citation, when exactly one does.
 */
function sameSubject(text: string, start: number, end: number, documents: readonly LibraryDocument[]): LibraryDocument | null {
  const clauseStart = Math.max(0, ...[',', ';', '.', '\n'].map((mark) => text.lastIndexOf(mark, start) + 1));
  const ends = [',', ';', '. ', '\n'].map((mark) => text.indexOf(mark, end)).filter((at) => at >= 0);
  const clause = text.slice(clauseStart, ends.length > 0 ? Math.min(...ends) : text.length);
  const said = new Set(contentWords(clause));
  const titles = documents.map((doc) => new Set(contentWords(doc.title)));
  const counts = new Map<string, number>();
  for (const title of titles) for (const word of title) counts.set(word, (counts.get(word) ?? 0) + 1);
  const scored = documents.map((doc, k) => ({
    doc,
    score: [...(titles[k] as Set<string>)].filter((word) => said.has(word) && (counts.get(word) ?? 0) <= 2).length,
  }));
  const best = Math.max(0, ...scored.map((entry) => entry.score));
  const top = scored.filter((entry) => entry.score === best);
  return best > 0 && top.length === 1 ? (top[0] as { doc: LibraryDocument }).doc : null;
}

function contentWords(text: string): string[] {
  return tokensOf(text)
    .map((token) => token.norm)
    .filter((word) => !STOP_WORDS.has(word) && !/^\d+$/.test(word) && word.length > 2);
}

export function evidenceOf(doc: LibraryDocument): FindingEvidence {
  const first = doc.elements[0];
  return { documentId: doc.id, code: doc.code, elementIds: first ? [first.id] : [] };
}

export function joinWith(items: readonly string[], word: string): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;
}
