/**
 * The part of speech of each word of a question, from wink-nlp's English model (installed with the
 * server; nothing is downloaded). A question typed as people talk names its subject in nouns
 * ("CCTV footage", "bath taps", "side rooms") and puts it in verbs, adverbs and pronouns ("someone's
 * asked", "do we actually have to", "where can she take it next"): the second kind says how the
 * question is put, however few documents of the library happen to use the word.
 */
import { partsOfSpeech } from '../../core/language/tagger.ts';

/** Parts of speech that put a question rather than name its subject. */
const TALK = new Set(['VERB', 'AUX', 'ADV', 'PRON', 'DET', 'PART', 'INTJ', 'ADP', 'CCONJ', 'SCONJ']);

/** How a word puts a question: as a verb ("asked", "test") or as another word that names nothing ("actually", "someone"). */
export type Talk = 'verb' | 'other';

/**
 * The words of a text (in lower case) used in it only as verbs, adverbs, pronouns or other words
 * that put a question, with which: a word also used as a noun or an adjective ("test" in "PAT
 * test", "hot") is not among them. Words the tagger joins or splits differently from the search are
 * left out.
 */
export function talkWords(text: string): Map<string, Talk> {
  const talk = new Map<string, Talk>();
  const named = new Set<string>();
  for (const { word: value, tag } of partsOfSpeech(text)) {
    if (!/^[a-z0-9]+$/.test(value)) continue;
    if (TALK.has(tag)) talk.set(value, tag === 'VERB' && talk.get(value) !== 'other' ? 'verb' : 'other');
    else named.add(value);
  }
  for (const word of named) talk.delete(word);
  return talk;
}
