import { onFirstUse } from './on-first-use';

const COLLATOR = onFirstUse(() => new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' }));

/**
 * The product's order for names, e-mail addresses, document codes and titles: en-GB, any case and
 * accent alike, numbers by their value ("HTM 02" before "HTM 10"). Text in printable ASCII (nearly
 * all of it) is compared here without Intl, since the first collator a page makes starts ICU's
 * locale data inside the task that sorts (lib/format-date.ts says why that matters); anything else
 * goes to Intl.Collator. -1, 0 or 1, as the collator answers.
 */
export function compareText(a: string, b: string): number {
  const order = PRINTABLE_ASCII.test(a) && PRINTABLE_ASCII.test(b) ? compareAscii(a, b) : null;
  return order ?? COLLATOR().compare(a, b);
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Printable ASCII other than letters and digits in the collation's order; all of it sorts before numbers, and numbers before letters. */
const PUNCTUATION = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const NUMBER = PUNCTUATION.length;
/** Each printable character's place at the first level of the collation (case set aside). */
const RANK = new Uint8Array(128);
for (let code = 0x20; code < 0x7f; code++) {
  const character = String.fromCharCode(code);
  const letter = character.toLowerCase().charCodeAt(0) - 97;
  RANK[code] = letter >= 0 && letter < 26 ? NUMBER + 1 + letter : code >= 48 && code <= 57 ? NUMBER : PUNCTUATION.indexOf(character);
}
/** The collation compares longer runs of digits in pieces; those go to Intl. */
const LONGEST_NUMBER = 200;

/** The comparison of two printable ASCII strings, element by element; null when a number is too long to compare here. */
function compareAscii(a: string, b: string): number | null {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const rankA = RANK[a.charCodeAt(i)] as number;
    const rankB = RANK[b.charCodeAt(j)] as number;
    if (rankA === NUMBER && rankB === NUMBER) {
      const endA = digitsEnd(a, i);
      const endB = digitsEnd(b, j);
      if (endA - i > LONGEST_NUMBER || endB - j > LONGEST_NUMBER) return null;
      const order = compareNumbers(a.slice(i, endA), b.slice(j, endB));
      if (order !== 0) return order;
      i = endA;
      j = endB;
    } else {
      if (rankA !== rankB) return rankA < rankB ? -1 : 1;
      i++;
      j++;
    }
  }
  // Every printable character counts, so what has more left comes after.
  return Math.sign(a.length - i - (b.length - j));
}

function digitsEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && RANK[text.charCodeAt(end)] === NUMBER) end++;
  return end;
}

/** Two runs of digits by the numbers they write; leading zeros do not count. */
function compareNumbers(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}
