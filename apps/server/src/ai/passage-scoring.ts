/**
 * Passage scoring, one scale for the library's documents and a chat's attached files so their
 * passages rank alongside each other: an element scores the share of the question's term weight it
 * holds (a term only a heading above it or the title holds counting half), a document's or file's
 * best elements seed its passages, each seed expanded to the list it belongs to, and once passages
 * are kept each of their sentences is scored the same way (terms stemmed by the database).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/connect.ts';

export interface QueryTerm {
  word: string;
  lexeme: string;
  /** Inverse document frequency in the library, halved for terms carried over from earlier questions. */
  weight: number;
  carried: boolean;
  /**
   * A word few documents hold (at most SPECIFIC_SHARE of them, and at least one): it names a
   * particular thing ("calorifier", "bedhead", "incontinence"), not the library's general business.
   */
  specific?: boolean;
  /** No visible document holds the word: it is the asker's own ("mums", a trade word), which no passage can state. */
  absent?: boolean;
}

export interface PassageElement {
  id: string;
  type: 'title' | 'heading' | 'paragraph' | 'list_item' | 'table';
  text: string;
}

export interface PassageSentence {
  text: string;
  elementId: string;
  /** Whether the sentence is a whole list item (quoted as a bullet of its own). */
  listItem: boolean;
  /** Share of the question's term weight the sentence holds, in [0, 1]. */
  score: number;
}

/** What scoring reads of an element: its kind, its text, the headings above it and which terms it holds (1 or 0 each). */
export interface ScoringElement {
  type: PassageElement['type'];
  text: string;
  headingPath: readonly string[];
  hits: readonly number[];
}

/** A term only a heading above an element or its title holds counts half: it says what the section is about, not that the element says it. */
const CONTEXT_HIT = 0.5;
/** A further passage of a document or file must score at least this share of its best: close enough to be on the question, not a passing mention. */
export const RELATIVE_CUT = 0.6;
/** A list is quoted up to this many items: a requirement list's substance without crowding out the other passages. */
const MAX_LIST_ITEMS = 8;

/** Words with which a paragraph introduces the table that follows it. */
const INTRODUCES_TABLE =
  /\b(?:table below|following table|table that follows|tabulated below|set out below|summari[sz]ed below|as follows)\b|:\s*$/i;

/** A lexeme as a one-term tsquery, without stemming it again (lexemes are letters and digits only). */
const lexemeQuery = (lexeme: string) => sql`cast(${lexeme} as tsquery)`;

/** An int array, per term, of whether the tsvector holds it. */
export const hitArray = (terms: readonly { lexeme: string }[], vector: SQL): SQL =>
  terms.length === 0
    ? sql`array[]::int[]`
    : sql`array[${sql.join(
        terms.map((term) => sql`(${vector} @@ ${lexemeQuery(term.lexeme)})::int`),
        sql`, `,
      )}]`;

/**
 * Per element of one document or file, which terms (1 or 0 each) a heading above it holds; a
 * heading's terms are those of every heading element with its text.
 */
export function headingHits(elements: readonly ScoringElement[], termCount: number): number[][] {
  const byHeading = new Map<string, readonly number[]>();
  for (const element of elements) {
    if (element.type !== 'heading') continue;
    const known = byHeading.get(element.text);
    byHeading.set(element.text, known ? known.map((hit, i) => hit | (element.hits[i] ?? 0)) : element.hits);
  }
  return elements.map((element) =>
    Array.from({ length: termCount }, (_, i) => (element.headingPath.some((heading) => byHeading.get(heading)?.[i]) ? 1 : 0)),
  );
}

export interface PassageScorer {
  /** The weight of every term, and of the question's own terms (those not carried from earlier questions). */
  totalWeight: number;
  ownWeight: number;
  /**
   * The share of the term weight an element holds, in [0, 1]: a term it holds counts in full, one only
   * its context (headings, title) holds counts CONTEXT_HIT. With ownOnly, of the question's own terms only.
   */
  coverage(element: { hits: readonly number[]; contextHits: readonly number[] }, ownOnly: boolean): number;
}

export function passageScorer(terms: readonly QueryTerm[]): PassageScorer {
  const totalWeight = terms.reduce((total, term) => total + term.weight, 0);
  const ownWeight = terms.reduce((total, term) => total + (term.carried ? 0 : term.weight), 0);
  return {
    totalWeight,
    ownWeight,
    coverage(element, ownOnly) {
      const denominator = ownOnly ? ownWeight : totalWeight;
      if (denominator <= 0) return 0;
      let held = 0;
      terms.forEach((term, i) => {
        if (ownOnly && term.carried) return;
        if (element.hits[i]) held += term.weight;
        else if (element.contextHits[i]) held += term.weight * CONTEXT_HIT;
      });
      return held / denominator;
    },
  };
}

