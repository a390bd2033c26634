/**
 * Historical names: what the library's documents say they replace (front matter `supersedes`),
 * read as written forms of a citation and found in the policy's text.
 *
 * A form is a core of words and numbers ("HTM 2027", "Special Waste Regulations", "Essential
 * standards outcome 10"), with the edition year and part it names ("L8 (2000) Part 2" → core
 * "L8", year 2000, part 2). A coded core (numbers or acronyms) must be written as one run; a core
 * of three words or more may be written in any order within a few words ("Outcome 10 of the
 * essential standards"). A year or part the form names must be written with the citation ("(third
 * edition, 2000)", "Part 2 of …"). A bracketed note other than a year ends the form, and a
 * bracketed acronym is a form of its own ("(KLOEs)"). A form that, without its note, is only a
 * current document's code ("Hygiene Code (July 2015 version)") names no old edition and is dropped.
 */
import { SERIES_LINKS } from '../core/library/references.ts';
import { editionNoteAfter } from './references-cite.ts';
import { endsSentence, isAcronym, isYear, joinsCitation, STOP_WORDS, type Token, tokensOf } from './references-text.ts';
import type { LibraryDocument, ReviewLibrary } from './types.ts';

export interface HistoricalForm {
  /** As the library writes it. */
  name: string;
  core: Token[];
  year: number | null;
  part: string | null;
  /** Words in any order (a name), rather than one written run (a code). */
  loose: boolean;
  /** The current documents that replace it. */
  replacements: LibraryDocument[];
}

export interface FormMatch {
  form: HistoricalForm;
  start: number;
  end: number;
}

/** How many words a loose name may spread over beyond its own, and how many of them may carry meaning. */
const LOOSE_SLACK = 4;
const LOOSE_EXTRA_WORDS = 1;

/** Content words a title needs after its issuer's acronym to be cited without it. */
const ISSUER_TITLE_WORDS = 4;
/** Words naming a jurisdiction that a citation may put before an instrument's name. */
const JURISDICTIONS = new Set(['EU', 'EC', 'EEC', 'UK']);

const cache = new WeakMap<ReviewLibrary, HistoricalForm[]>();

/** Every historical name the library lists, with the current documents that replace it. */
export function historicalForms(library: ReviewLibrary): HistoricalForm[] {
  const cached = cache.get(library);
  if (cached) return cached;
  const numberedSeries = new Set(
    library.documents.flatMap((doc) => [...doc.code.matchAll(/\b([A-Za-z]+)\s?\d/g)].map((match) => (match[1] as string).toLowerCase())),
  );
  const currentCodes = new Set(library.documents.filter((doc) => doc.status === 'current').map((doc) => codeKey(doc.code)));
  const byName = new Map<string, HistoricalForm[]>();
  for (const doc of library.documents) {
    for (const name of doc.supersedes) {
      const replacements = currentOf(doc, library);
      if (replacements.length === 0) continue;
      for (const form of parseForms(name, numberedSeries)) {
        if (form.year === null && form.part === null && currentCodes.has(form.core.map((token) => token.norm).join(' '))) continue;
        const key = `${form.core.map((token) => token.norm).join(' ')}|${form.year}|${form.part}`;
        const same = byName.get(key)?.[0];
        if (same) {
          for (const replacement of replacements) if (!same.replacements.includes(replacement)) same.replacements.push(replacement);
        } else byName.set(key, [{ ...form, replacements: [...replacements] }]);
      }
    }
  }
  const forms = [...byName.values()].flat();
  cache.set(library, forms);
  return forms;
}

/** A document if current, else the current documents that replaced it. */
export function currentOf(doc: LibraryDocument, library: ReviewLibrary, seen = new Set<LibraryDocument>()): LibraryDocument[] {
  if (doc.status === 'current') return [doc];
  if (seen.has(doc)) return [];
  seen.add(doc);
  const listing = library.documents.filter((other) => other.status === 'current' && other.supersedes.includes(doc.code));
  if (listing.length > 0) return listing;
  const next = library.documents.filter((other) => other.code === doc.supersededBy);
  return next.flatMap((other) => currentOf(other, library, seen));
}

/** A code's letter and number groups without edition years ("HTM 07-01 (2013)" → "htm 7 1"). */
export function codeKey(code: string): string {
  return tokensOf(code.replace(/\(\s*(?:19|20)\d{2}\s*\)/g, ''))
    .map((token) => token.norm)
    .join(' ');
}

