/**
 * A search snippet built from an element's text: the query's words marked, with up to two
 * fragments of context around them. This replaces ts_headline, which parsed and stemmed every
 * snippet's text again on each search (the snippet statement's main cost); here each word's lexeme
 * comes from a per-process cache (query.ts, lexemesOf), so a warm server stems nothing. See
 * docs/decisions.md, "Search snippets built in the application".
 */
import { escapeHtml, HTML_ENTITIES } from '../lib/html.ts';
import { isSpace, tidyFragment, withoutTableMarkup } from './snippet-text.ts';

/** Context shown around the marked words: a fragment holds up to this many words, as ts_headline's MaxWords did. */
export const FRAGMENT_WORDS = 30;
/**
 * A fragment's characters at most: thirty words are a few hundred, but one "word" can be a whole
 * element's run of letters or table bars.
 */
const FRAGMENT_CHARS = 1_000;
/** Fragments per snippet, as ts_headline's MaxFragments did. */
const MAX_FRAGMENTS = 2;
/** Shown where a snippet leaves out text before, between or after its fragments. */
const ELLIPSIS = '…';
/** Placeholders for the <mark> tags while the text is tidied and escaped: control characters, removed from the text first. */
const OPEN = '\u0001';
const CLOSE = '\u0002';
const PLACEHOLDERS = new RegExp(`[${OPEN}${CLOSE}]`, 'g');
/** What the snippet's characters become in one pass: HTML escaped (as escapeHtml does), the placeholders <mark> tags. */
const MARKUP = new RegExp(`[&<>"'${OPEN}${CLOSE}]`, 'g');
const MARKUP_OF: Readonly<Record<string, string>> = { ...HTML_ENTITIES, [OPEN]: '<mark>', [CLOSE]: '</mark>' };

/**
 * A word as the text search parser reads it: a run of letters and digits, or several joined by
 * dots or an at sign ("2.5", "reg.12", "nhs.uk", an e-mail address), which the parser keeps as one
 * token. A hyphenated word's parts are tokens of their own, as the parser also indexes them
 * ("pre-existing" holds "existing"), and an apostrophe splits ("don't"). Digits straight after a
 * hyphen are a signed number to the parser ("06-01" is 06 and -01), so a search for "01" does not
 * mark the second half of every code. Words for counting context are runs of non-spaces holding a
 * token (a table's bars are not words). One pass over the characters, no regular expression: the
 * snippets of a page are a few tens of thousands of characters.
 */
export interface ScannedText {
  text: string;
  /** Each token's start and end in text, and its key (lower-cased; signed numbers with their "-"): what its lexeme is looked up by. */
  tokenStarts: number[];
  tokenEnds: number[];
  keys: string[];
  /**
   * Each word's start and end in text and its first token. Every token is in a word, so a word's
   * tokens run to the next word's first token (the last word's to the last token).
   */
  wordStarts: number[];
  wordEnds: number[];
  wordTokens: number[];
}

/** What the scan makes of a code unit: white space, an ASCII digit, another letter or digit, or anything else. */
const SPACE = 1;
const DIGIT = 2;
const LETTER = 3;
const OTHER = 4;
/** Each code unit's class, decided on first sight (0 until then). */
const classes = new Uint8Array(65536);
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function classOf(code: number): number {
  let known = classes[code] as number;
  if (known === 0) {
    if (isSpace(code)) known = SPACE;
    else if (code >= 48 && code <= 57) known = DIGIT;
    else known = LETTER_OR_DIGIT.test(String.fromCharCode(code)) ? LETTER : OTHER;
    classes[code] = known;
  }
  return known;
}

const isWordClass = (known: number) => known === DIGIT || known === LETTER;

/**
 * The first characters of the query's lexemes, for scanText: as a set, and the ASCII ones as a
 * table by character code. Made once a page of snippets, not once a snippet.
 */
export interface QueryInitials {
  all: ReadonlySet<string>;
  ascii: Uint8Array;
}

/**
 * The tokens and words of a text (its placeholder characters first made spaces). With `initials`
 * (the first characters of the query's lexemes), a token starting with another character gets the
 * key "" and is never looked up: stemming keeps a word's first character, so it cannot be a query
 * word, and most of a page's words are skipped without building their keys.
 */
