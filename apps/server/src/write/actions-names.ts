import { partsOfSpeech } from '../core/language/tagger.ts';
import { escapeRegExp } from './sentences.ts';

/**
 * A thing an action names short, written as the meeting last named it in full: "Update the policy"
 * after "our moving and handling policy still quotes the 1992 regs" reads "Update the moving and
 * handling policy"; "the sharps section" after "the sharps section of the waste policy" keeps what
 * it is a section of. Only a definite name ("the", "this", "that" and one or two words) is
 * lengthened, only from a fuller name with the same last words said shortly before, and only by
 * words the tagger reads as naming (nouns, adjectives, numbers, a modifier in "-ing"), never a verb
 * or a clause. A name said in full nowhere near stays as it is.
 */

/** At most this many words are put before a name, and this many after it ("of the waste policy"). */
const MAX_BEFORE = 4;
const MAX_AFTER = 4;
/** At most this many names of one action are looked up. */
const MAX_NAMES = 2;
/** Characters read on either side of a name in an earlier sentence (a long sentence is never tagged whole). */
const WINDOW = 160;
/** At most this many earlier sentences are tagged for one name (those holding its last word, nearest first). */
const MAX_TAGGED = 3;

/** Words that end a name said short but are not what it names ("the end", "the week"). */
const NOT_HEADS = new Set(
  (
    'end start beginning time week weeks month months day days year years moment minute second bit lot way thing things one ones ' +
    'same other rest first last next whole case point idea meeting meetings agenda minutes notes item items issue problem question ' +
    'answer number numbers money cost costs budget people team staff group board chair morning afternoon evening site room'
  ).split(' '),
);
/** Determiners that make a name definite: the thing was named before. */
const DEFINITE = new Set(['the', 'this', 'that']);
/** Words that open a fuller name (determiners and possessives): where its modifiers stop. */
const OPENERS = new Set('the our their your his her its this that these those a an my'.split(' '));
const NAMING_TAGS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

interface Tagged {
  /** In lower case, and as said. */
  word: string;
  value: string;
  tag: string;
}

/** The text with its short definite names lengthened from `before` (earlier sentences, nearest last). */
export function withFullerNames(text: string, before: readonly string[]): string {
  // The task, not what was said before it after a dash.
  const [task = text, ...rest] = text.split(' — ');
  let result = task;
  for (const words of shortNames(partsOfSpeech(task)).slice(0, MAX_NAMES)) {
    const fuller = fullerName(words, before);
    if (fuller === null) continue;
    // Words the action already says are not said twice.
    const added = fuller.split(/\s+/).filter((word) => !words.includes(word));
    if (added.every((word) => new RegExp(String.raw`\b${escapeRegExp(word)}\b`, 'i').test(result))) continue;
    result = result.replace(new RegExp(String.raw`\b${words.map(escapeRegExp).join(String.raw`\s+`)}\b`), fuller);
  }
  return [result, ...rest].join(' — ');
}

/** "the policy", "the risk assessment": definite names of one or two naming words ending on a noun, as said. */
function shortNames(tokens: readonly Tagged[]): string[][] {
  const names: string[][] = [];
  for (const [i, token] of tokens.entries()) {
    if (!DEFINITE.has(token.word)) continue;
    const words: Tagged[] = [];
    for (let j = i + 1; j < tokens.length && words.length < 3 && naming(tokens[j]); j += 1) words.push(tokens[j] as Tagged);
    const head = words.at(-1);
    if (head === undefined || words.length > 2 || head.tag !== 'NOUN' || NOT_HEADS.has(head.word)) continue;
    names.push(words.map((word) => word.value));
  }
  return names;
}

/** The fullest name ending in `words` said in the nearest earlier sentence that has one, if fuller. */
function fullerName(words: readonly string[], before: readonly string[]): string | null {
  const pattern = new RegExp(String.raw`\b${words.map(escapeRegExp).join(String.raw`\s+`)}\b`, 'i');
  let tagged = 0;
  for (let index = before.length - 1; index >= 0 && tagged < MAX_TAGGED; index -= 1) {
    const sentence = before[index] ?? '';
    const at = sentence.search(pattern);
    if (at < 0) continue;
    tagged += 1;
    // Only the words around the name are read: a name's modifiers and "of" phrase are short.
    const found = nameIn(partsOfSpeech(sentence.slice(Math.max(0, at - WINDOW), at + WINDOW)), words);
    if (found !== null) return found;
  }
  return null;
}

/** In a tagged sentence, the name ending in `words` with its naming words before it and an "of"/"for" phrase after it. */
function nameIn(tokens: readonly Tagged[], words: readonly string[]): string | null {
  for (let end = tokens.length - 1; end >= words.length - 1; end -= 1) {
    const start = end - words.length + 1;
    if (!words.every((word, i) => tokens[start + i]?.word === word.toLowerCase())) continue;
    if (tokens[end]?.tag !== 'NOUN') continue;
    const modifiers = modifiersBefore(tokens, start);
    const after = phraseAfter(tokens, end + 1);
    if (modifiers.length === 0 && after.length === 0) continue;
    return [...modifiers, ...words, ...after].join(' ');
  }
  return null;
}

/** The naming words just before `start`, back to a determiner or possessive that opens the name (else none). */
function modifiersBefore(tokens: readonly Tagged[], start: number): string[] {
  const taken: string[] = [];
  for (let i = start - 1; i >= 0 && taken.length < MAX_BEFORE; i -= 1) {
    const token = tokens[i];
    if (token === undefined) break;
    if (OPENERS.has(token.word)) return taken;
    // "moving and handling policy": "and" between two naming words.
    const joins = token.word === 'and' && taken.length > 0 && naming(tokens[i - 1]);
    if (!naming(token) && !joins) break;
    taken.unshift(token.value);
  }
  return [];
}

/** "of the waste policy", "for the new build": a short phrase naming what the thing belongs to, ending on a noun. */
function phraseAfter(tokens: readonly Tagged[], from: number): string[] {
  const first = tokens[from];
  const second = tokens[from + 1];
  if ((first?.word !== 'of' && first?.word !== 'for') || second === undefined || !OPENERS.has(second.word)) return [];
  const taken = [first.value, second.value];
  for (let i = from + 2; i < tokens.length && taken.length < MAX_AFTER + 2; i += 1) {
    const token = tokens[i];
    // A "noun" followed by a determiner is a verb the tagger misread ("the waste policy quotes the …").
    if (token === undefined || !naming(token) || OPENERS.has(tokens[i + 1]?.word ?? '')) break;
    taken.push(token.value);
  }
  return tokens[from + taken.length - 1]?.tag === 'NOUN' && taken.length > 2 ? taken : [];
}

function naming(token: Tagged | undefined): boolean {
  // A single letter is a word cut short in speech ("the s sensor logs"), not a name.
  if (token === undefined || !/^(?:[\p{L}\d][\p{L}\d'-]+|\d)$/u.test(token.word)) return false;
  return NAMING_TAGS.has(token.tag) || (token.tag === 'VERB' && /ing$/.test(token.word));
}
