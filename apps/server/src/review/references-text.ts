/**
 * Policy text as the references rule reads it: letter and digit runs with their places and the
 * characters before them, compared without case, plural endings or leading zeros ("HTM 04-01" and
 * "htm 4-1" read alike).
 */
import { stem } from '../core/library/references-words.ts';

export interface Token {
  /** As written. */
  text: string;
  /** Compared form: a word's stem, a number without leading zeros. */
  norm: string;
  /** What lies between the previous token and this one. */
  gap: string;
  start: number;
  end: number;
}

/** Words that carry no subject: skipped when names are compared. */
export const STOP_WORDS = new Set('a an the of and or for in on to at with by from as its etc'.split(' '));

export function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(/\p{L}+|\p{Nd}+/gu)) {
    const raw = match[0];
    tokens.push({ text: raw, norm: normOf(raw), gap: text.slice(last, match.index), start: match.index, end: match.index + raw.length });
    last = match.index + raw.length;
  }
  return tokens;
}

/** Short forms that stand for a whole word in citations: "Regs" for "Regulations". */
const SHORT_FORMS = new Map([
  ['regs', 'regulations'],
  ['reg', 'regulation'],
]);

function normOf(raw: string): string {
  if (/^\d+$/.test(raw)) return String(Number(raw));
  return stem(SHORT_FORMS.get(raw.toLowerCase()) ?? raw);
}

export function isYear(token: Token | undefined): boolean {
  return token !== undefined && /^(?:19|20)\d{2}$/.test(token.text);
}

/** A gap inside one citation: spaces, hyphens, slashes, dots and brackets, not a sentence's end. */
export function joinsCitation(gap: string): boolean {
  return /^[\s\-–/.()]*$/.test(gap) && !/\.\s/.test(gap);
}

/** A gap that ends a sentence. */
export function endsSentence(gap: string): boolean {
  return /[.;:!?]\s|\n/.test(gap);
}

/** An acronym as written: two capitals or more ("COSHH", "KLOEs", "ACoP"). */
export function isAcronym(raw: string): boolean {
  return /^\p{L}+$/u.test(raw) && (raw.match(/\p{Lu}/gu)?.length ?? 0) >= 2;
}
