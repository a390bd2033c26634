/**
 * What the wording of a question, a document's title or code, or a passage says: which document a
 * question names, which sections it does not ask about, and which passages only point elsewhere.
 * Retrieval and the built-in engine's composition read text the same way through these.
 */
import { codeGroups } from '../../core/library/document-codes.ts';
import type { Question } from '../question/read.ts';

/** Section headings under which a passage lists other documents rather than saying anything itself. */
const CROSS_REFERENCE_HEADING =
  /\b(related (documents|guidance|legislation|standards|regulations)|see also|further (reading|information))\b/i;
/** An entry that opens with a document code and a dash: "HTM 07-01 — sharps as healthcare waste …". */
const CROSS_REFERENCE_ENTRY =
  /^(?:[A-Z][A-Za-z()&+]*[A-Z)][A-Za-z()&+]*(?:\s+(?:Reg|Regs|Part|s\.)?\s*[0-9A-Z][\w.()-]*)*(?:,\s+)?)+\s+[—–-]\s/;

/** Sections that tell a document's history: quoted only when the question asks about history or editions. */
const HISTORY_SECTION = /\b(history|what changed|previous (edition|version|legislation|guidance)|changes from)\b/i;
/** Sections that list what goes wrong: never quoted as requirements unless the question asks about failings. */
export const GAPS_SECTION = /\b(gaps|pitfalls|mistakes|failings|common (problems|findings|issues|failures))\b/i;
/** Whether a passage's section is one the question does not ask about (a document's history, its common failings). */
export function offQuestionSection(headingPath: readonly string[], question: Pick<Question, 'asks'>): boolean {
  const section = headingPath.join(' › ');
  return (HISTORY_SECTION.test(section) && !question.asks.history) || (GAPS_SECTION.test(section) && !question.asks.gaps);
}

/** Whether an element points at other documents instead of stating requirements. */
export function isCrossReference(element: { text: string; heading_path?: readonly string[] }): boolean {
  const heading = element.heading_path?.at(-1) ?? '';
  return CROSS_REFERENCE_HEADING.test(heading) || CROSS_REFERENCE_ENTRY.test(element.text.trim());
}

/** Letters and digits only, lower-case, number groups without leading zeros: "HTM 06-01" and "htm 6-1" agree. */
export function codeKey(value: string): string {
  return codeGroups(value).join(' ');
}

/**
 * A query term as text matching reads it: the database's stem as a word prefix ("examin" in
 * "examined"); Snowball writes a final "y" as "i" ("safety" → "safeti"), so that "i" is left off.
 */
export function termPattern(lexeme: string): RegExp {
  const prefix = lexeme.length > 4 ? lexeme.replace(/i$/, '') : lexeme;
  return new RegExp(`\\b${prefix}`, 'i');
}

/** Whether a passage's text names a document by its code as written ("… recommended in HTM 06-01 and …"). */
export function mentionsCode(text: string, code: string): boolean {
  const index = text.indexOf(code);
  if (index < 0 || code.trim().length === 0) return false;
  const after = text.charAt(index + code.length);
  return !/[\w-]/.test(text.charAt(index - 1)) && !/[\w]/.test(after);
}

/** Where a text first names a code as written (see mentionsCode), or -1. */
export function firstMention(text: string, code: string): number {
  for (let at = text.indexOf(code); at >= 0; at = text.indexOf(code, at + 1)) {
    if (mentionsCode(text.slice(at), code) && !/[\w-]/.test(text.charAt(at - 1))) return at;
  }
  return -1;
}

/**
 * The abbreviation that alone can name a document whose code is one abbreviation and a number or
 * year ("RIDDOR 2013" → "riddor"), in lower case and as people type it, without the brackets some
 * are written with ("IR(ME)R 2017" → "irmer", "W(E&W)R 2011" → "wewr"); null for any other code.
 */
export function codeAlias(code: string): string | null {
  const head = /^([A-Z][A-Z0-9()&]{2,})(?:\s+[0-9][\w.()-]*)*$/.exec(code.trim())?.[1];
  const alias = head?.replace(/[()&]/g, '').toLowerCase() ?? '';
  return alias.length >= 3 ? alias : null;
}

/**
 * A document's title as people write it when naming the document: without parenthetical asides,
 * what follows a dash or a comma ("…, section 34 — waste duty of care"), and a trailing year
 * ("Electricity at Work Regulations 1989 (with HSE memorandum HSR25)" → "electricity at work regulations").
 */
