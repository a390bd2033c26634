/**
 * A search snippet built from an element's text: the query's words marked, with up to two
 * fragments of context around them. This replaces ts_headline, which parsed and stemmed every
 * snippet's text again on each search (the snippet statement's main cost); here each word's lexeme
 * comes from a per-process cache (query.ts, lexemesOf), so a warm server stems nothing. See
 * docs/decisions.md, "Search snippets built in the application".
 */
import { escapeHtml } from '../lib/html.ts';
import { tidyFragment, withoutTableMarkup } from './snippet-text.ts';

/** Context shown around the marked words: a fragment holds up to this many words, as ts_headline's MaxWords did. */
export const FRAGMENT_WORDS = 30;
/** Fragments per snippet, as ts_headline's MaxFragments did. */
const MAX_FRAGMENTS = 2;
/** Shown where a snippet leaves out text before, between or after its fragments. */
const ELLIPSIS = '…';
/** Placeholders for the <mark> tags while the text is tidied and escaped: control characters, removed from the text first. */
const OPEN = '\u0001';
const CLOSE = '\u0002';
const PLACEHOLDERS = new RegExp(`[${OPEN}${CLOSE}]`, 'g');

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
  /** Each word's start and end in text and its tokens' range [firstToken, endToken). */
  words: { start: number; end: number; firstToken: number; endToken: number }[];
}

/** Letters and digits beyond ASCII, decided once per code unit. */
const NON_ASCII_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const wordCharCache = new Int8Array(65536);

function isWordChar(code: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  let known = wordCharCache[code];
  if (known === 0) {
    known = NON_ASCII_LETTER_OR_DIGIT.test(String.fromCharCode(code)) ? 1 : 2;
    wordCharCache[code] = known;
  }
  return known === 1;
}

/** White space as JavaScript's \s reads it. */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 160 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * The tokens and words of a text (its placeholder characters first made spaces). With `initials`
 * (the first characters of the query's lexemes), a token starting with another character gets the
 * key "" and is never looked up: stemming keeps a word's first character, so it cannot be a query
 * word, and most of a page's words are skipped without building their keys.
 */
export function scanText(raw: string, initials?: ReadonlySet<string>): ScannedText {
  const text = raw.replace(PLACEHOLDERS, ' ');
  const scanned: ScannedText = { text, tokenStarts: [], tokenEnds: [], keys: [], words: [] };
  const length = text.length;
  let wordStart = -1;
  let wordFirstToken = 0;
  let i = 0;
  const closeWord = (end: number) => {
    if (wordStart >= 0 && scanned.keys.length > wordFirstToken) {
      scanned.words.push({ start: wordStart, end, firstToken: wordFirstToken, endToken: scanned.keys.length });
    }
    wordStart = -1;
  };
  while (i < length) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) {
      closeWord(i);
      i++;
      continue;
    }
    if (wordStart < 0) {
      wordStart = i;
      wordFirstToken = scanned.keys.length;
    }
    if (!isWordChar(code)) {
      i++;
      continue;
    }
    const start = i;
    let digitsOnly = true;
    for (;;) {
      while (i < length && isWordChar(text.charCodeAt(i))) {
        if (!isDigit(text.charCodeAt(i))) digitsOnly = false;
        i++;
      }
      const joiner = text.charCodeAt(i);
      if ((joiner === 46 || joiner === 64) && i + 1 < length && isWordChar(text.charCodeAt(i + 1))) {
        digitsOnly = false;
        i++;
        continue;
      }
      break;
    }
    const signed = digitsOnly && start > 0 && text.charCodeAt(start - 1) === 45;
    scanned.tokenStarts.push(start);
    scanned.tokenEnds.push(i);
    const initial = signed ? '-' : (text[start] as string).toLowerCase();
    scanned.keys.push(initials && !initials.has(initial) ? '' : `${signed ? '-' : ''}${text.slice(start, i).toLowerCase()}`);
  }
  closeWord(length);
  return scanned;
}

/** The distinct token keys of some scanned texts: the words whose lexemes their snippets need. */
export function tokenKeys(texts: readonly ScannedText[]): string[] {
  const keys = new Set<string>();
  for (const text of texts) for (const key of text.keys) if (key !== '') keys.add(key);
  return [...keys];
}