function parseForms(name: string, numberedSeries: Set<string>): Omit<HistoricalForm, 'replacements'>[] {
  const forms: Omit<HistoricalForm, 'replacements'>[] = [];
  // The jurisdiction in brackets is often left out when a law is cited ("Controlled Waste Regulations").
  let text = name.replace(/\s*\((?:England|Wales|Scotland|England and Wales|England & Wales)\)/g, '');
  let year: number | null = null;
  let part: string | null = null;
  const partMatch = /\s+Part\s+([A-Z]|\d+)\b/.exec(text);
  if (partMatch) {
    part = (partMatch[1] as string).toUpperCase();
    text = text.slice(0, partMatch.index) + text.slice(partMatch.index + partMatch[0].length);
  }
  for (const note of text.matchAll(/\s\(([^()]*)\)/g)) {
    const inside = (note[1] as string).trim();
    if (/^(?:19|20)\d{2}$/.test(inside)) {
      year = Number(inside);
      continue;
    }
    const acronym = isAcronym(inside.replace(/s$/, ''));
    if (acronym) forms.push(...parseForms(inside, numberedSeries));
    // A bracketed name stays ("(Regulated Activities)"); an acronym or a note ends the form.
    if (acronym || /\d|^[a-z]/.test(inside)) {
      text = text.slice(0, note.index);
      break;
    }
  }
  text = text.replace(/\s\((?:19|20)\d{2}\)/g, '');
  const tokens = tokensOf(text);
  const last = tokens.at(-1);
  const before = tokens.at(-2);
  const codeNumber =
    before !== undefined && numberedSeries.has(before.norm) && !tokens.slice(0, -1).some((token) => /^\d+$/.test(token.text));
  if (year === null && isYear(last) && !codeNumber && tokens.length > 1) {
    year = Number(last?.text);
    tokens.pop();
  }
  const content = tokens.filter((token) => !STOP_WORDS.has(token.norm));
  // A code has an acronym or starts with letters and a number ("HTM 2027", "DV4"); "outcome 10" in a name does not make one.
  const coded = tokens.some((token) => isAcronym(token.text)) || /^\d+$/.test(tokens[1]?.text ?? '');
  if (content.length === 0) return forms;
  const loose = !coded && content.length >= 3;
  forms.push({ name, core: loose ? content : tokens, year, part, loose });
  // A title is often cited without the issuer's acronym before it ("Essential standards of quality and safety" for
  // "CQC Essential standards of quality and safety"), as loosely as any title of its length.
  const unqualified = tokens.slice(1);
  const titleWords = unqualified.filter((token) => !STOP_WORDS.has(token.norm));
  if (
    isAcronym(tokens[0]?.text ?? '') &&
    !JURISDICTIONS.has(tokens[0]?.text ?? '') &&
    titleWords.length >= ISSUER_TITLE_WORDS &&
    !unqualified.some((token) => /\d/.test(token.text) || isAcronym(token.text))
  ) {
    forms.push({ name, core: titleWords, year, part, loose: true });
  }
  // A numbered instrument is often cited without the jurisdiction before it ("Directive 12/34/XY").
  if (
    coded &&
    JURISDICTIONS.has(tokens[0]?.text ?? '') &&
    unqualified.some((token) => /^\d+$/.test(token.text)) &&
    unqualified.length > 1
  ) {
    forms.push({ name, core: unqualified, year, part, loose: false });
  }
  return forms;
}

/** Where the policy's text writes a historical name (overlapping matches of several forms included). */
/** How far before a form "Part 2 of the" is looked for. */
const PART_REACH = 80;

export function findForms(text: string, forms: readonly HistoricalForm[]): FormMatch[] {
  const tokens = tokensOf(text);
  const matches: FormMatch[] = [];
  for (const form of forms) {
    for (let i = 0; i < tokens.length; i++) {
      const span = form.loose ? looseRun(tokens, i, form) : codedRun(tokens, i, form);
      if (!span) continue;
      const placed = withEdition(text, tokens, span, form);
      if (placed) matches.push({ form, ...placed });
    }
  }
  return matches;
}

/** The tokens from `i` written as the form's core, in order, "the" skipped; [first, past-last] or null. */
function codedRun(tokens: readonly Token[], i: number, form: HistoricalForm): [number, number] | null {
  let k = i;
  for (const [n, want] of form.core.entries()) {
    while (n > 0 && want.norm !== 'the' && tokens[k]?.norm === 'the') k++;
    // "Health Technical Memorandum 61" for "HTM 61": a series written out in words its initials spell.
    const spelled = n === 0 && isAcronym(want.text) ? spelledOut(tokens, k, want.text) : null;
    if (spelled !== null) {
      k = spelled;
      continue;
    }
    const token = tokens[k];
    if (!token || token.norm !== want.norm) return null;
    if (isAcronym(want.text) && !isAcronym(token.text)) return null;
    if (n > 0 && !joinsCitation(token.gap)) return null;
    k++;
  }
  const previous = tokens[i - 1];
  const next = tokens[k];
  // A code goes on when a number is glued to it or joined by a hyphen ("HTM 2027" is not "HTM 2027-01").
  if (next && /^\d+$/.test(next.text) && /^[-–/.]?$/.test(next.gap)) return null;
  if (previous && /^\p{L}+$/u.test(previous.text) && (tokens[i] as Token).gap === '') return null;
  return [i, k];
}