export function scanText(raw: string, initials?: QueryInitials): ScannedText {
  const text = raw.includes(OPEN) || raw.includes(CLOSE) ? raw.replace(PLACEHOLDERS, ' ') : raw;
  const tokenStarts: number[] = [];
  const tokenEnds: number[] = [];
  const keys: string[] = [];
  const wordStarts: number[] = [];
  const wordEnds: number[] = [];
  const wordTokens: number[] = [];
  const length = text.length;
  let wordStart = -1;
  let wordFirstToken = 0;
  let i = 0;
  const closeWord = (end: number) => {
    if (wordStart >= 0 && keys.length > wordFirstToken) {
      wordStarts.push(wordStart);
      wordEnds.push(end);
      wordTokens.push(wordFirstToken);
    }
    wordStart = -1;
  };
  while (i < length) {
    const code = text.charCodeAt(i);
    const known = classOf(code);
    if (known === SPACE) {
      closeWord(i);
      i++;
      continue;
    }
    if (wordStart < 0) {
      wordStart = i;
      wordFirstToken = keys.length;
    }
    if (known === OTHER) {
      i++;
      continue;
    }
    const start = i;
    let digitsOnly = true;
    for (;;) {
      while (i < length) {
        const next = classOf(text.charCodeAt(i));
        if (next === LETTER) digitsOnly = false;
        else if (next !== DIGIT) break;
        i++;
      }
      const joiner = text.charCodeAt(i);
      if ((joiner === 46 || joiner === 64) && i + 1 < length && isWordClass(classOf(text.charCodeAt(i + 1)))) {
        digitsOnly = false;
        i++;
        continue;
      }
      break;
    }
    const signed = digitsOnly && start > 0 && text.charCodeAt(start - 1) === 45;
    tokenStarts.push(start);
    tokenEnds.push(i);
    let wanted = true;
    if (initials) {
      if (signed) wanted = initials.all.has('-');
      // An ASCII letter's lower case is 32 codes on; a digit is its own.
      else if (code < 128) wanted = initials.ascii[code >= 65 && code <= 90 ? code + 32 : code] === 1;
      else wanted = initials.all.has((text[start] as string).toLowerCase());
    }
    keys.push(wanted ? `${signed ? '-' : ''}${text.slice(start, i).toLowerCase()}` : '');
  }
  closeWord(length);
  return { text, tokenStarts, tokenEnds, keys, wordStarts, wordEnds, wordTokens };
}

/** The distinct token keys of some scanned texts: the words whose lexemes their snippets need. */
export function tokenKeys(texts: readonly ScannedText[]): string[] {
  const keys = new Set<string>();
  for (const text of texts) for (const key of text.keys) if (key !== '') keys.add(key);
  return [...keys];
}

/** The first characters of some lexemes, for scanText. */
export function initialsOf(lexemes: Iterable<string>): QueryInitials {
  const all = new Set<string>();
  for (const lexeme of lexemes) if (lexeme !== '') all.add(lexeme[0] as string);
  const ascii = new Uint8Array(128);
  for (const initial of all) {
    const code = initial.charCodeAt(0);
    if (initial.length === 1 && code < 128) ascii[code] = 1;
  }
  return { all, ascii };
}

/** An operand of a tsquery's text form, and whether a negation ("!") applies to it, directly or through a group. */
interface TsqueryOperand {
  lexeme: string;
  negated: boolean;
}

/**
 * The operands of a tsquery's text form ("'water' <-> 'hygien' & !'laundri'", "!( 'a' <-> 'b' )"),
 * in order, in one pass over the text.
 */
export function tsqueryOperands(query: string): TsqueryOperand[] {
  const operands: TsqueryOperand[] = [];
  // Open groups, each true when a negation applies to it, and how many of them are negated.
  const groups: boolean[] = [];
  let negatedGroups = 0;
  let negateNext = false;
  let from = 0;
  const scan = (to: number) => {
    for (let i = from; i < to; i++) {
      const c = query[i];
      if (c === '!') negateNext = true;
      else if (c === '(') {
        groups.push(negateNext);
        if (negateNext) negatedGroups++;
        negateNext = false;
      } else if (c === ')' && groups.pop()) negatedGroups--;
    }
  };
  for (const match of query.matchAll(/'((?:[^'\\]|''|\\.)*)'/g)) {
    scan(match.index);
    from = match.index + match[0].length;
    operands.push({ lexeme: (match[1] ?? '').replace(/''/g, "'").replace(/\\(.)/g, '$1'), negated: negateNext || negatedGroups > 0 });
    negateNext = false;
  }
  return operands;
}

