/**
 * Parts of speech from wink-nlp's English model (installed with the server; nothing is
 * downloaded). Loaded once per process on first use (about 90 ms). Callers tag only short texts
 * they have already bounded (a question, a topic title), never a whole document or transcript.
 */
import model from 'wink-eng-lite-web-model';
import winkNLP, { type WinkMethods } from 'wink-nlp';

let nlp: WinkMethods | null = null;

function tagger(): WinkMethods {
  nlp ??= winkNLP(model, ['pos']);
  return nlp;
}

/** Each token of a text, in lower case (`word`) and as written (`value`), with its part of speech (NOUN, VERB, ADJ, …). */
export function partsOfSpeech(text: string): { word: string; value: string; tag: string }[] {
  const doc = tagger().readDoc(text);
  const its = tagger().its;
  const words = doc.tokens().out(its.normal) as string[];
  const values = doc.tokens().out(its.value) as string[];
  const tags = doc.tokens().out(its.pos) as string[];
  return words.map((word, i) => ({ word, value: values[i] ?? word, tag: tags[i] ?? '' }));
}

/** Loads the model now, so that the first caller does not wait for it. */
export function prepareTagger(): void {
  tagger();
}