/** The first characters of some lexemes, for scanText. */
export function initialsOf(lexemes: Iterable<string>): Set<string> {
  const initials = new Set<string>();
  for (const lexeme of lexemes) if (lexeme !== '') initials.add(lexeme[0] as string);
  return initials;
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

interface Word {
  start: number;
  end: number;
  firstToken: number;
  endToken: number;
  /** Indexes (into the query's lexemes) of the query words marked in this word. */
  marks: number[];
}

interface Window {
  from: number;
  to: number;
}

/**
 * The best window of `size` words within [from, to): most distinct query words not already shown
 * (`shown`), then most marks, then the marks most nearly centred (context on both sides), then the
 * earliest. Null when no window there holds a mark.
 */
function bestWindow(words: readonly Word[], from: number, to: number, size: number, shown: ReadonlySet<number>): Window | null {
  if (to - from <= 0) return null;
  const width = Math.min(size, to - from);
  const counts = new Map<number, number>();
  let distinct = 0;
  let marks = 0;
  const add = (word: Word, step: 1 | -1) => {
    for (const mark of word.marks) {
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
  for (let i = from; i < from + width; i++) add(words[i] as Word, 1);
  // Marked word positions, for how centred a window's marks are.
  const marked: number[] = [];
  for (let i = from; i < to; i++) if ((words[i] as Word).marks.length > 0) marked.push(i);
  let best: (Window & { distinct: number; marks: number; balance: number }) | null = null;
  let first = 0;
  for (let start = from; start + width <= to; start++) {
    if (start > from) {
      add(words[start - 1] as Word, -1);
      add(words[start + width - 1] as Word, 1);
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

/** One fragment's text with the placeholders around its marked tokens. */
function fragmentText(scanned: ScannedText, words: readonly Word[], marked: readonly boolean[], window: Window): string {
  const first = words[window.from] as Word;
  const last = words[window.to - 1] as Word;
  const { text, tokenStarts, tokenEnds } = scanned;
  let out = '';
  let at = first.start;
  for (let t = first.firstToken; t < last.endToken; t++) {
    if (!marked[t]) continue;
    const start = tokenStarts[t] as number;
    const end = tokenEnds[t] as number;
    out += `${text.slice(at, start)}${OPEN}${text.slice(start, end)}${CLOSE}`;
    at = end;
  }
  return out + text.slice(at, last.end);
}

/**
 * The snippet HTML of one element (scanText of its text): the words whose lexeme (`lexemeOf`, null
 * for a stop-word) is one of the query's (`queryLexemes`) in <mark>, cut to at most two fragments of
 * up to FRAGMENT_WORDS words around them (the text whole when it is no longer), table bars and row
 * breaks as plain separators, an ellipsis where text is left out, everything else escaped.
 */
export function snippetHtml(scanned: ScannedText, lexemeOf: (key: string) => string | null, queryLexemes: readonly string[]): string {
  const lexemeIndex = new Map(queryLexemes.map((lexeme, i) => [lexeme, i]));
  const tokenMark = scanned.keys.map((key) => {
    const lexeme = key === '' ? null : lexemeOf(key);
    return lexeme === null ? -1 : (lexemeIndex.get(lexeme) ?? -1);
  });
  const marked = tokenMark.map((index) => index >= 0);
  const words: Word[] = scanned.words.map((word) => {
    const marks: number[] = [];
    for (let t = word.firstToken; t < word.endToken; t++) {
      const index = tokenMark[t] as number;
      if (index >= 0 && !marks.includes(index)) marks.push(index);
    }
    return { ...word, marks };
  });
  if (words.length === 0) return escapeHtml(tidyFragment(withoutTableMarkup(scanned.text.trim())));

  const fragments: Window[] = [];
  if (words.length <= FRAGMENT_WORDS) {
    fragments.push({ from: 0, to: words.length });
  } else {
    const shown = new Set<number>();
    const first = bestWindow(words, 0, words.length, FRAGMENT_WORDS, shown) ?? { from: 0, to: FRAGMENT_WORDS };
    fragments.push(first);
    for (let i = first.from; i < first.to; i++) for (const mark of (words[i] as Word).marks) shown.add(mark);
    if (MAX_FRAGMENTS > 1) {
      const before = bestWindow(words, 0, first.from, FRAGMENT_WORDS, shown);
      const after = bestWindow(words, first.to, words.length, FRAGMENT_WORDS, shown);
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
    .map((fragment) => tidyFragment(withoutTableMarkup(fragmentText(scanned, words, marked, fragment))))
    .filter((part) => part !== '');
  const opening = (merged[0]?.from ?? 0) > 0 ? `${ELLIPSIS} ` : '';
  const closing = (merged.at(-1)?.to ?? words.length) < words.length ? ` ${ELLIPSIS}` : '';
  return escapeHtml(`${opening}${parts.join(` ${ELLIPSIS} `)}${closing}`)
    .replaceAll(OPEN, '<mark>')
    .replaceAll(CLOSE, '</mark>');
}

/** Distinct new query words and marks in a window, for choosing the second fragment. */
function scoreOf(words: readonly Word[], window: Window, shown: ReadonlySet<number>): { distinct: number; marks: number } {
  const seen = new Set<number>();
  let marks = 0;
  for (let i = window.from; i < window.to; i++) {
    for (const mark of (words[i] as Word).marks) {
      marks++;
      if (!shown.has(mark)) seen.add(mark);
    }
  }
  return { distinct: seen.size, marks };
}