/**
 * The lexemes a tsquery's text form names: every operand, as ts_headline marked every operand of
 * the query it was given.
 */
export function tsqueryLexemes(query: string): Set<string> {
  return new Set(tsqueryOperands(query).map((operand) => operand.lexeme));
}

/** A window of words [from, to). */
interface Window {
  from: number;
  to: number;
}

/** Indexes (into the query's lexemes) of the query words marked in each word; null for a word with none, as most are. */
type WordMarks = readonly (readonly number[] | null)[];

/**
 * The best window of `size` words within [from, to): most distinct query words not already shown
 * (`shown`), then most marks, then the marks most nearly centred (context on both sides), then the
 * earliest. Null when no window there holds a mark.
 */
function bestWindow(words: WordMarks, from: number, to: number, size: number, shown: ReadonlySet<number>): Window | null {
  if (to - from <= 0) return null;
  const width = Math.min(size, to - from);
  const counts = new Map<number, number>();
  let distinct = 0;
  let marks = 0;
  const add = (word: readonly number[] | null, step: 1 | -1) => {
    if (word === null) return;
    for (const mark of word) {
      if (shown.has(mark)) {
        marks += step;
        continue;
      }
      const count = (counts.get(mark) ?? 0) + step;
      counts.set(mark, count);
      if (step === 1 && count === 1) distinct++;
      if (step === -1 && count === 0) distinct--;
      marks += step;
    }
  };
  for (let i = from; i < from + width; i++) add(words[i] ?? null, 1);
  // Marked word positions, for how centred a window's marks are.
  const marked: number[] = [];
  for (let i = from; i < to; i++) if (words[i]) marked.push(i);
  let best: (Window & { distinct: number; marks: number; balance: number }) | null = null;
  let first = 0;
  for (let start = from; start + width <= to; start++) {
    if (start > from) {
      add(words[start - 1] ?? null, -1);
      add(words[start + width - 1] ?? null, 1);
    }
    if (marks === 0) continue;
    while (first < marked.length && (marked[first] as number) < start) first++;
    let last = first;
    // The last marked word inside the window (marked is sorted; windows are short).
    while (last + 1 < marked.length && (marked[last + 1] as number) < start + width) last++;
    const balance = Math.abs((marked[first] as number) - start - (start + width - 1 - (marked[last] as number)));
    if (
      !best ||
      distinct > best.distinct ||
      (distinct === best.distinct && (marks > best.marks || (marks === best.marks && balance < best.balance)))
    ) {
      best = { from: start, to: start + width, distinct, marks, balance };
    }
  }
  return best && { from: best.from, to: best.to };
}

/** One fragment's text with the placeholders around its marked tokens (`tokenMark` at least 0). */
function fragmentText(scanned: ScannedText, tokenMark: readonly number[], window: Window): string {
  const { text, tokenStarts, tokenEnds, wordStarts, wordEnds, wordTokens } = scanned;
  const endToken = window.to < wordTokens.length ? (wordTokens[window.to] as number) : tokenStarts.length;
  let out = '';
  let at = wordStarts[window.from] as number;
  for (let t = wordTokens[window.from] as number; t < endToken; t++) {
    if ((tokenMark[t] as number) < 0) continue;
    const start = tokenStarts[t] as number;
    const end = tokenEnds[t] as number;
    out += `${text.slice(at, start)}${OPEN}${text.slice(start, end)}${CLOSE}`;
    at = end;
  }
  return out + text.slice(at, wordEnds[window.to - 1] as number);
}

/**
 * The snippet HTML of one element (scanText of its text): the words whose lexeme (`lexemeOf`, null
 * for a stop-word) is one of the query's (`queryLexemes`) in <mark>, cut to at most two fragments of
 * up to FRAGMENT_WORDS words around them (the text whole when it is no longer), table bars and row
 * breaks as plain separators, an ellipsis where text is left out, everything else escaped.
 */