/** The seed element with its context: the list around a list item with the paragraph introducing it, or the list an introduction opens. */
export function expandSeed<T extends ScoringElement>(seed: T, elements: readonly T[]): T[] {
  const index = elements.indexOf(seed);
  const section = seed.headingPath.join('\u0000');
  const sameSection = (element: T | undefined) => element !== undefined && element.headingPath.join('\u0000') === section;
  const isListItem = (element: T | undefined) => element?.type === 'list_item' && sameSection(element);
  let first = index;
  let last = index;
  if (seed.type === 'list_item') {
    while (isListItem(elements[first - 1]) && index - first < MAX_LIST_ITEMS - 1) first--;
    while (isListItem(elements[last + 1]) && last - first < MAX_LIST_ITEMS - 1) last++;
    const before = elements[first - 1];
    if (before?.type === 'paragraph' && sameSection(before)) first--;
  } else if (seed.type === 'paragraph' && /:\s*$/.test(seed.text)) {
    while (isListItem(elements[last + 1]) && last - first < MAX_LIST_ITEMS) last++;
  }
  // A paragraph that introduces the table after it ("The table below summarises …", "… as follows:")
  // is quoted with that table: the table is what it says.
  const next = elements[last + 1];
  if (seed.type === 'paragraph' && next?.type === 'table' && sameSection(next) && INTRODUCES_TABLE.test(seed.text)) last++;
  return elements.slice(first, last + 1);
}

/**
 * The passages of one document or file: its seeds in the order given, each expanded to its context
 * without the elements passages before it took, at most `max`. After the first, a seed scoring
 * nothing or below RELATIVE_CUT × `best` ends them (with `cut`); a seed `accept` refuses is skipped.
 */
export function pickPassages<T extends ScoringElement, S extends { row: T; score: number }>(
  seeds: readonly S[],
  elements: readonly T[],
  options: { max: number; best: number; cut: boolean; accept?: (seed: S) => boolean },
): { seed: S; elements: T[] }[] {
  const covered = new Set<T>();
  const picked: { seed: S; elements: T[] }[] = [];
  for (const seed of seeds) {
    if (picked.length >= options.max) break;
    if (options.cut && picked.length > 0 && (seed.score < options.best * RELATIVE_CUT || seed.score <= 0)) break;
    if (covered.has(seed.row)) continue;
    if (options.accept && !options.accept(seed)) continue;
    const rows = expandSeed(seed.row, elements).filter((row) => !covered.has(row));
    if (rows.length === 0) continue;
    for (const row of rows) covered.add(row);
    picked.push({ seed, elements: rows });
  }
  return picked;
}

/**
 * The passages kept from several documents or files (each one's passages best first), at most `max`:
 * every one keeps its best while there is room, and the rest of the room goes to the best-scoring others.
 */
export function keepBest<D extends { passage: { score: number } }>(groups: readonly (readonly D[])[], max: number): Set<D> {
  const firsts = groups.map((group) => group[0]).filter((draft): draft is D => draft !== undefined);
  const others = groups.flatMap((group) => group.slice(1)).sort((a, b) => b.passage.score - a.passage.score);
  return new Set([...firsts, ...others].slice(0, max));
}

export function splitSentences(element: PassageElement): Omit<PassageSentence, 'score'>[] {
  const text = element.text.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return [];
  if (element.type === 'list_item' || element.type === 'table')
    return [{ text, elementId: element.id, listItem: element.type === 'list_item' }];
  return text
    .split(/(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0)
    .map((sentence) => ({ text: sentence, elementId: element.id, listItem: false }));
}

/** Splits the kept passages into sentences and scores each by the share of the term weight it holds (stemmed by the database). */
export async function withSentences<P extends { elements: readonly PassageElement[] }>(
  db: Database,
  kept: readonly { passage: P }[],
  terms: readonly QueryTerm[],
): Promise<(P & { sentences: PassageSentence[] })[]> {
  const { totalWeight } = passageScorer(terms);
  const split = kept.map((draft) => draft.passage.elements.flatMap((element) => splitSentences(element)));
  const all = split.flat();
  let hits: number[][] = [];
  if (all.length > 0 && terms.length > 0) {
    hits = rowsOf<{ hits: number[] }>(
      await db.execute(sql`
        select ${hitArray(terms, sql`to_tsvector('english', s.text)`)} as hits
        from (values ${sql.join(
          all.map((sentence, i) => sql`(${i}::int, ${sentence.text}::text)`),
          sql`, `,
        )}) as s(i, text)
        order by s.i`),
    ).map((row) => row.hits);
  }
  let cursor = 0;
  return kept.map((draft, i) => ({
    ...draft.passage,
    sentences: (split[i] ?? []).map((sentence) => {
      const sentenceHits = hits[cursor++] ?? [];
      const held = terms.reduce((total, term, t) => total + (sentenceHits[t] ? term.weight : 0), 0);
      return { ...sentence, score: totalWeight > 0 ? held / totalWeight : 0 };
    }),
  }));
}
