/**
 * The library passages most like a part of a policy, for the provider reviewer to check it
 * against: current documents only, ranked by the rarer words they share with the part (a word's
 * weight is its inverse document frequency over the library's passages), in memory and without
 * a database, so the reviewer stays a pure function of the policy and the library.
 */
import type { ReviewLibrary } from './types.ts';
import { estimateTokens } from '../core/provider/text.ts';

export interface Passage {
  /** The id the prompt gives it: P1, P2, … */
  key: string;
  documentId: string;
  elementId: string;
  code: string;
  text: string;
}

interface IndexedPassage {
  documentId: string;
  elementId: string;
  code: string;
  text: string;
  words: Set<string>;
}

interface LibraryIndex {
  passages: IndexedPassage[];
  idf: Map<string, number>;
}

/** Passages shorter than this say too little to check a policy against (titles, short headings). */
const MIN_PASSAGE_CHARACTERS = 60;
const PASSAGE_MAX_CHARACTERS = 900;
const STOP_WORDS = new Set(
  'a an and are as at be been by for from has have in is it its of on or that the their there these this to was were which will with within not no must should may can all any each other such than into per'.split(
    ' ',
  ),
);

const indexes = new WeakMap<ReviewLibrary, LibraryIndex>();

export function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const raw of text.toLowerCase().match(/[a-z0-9°µ]+/g) ?? []) {
    if (raw.length < 3 || STOP_WORDS.has(raw)) continue;
    words.add(raw.length > 4 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw);
  }
  return words;
}

function indexOf(library: ReviewLibrary): LibraryIndex {
  const cached = indexes.get(library);
  if (cached) return cached;
  const passages: IndexedPassage[] = [];
  for (const document of library.documents) {
    if (document.status !== 'current') continue;
    for (const element of document.elements) {
      if (element.type === 'title' || element.text.length < MIN_PASSAGE_CHARACTERS) continue;
      passages.push({
        documentId: document.id,
        elementId: element.id,
        code: document.code,
        text: element.text.slice(0, PASSAGE_MAX_CHARACTERS),
        words: wordsOf(element.text),
      });
    }
  }
  const frequency = new Map<string, number>();
  for (const passage of passages) for (const word of passage.words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const idf = new Map([...frequency].map(([word, count]) => [word, Math.log(1 + passages.length / count)]));
  const index = { passages, idf };
  indexes.set(library, index);
  return index;
}

/** Up to `limit` passages, best first, within `budgetTokens` in all. */
export function passagesFor(text: string, library: ReviewLibrary, limit: number, budgetTokens: number): Passage[] {
  const { passages, idf } = indexOf(library);
  const words = wordsOf(text);
  const scored = passages
    .map((passage) => {
      let score = 0;
      for (const word of passage.words) if (words.has(word)) score += idf.get(word) ?? 0;
      return { passage, score: score / Math.sqrt(passage.words.size + 10) };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score);
  const chosen: Passage[] = [];
  let tokens = 0;
  for (const { passage } of scored) {
    if (chosen.length >= limit) break;
    const cost = estimateTokens(passage.text) + 12;
    if (tokens + cost > budgetTokens) continue;
    tokens += cost;
    chosen.push({
      key: `P${chosen.length + 1}`,
      documentId: passage.documentId,
      elementId: passage.elementId,
      code: passage.code,
      text: passage.text,
    });
  }
  return chosen;
}