/** Past the capitalised words from `i` whose initials spell an acronym ("Health Technical Memorandum" for HTM), or null. */
function spelledOut(tokens: readonly Token[], i: number, acronym: string): number | null {
  const wanted = acronym.toLowerCase();
  let letters = '';
  for (let k = i; k < tokens.length && k < i + wanted.length * 2; k++) {
    const token = tokens[k] as Token;
    if (k > i && !/^ $/.test(token.gap)) return null;
    if (k > i && SERIES_LINKS.has(token.text)) continue;
    if (!/^\p{Lu}\p{Ll}+$/u.test(token.text)) return null;
    letters += token.text[0]?.toLowerCase();
    if (!wanted.startsWith(letters)) return null;
    if (letters === wanted) return letters.length >= 3 ? k + 1 : null;
  }
  return null;
}

/** The form's content words from `i`, in any order, within one sentence and a few words. */
function looseRun(tokens: readonly Token[], i: number, form: HistoricalForm): [number, number] | null {
  const wanted = new Map<string, number>();
  for (const token of form.core) wanted.set(token.norm, (wanted.get(token.norm) ?? 0) + 1);
  if (!wanted.has((tokens[i] as Token).norm)) return null;
  const limit = form.core.length + LOOSE_SLACK;
  let missing = form.core.length;
  let extra = 0;
  let last = -1;
  let inOrder = true;
  for (let k = i; k < tokens.length && k < i + limit; k++) {
    const token = tokens[k] as Token;
    if (k > i && endsSentence(token.gap)) return null;
    const left = wanted.get(token.norm) ?? 0;
    if (left > 0) {
      wanted.set(token.norm, left - 1);
      missing--;
      const at = form.core.findIndex((word, n) => n > last && word.norm === token.norm);
      if (at < 0) inOrder = false;
      else last = at;
      if (missing === 0) return inOrder ? [i, k + 1] : null;
    } else if (!STOP_WORDS.has(token.norm) && ++extra > LOOSE_EXTRA_WORDS) return null;
  }
  return null;
}

/** The span widened to the year and part written with it; null when they are not the form's. */
function withEdition(
  text: string,
  tokens: readonly Token[],
  [from, next]: [number, number],
  form: HistoricalForm,
): { start: number; end: number } | null {
  let start = (tokens[from] as Token).start;
  let end = (tokens[next - 1] as Token).end;
  let k = next;
  let year: number | null = null;
  const after = tokens[k];
  // "Regs. 1989": the full stop of a short form does not end the citation.
  const shortForm = /^Regs?$/i.test((tokens[next - 1] as Token).text);
  if (isYear(after) && (/^\s*\(?\s*$/.test((after as Token).gap) || (shortForm && /^\.\s*$/.test((after as Token).gap)))) {
    year = Number((after as Token).text);
    end = (after as Token).end + (text[(after as Token).end] === ')' && (after as Token).gap.includes('(') ? 1 : 0);
    k++;
  } else {
    const note = editionNoteAfter(text, end);
    if (note.length > 0) {
      year = note.years[0] ?? null;
      end += note.length;
      while (k < tokens.length && (tokens[k] as Token).start < end) k++;
    }
  }
  let part: string | null = null;
  const partAfter = tokens[k];
  if (partAfter?.norm === 'part' && /^[\s,]*$/.test(partAfter.gap) && tokens[k + 1]) {
    part = (tokens[k + 1] as Token).text.toUpperCase();
    end = (tokens[k + 1] as Token).end;
  }
  // Read a bounded window before the form: an end-anchored search of the whole text before every form is quadratic.
  const window = Math.max(0, start - PART_REACH);
  const partMatch = /\bPart\s+([A-Z]|\d+)\s+of\s+(?:the\s+)?(?:[A-Za-z]+\s+)?$/i.exec(text.slice(window, start));
  const partBefore = partMatch ? Object.assign(partMatch, { index: partMatch.index + window }) : null;
  if (part === null && partBefore) {
    part = (partBefore[1] as string).toUpperCase();
    start = partBefore.index;
  }
  if (form.year !== null && year !== form.year) return null;
  if (form.part !== null && part !== form.part) return null;
  return { start, end };
}
