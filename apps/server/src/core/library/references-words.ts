/**
 * The words of a spoken line as the reference detector reads them: letter and digit runs with
 * what separates them (so "HSG274", "HSG 274" and "HSG, part two" can be told apart), and the
 * readers for numbers said aloud — digit by digit ("oh-four-oh-one", "two-seven-four"), as
 * cardinals ("twelve", "twenty-one") and as years ("twenty thirteen", "two thousand and six").
 */

export interface Word {
  /** As written. */
  text: string;
  lower: string;
  /** What lies between the previous word and this one ("" when glued, " ", "-", ", "). */
  gap: string;
  start: number;
  end: number;
}

/** Letter runs and digit runs, each with the characters before it. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  let last = 0;
  for (const match of text.matchAll(/\p{L}+|\p{Nd}+/gu)) {
    const start = match.index;
    words.push({ text: match[0], lower: match[0].toLowerCase(), gap: text.slice(last, start), start, end: start + match[0].length });
    last = start + match[0].length;
  }
  return words;
}

/** A gap that ends a sentence: the words either side belong to different sentences. */
export function endsSentence(gap: string): boolean {
  return /[.!?…]/.test(gap);
}

/** A gap inside one phrase: spaces, or a hyphen or slash between the words. */
export function joins(gap: string): boolean {
  return /^\s*[-‐–/]?\s*$/.test(gap) && gap !== '';
}

/**
 * A word's stem for comparing titles with speech: lower case, "regs" and "regulations" as
 * "regulation", "doc" as "document", a plural "-ies" as "-y" and a plural "-s" dropped ("assemblies" = "assembly").
 */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  if (lower === 'regs' || lower === 'reg' || lower === 'regulations') return 'regulation';
  if (lower === 'doc' || lower === 'docs') return 'document';
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1);
  return lower;
}