function titleName(title: string, asides: 'without' | 'with'): string {
  const kept = asides === 'with' ? title.replace(/[()]/g, ' ') : title.replace(/\([^)]*\)/g, ' ');
  const main = kept.split(/\s[—–-]\s|,\s/)[0] ?? '';
  // "Health and Safety at Work etc. Act 1974" is written without its "etc.".
  const words = (main.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => word !== 'etc');
  while (words.length > 0 && /^(1[89]|20)\d\d$/.test(words.at(-1) ?? '')) words.pop();
  return words.join(' ');
}

/**
 * The law, a code of practice made under it (an Approved Code of Practice, a statutory code: its
 * own legal standing, between the law and guidance), or guidance on meeting it; null for anything
 * else (assurance frameworks).
 */
export function sourceKind(category: string): 'law' | 'code' | 'guidance' | null {
  if (/^legislation$/i.test(category)) return 'law';
  if (/^(approved code of practice|code of practice)$/i.test(category)) return 'code';
  if (/^guidance$/i.test(category)) return 'guidance';
  return null;
}

/** Title words as people clip them. */
const CLIPPED_TITLE_WORDS: ReadonlyMap<string, string> = new Map([
  ['regs', 'regulations'],
  ['reg', 'regulation'],
]);

/** Title words that do not make a title distinctive on their own. */
const TITLE_FILLER = new Set('a an and at for in of on the to with'.split(' '));

/**
 * Whether the question names a document by its title ("under the Electricity at Work Regulations").
 * Only a title of at least three words, two of them not fillers, counts: "Lifts" or "Staffing" in a
 * question is a topic, not a name; a shorter one counts with the year it ends on ("the Lifts
 * Regulations 1997").
 */
export function namesTitle(question: Pick<Question, 'words'>, title: string): boolean {
  // Named with or without what the title puts in brackets: "the Fire Safety (England) Regulations".
  const names = [...new Set([titleName(title, 'without'), titleName(title, 'with')])].filter((name) => {
    const words = name.split(' ').filter((word) => word.length > 0);
    return words.length >= 3 && words.filter((word) => !TITLE_FILLER.has(word)).length >= 2;
  });
  // A shorter title is a name with its year ("the Lifts Regulations 1997"): the year makes it one edition's.
  const year = /\b((?:1[89]|20)\d\d)\s*$/.exec(title.trim())?.[1];
  const short = titleName(title, 'without');
  if (year && short.split(' ').filter((word) => word.length > 0 && !TITLE_FILLER.has(word)).length >= 2) names.push(`${short} ${year}`);
  if (names.length === 0) return false;
  // "the fire safety (england) regs 2022": people clip "regulations" as titles never do.
  const text = question.words
    .filter((word) => word !== 'etc')
    .map((word) => CLIPPED_TITLE_WORDS.get(word) ?? word)
    .join(' ');
  return names.some((name) => ` ${text} `.includes(` ${name} `));
}

/** A code's part or bracketed year ("… Part A", "… (2007)"), which a question naming its family leaves out. */
export const PART_OR_YEAR = /\s+(?:Part\s+[A-Z0-9]+|\(\d{4}\))$/i;

/**
 * The key of the code a document shares with its other parts or editions ("HTM 03-01 Part A" and
 * "HTM 03-01 (2007)" → "htm 3 1"): the code without its part or bracketed year; null when it has neither.
 */
export function familyKey(code: string): string | null {
  const family = code.replace(PART_OR_YEAR, '');
  return family === code || !/[0-9]/.test(family) ? null : codeKey(family);
}

/**
 * Whether the text searched names a family key on its own: not followed by a part ("HTM 03-01
 * Part B" names Part B, not the family).
 */
export function namesFamily(question: Pick<Question, 'searchCodes'>, key: string): boolean {
  const words = ` ${question.searchCodes} `;
  for (let at = words.indexOf(` ${key} `); at >= 0; at = words.indexOf(` ${key} `, at + 1)) {
    if (!words.startsWith(' part ', at + key.length + 1)) return true;
  }
  return false;
}

/** Whether the text searched names this code (a code with a number, its year first or last, or an all-capitals code written as such). */
export function namesCode(question: Pick<Question, 'search' | 'searchCodes'>, code: string): boolean {
  const key = codeKey(code);
  if (key.length === 0) return false;
  if (/[0-9]/.test(code)) {
    const codes = ` ${question.searchCodes} `;
    // An edition's year is said first as often as last: "the 2016 records management code", "the 2006 HTM 04-01".
    const year = /^(.+) ((?:19|20)\d\d)$/.exec(key);
    return codes.includes(` ${key} `) || (year !== null && codes.includes(` ${year[2]} ${year[1]} `));
  }
  return /^[A-Z]{2,}$/.test(code) && new RegExp(`\\b${code}\\b`).test(question.search);
}