export function snippetHtml(scanned: ScannedText, lexemeOf: (key: string) => string | null, queryLexemes: readonly string[]): string {
  const { keys, wordTokens } = scanned;
  const wordCount = wordTokens.length;
  if (wordCount === 0) return escapeHtml(capped(tidyFragment(withoutTableMarkup(scanned.text.trim()))));
  // Each token's query word, -1 for none.
  const tokenMark = new Array<number>(keys.length).fill(-1);
  keys.forEach((key, t) => {
    const lexeme = key === '' ? null : lexemeOf(key);
    if (lexeme !== null) tokenMark[t] = queryLexemes.lastIndexOf(lexeme);
  });
  const words: (number[] | null)[] = new Array<number[] | null>(wordCount).fill(null);
  for (let w = 0; w < wordCount; w++) {
    const endToken = w + 1 < wordCount ? (wordTokens[w + 1] as number) : keys.length;
    for (let t = wordTokens[w] as number; t < endToken; t++) {
      const index = tokenMark[t] as number;
      if (index < 0) continue;
      const marks = words[w];
      if (!marks) words[w] = [index];
      else if (!marks.includes(index)) marks.push(index);
    }
  }

  const fragments: Window[] = [];
  if (wordCount <= FRAGMENT_WORDS) {
    fragments.push({ from: 0, to: wordCount });
  } else {
    const shown = new Set<number>();
    const first = bestWindow(words, 0, wordCount, FRAGMENT_WORDS, shown) ?? { from: 0, to: FRAGMENT_WORDS };
    fragments.push(first);
    for (let i = first.from; i < first.to; i++) for (const mark of words[i] ?? []) shown.add(mark);
    if (MAX_FRAGMENTS > 1) {
      const before = bestWindow(words, 0, first.from, FRAGMENT_WORDS, shown);
      const after = bestWindow(words, first.to, wordCount, FRAGMENT_WORDS, shown);
      const second = [before, after]
        .filter((window): window is Window => window !== null)
        .map((window) => ({ window, ...scoreOf(words, window, shown) }))
        .sort((a, b) => b.distinct - a.distinct || b.marks - a.marks || a.window.from - b.window.from)[0];
      if (second) fragments.push(second.window);
    }
    fragments.sort((a, b) => a.from - b.from);
  }
  // Fragments that meet are shown as one.
  const merged: Window[] = [];
  for (const fragment of fragments) {
    const previous = merged.at(-1);
    if (previous && fragment.from <= previous.to) previous.to = Math.max(previous.to, fragment.to);
    else merged.push({ ...fragment });
  }
  const parts = merged
    .map((fragment) => capped(tidyFragment(withoutTableMarkup(fragmentText(scanned, tokenMark, fragment)))))
    .filter((part) => part !== '');
  const opening = (merged[0]?.from ?? 0) > 0 ? `${ELLIPSIS} ` : '';
  const closing = (merged.at(-1)?.to ?? wordCount) < wordCount ? ` ${ELLIPSIS}` : '';
  return `${opening}${parts.join(` ${ELLIPSIS} `)}${closing}`.replace(MARKUP, (c) => MARKUP_OF[c] ?? c);
}

/** A fragment cut to FRAGMENT_CHARS characters with an ellipsis (a mark the cut leaves open closed again). */
function capped(fragment: string): string {
  if (fragment.length <= FRAGMENT_CHARS) return fragment;
  // Not between the two halves of a character outside the basic plane.
  const high = fragment.charCodeAt(FRAGMENT_CHARS - 1);
  const cut = fragment.slice(0, high >= 0xd800 && high <= 0xdbff ? FRAGMENT_CHARS - 1 : FRAGMENT_CHARS);
  return `${cut}${cut.lastIndexOf(OPEN) > cut.lastIndexOf(CLOSE) ? CLOSE : ''} ${ELLIPSIS}`;
}

/** Distinct new query words and marks in a window, for choosing the second fragment. */
function scoreOf(words: WordMarks, window: Window, shown: ReadonlySet<number>): { distinct: number; marks: number } {
  const seen = new Set<number>();
  let marks = 0;
  for (let i = window.from; i < window.to; i++) {
    for (const mark of words[i] ?? []) {
      marks++;
      if (!shown.has(mark)) seen.add(mark);
    }
  }
  return { distinct: seen.size, marks };
}