const DIGITS: Record<string, string> = {
  oh: '0',
  zero: '0',
  nought: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

export interface NumberRead {
  /** The digits as said or written ("0401", "274", "12"). */
  digits: string;
  /** The index of the word after the number. */
  next: number;
  /** Said as a string of digit words ("oh-four-oh-one"), not written or said as a cardinal. */
  spoken: boolean;
}

const isDigitWord = (word: Word | undefined): boolean => word !== undefined && word.lower !== 'oh' && word.lower in DIGITS;

/** The longest run of digit words a code is said with ("oh-four-oh-one Part C" has four): a longer run is no code. */
const MAX_DIGIT_WORDS = 8;

/**
 * Digits said one by one, joined by hyphens ("oh-four-oh-one", "two-seven-four") or, when
 * `spaced`, by spaces too ("zero four zero one"); a ten or a teen may close a run ("oh-oh-ten").
 * At least two words, so a lone "oh" or "one" is never a number here. Null when the words at
 * `index` are not such a run, or a run longer than any code: the reader never looks more than
 * MAX_DIGIT_WORDS words ahead, so reading from every word of "oh oh oh …" stays linear.
 */
export function readDigitRun(words: readonly Word[], index: number, spaced: boolean): NumberRead | null {
  let digits = '';
  let i = index;
  while (i < words.length) {
    if (i - index > MAX_DIGIT_WORDS) return null;
    const word = words[i] as Word;
    if (i > index && !(word.gap === '-' || (spaced && word.gap === ' '))) break;
    const digit = DIGITS[word.lower];
    if (digit !== undefined) {
      digits += digit;
      i++;
      continue;
    }
    // "double-oh-nine": a digit said twice.
    const doubled = word.lower === 'double' ? words[i + 1] : undefined;
    const twice = doubled && (doubled.gap === '-' || (spaced && doubled.gap === ' ')) ? DIGITS[doubled.lower] : undefined;
    if (twice !== undefined) {
      digits += twice + twice;
      i += 2;
      continue;
    }
    if (i > index && word.lower in TEENS) {
      digits += String(TEENS[word.lower]);
      i++;
    }
    break;
  }
  if (i - index < 2) return null;
  return { digits, next: i, spoken: true };
}

/**
 * A cardinal number, written ("12") or said ("twelve", "twenty-one", "twenty one"), up to 99
 * when said. Null when the word at `index` is not one.
 */
export function readCardinal(words: readonly Word[], index: number): NumberRead | null {
  const word = words[index];
  if (!word) return null;
  if (/^\d{1,3}$/.test(word.text)) return { digits: word.text, next: index + 1, spoken: false };
  if (isDigitWord(word)) return { digits: DIGITS[word.lower] as string, next: index + 1, spoken: false };
  if (word.lower in TEENS) return { digits: String(TEENS[word.lower]), next: index + 1, spoken: false };
  const tens = TENS[word.lower];
  if (tens === undefined) return null;
  const after = words[index + 1];
  if (after && (after.gap === '-' || after.gap === ' ') && isDigitWord(after)) {
    return { digits: String(tens + Number(DIGITS[after.lower])), next: index + 2, spoken: false };
  }
  return { digits: String(tens), next: index + 1, spoken: false };
}

export interface YearRead {
  year: number;
  next: number;
}

/**
 * A year from 1900 to 2099, written ("2006") or said ("twenty thirteen", "twenty oh six",
 * "twenty twenty-three", "two thousand and six", "nineteen ninety-eight").
 */
/**
 * A year written by its last two figures ("the 94 regs", "the old 98 act"): 50–99 are the 1900s,
 * 00–49 the 2000s. Only where a name of legislation follows, which the caller checks.
 */
export function readShortYear(words: readonly Word[], index: number): YearRead | null {
  const word = words[index];
  if (!word) return null;
  const year = (figures: number) => (figures >= 50 ? 1900 + figures : 2000 + figures);
  if (/^\d{2}$/.test(word.text)) return { year: year(Number(word.text)), next: index + 1 };
  // Said: "ninety-nine", "oh two" (tens alone, "ninety", are too often a count).
  const after = words[index + 1];
  if (!after || !(after.gap === '-' || after.gap === ' ') || !isDigitWord(after) || after.lower === 'oh' || after.lower === 'zero')
    return null;
  const tens = word.lower === 'oh' ? 0 : TENS[word.lower];
  if (tens === undefined) return null;
  return { year: year(tens + Number(DIGITS[after.lower])), next: index + 2 };
}

export function readYear(words: readonly Word[], index: number): YearRead | null {
  const word = words[index];
  if (!word) return null;
  if (/^(19|20)\d{2}$/.test(word.text)) return { year: Number(word.text), next: index + 1 };
  const spacedAfter = (i: number) => {
    const next = words[i];
    return next !== undefined && (next.gap === ' ' || next.gap === '-') ? next : undefined;
  };
  if (word.lower === 'two' && spacedAfter(index + 1)?.lower === 'thousand') {
    let i = index + 2;
    if (spacedAfter(i)?.lower === 'and') i++;
    const rest = spacedAfter(i) ? readCardinal(words, i) : null;
    return rest ? { year: 2000 + Number(rest.digits), next: rest.next } : { year: 2000, next: index + 2 };
  }
  const century = word.lower === 'twenty' ? 2000 : word.lower === 'nineteen' ? 1900 : null;
  if (century === null) return null;
  const after = spacedAfter(index + 1);
  if (!after) return null;
  if (after.lower === 'oh' || after.lower === 'hundred') {
    const unit = spacedAfter(index + 2);
    if (after.lower === 'oh' && unit && isDigitWord(unit)) return { year: century + Number(DIGITS[unit.lower]), next: index + 3 };
    return null;
  }
  if (!(after.lower in TEENS || after.lower in TENS)) return null;
  const rest = readCardinal(words, index + 1);
  return rest ? { year: century + Number(rest.digits), next: rest.next } : null;
}
