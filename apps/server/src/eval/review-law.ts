import type { LibraryDocument } from '../review/types.ts';

/**
 * Whether a factual finding names the law the annotators gave: the set's `expected` text states
 * "the correct fact and its source", so the library documents it names can be read from it and
 * compared with the documents the reviewer's finding quotes (its evidence). A finding that quotes
 * a passage of the wrong law reads as authoritative and is wrong, which the overlap score alone
 * cannot see.
 */

/** A law is coded with its year: "LOLER 1998", "EPA 1990 s.34". */
const IS_LAW = /\s\d{4}(?:\s+s\.\d+)?$/;
/** The Regulations the fundamental standards (CQC Reg 9 to 20A) belong to. */
const REGULATED_ACTIVITIES = 'HSCA 2008 RA Regs 2014';

export type LawVerdict = 'right' | 'other' | 'no source' | 'unnamed';

/** How the library's documents are written in a set's text, and which of them count as one law. */
export interface LawIndex {
  /** Names by which a document is written in a set's text, each with the family it stands for. */
  names: { pattern: RegExp; family: string }[];
  /**
   * Each document's family: the law an ACoP or guidance titled after it is written for, or the
   * first code of the documents sharing its main title (an ACoP and its technical guidance), or
   * its own code.
   */
  familyOf: Map<string, string>;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whole words or codes: no letter or digit either side. */
const bounded = (text: string, flags: string) => new RegExp(`(?<![A-Za-z0-9])${text}(?![A-Za-z0-9])`, flags);

/** A title without its bracketed parts or subtitle: "Electricity at Work Regulations 1989 (with …)" → "Electricity at Work Regulations 1989". */
function mainTitle(title: string): string {
  const [main = ''] = title.replace(/\s*\((?:with|SI|as amended)[^)]*\)/g, '').split(/\s+—\s+|:\s+/);
  return main.trim();
}

export function lawIndex(documents: readonly LibraryDocument[]): LawIndex {
  const current = documents.filter((document) => document.status === 'current');
  const byTitle = new Map(current.map((document) => [mainTitle(document.title).toLowerCase(), document.code]));
  const familyOf = new Map<string, string>();
  for (const document of current) {
    // A document that is no law, titled after one, belongs to it ("…: Lifting Operations and
    // Lifting Equipment Regulations 1998, Approved Code of Practice" → LOLER 1998).
    const law = IS_LAW.test(document.code)
      ? undefined
      : [...byTitle].find(
          ([title, code]) => IS_LAW.test(code) && title.split(' ').length >= 3 && document.title.toLowerCase().includes(title),
        );
    const sibling = current.find((other) => other !== document && mainTitle(other.title) === mainTitle(document.title));
    const family = law?.[1] ?? document.code;
    // Siblings share the code that sorts first.
    familyOf.set(document.code, sibling && !law && sibling.code < document.code ? sibling.code : family);
  }
  const names: LawIndex['names'] = [];
  for (const document of current) {
    const family = familyOf.get(document.code) ?? document.code;
    const base = document.code.replace(/\s+(?:s\.\d+|Part [A-Z])$/, '');
    const forms = new Set<string>([document.code, base, ...document.code.split(' + ')]);
    // "RIDDOR 2013" is also written "RIDDOR" (an abbreviation of three or more capitals).
    const abbreviation = /^([A-Z][A-Z()&]{2,})\s+\d{4}$/.exec(base)?.[1];
    if (abbreviation) forms.add(abbreviation);
    // A code that is one ordinary word ("Roles") is not told from the word.
    for (const form of forms)
      if (/[\dA-Z]{2}|\s/.test(form)) names.push({ pattern: bounded(literal(form).replace(/\\? /g, '\\s+'), ''), family });
    const title = mainTitle(document.title);
    if (title.split(/\s+/).length >= 4) names.push({ pattern: bounded(literal(title).replace(/ /g, '\\s+'), 'i'), family });
    const regulation = /^CQC Reg (\d+A?)$/.exec(document.code)?.[1];
    if (regulation) names.push({ pattern: bounded(`Reg(?:ulation)?\\s+${regulation}`, ''), family: document.code });
  }
  return { names, familyOf };
}

/** The library laws (families) a text names. */
export function lawsNamed(index: LawIndex, text: string): Set<string> {
  const named = new Set<string>();
  for (const { pattern, family } of index.names) if (pattern.test(text)) named.add(family);
  return named;
}

/**
 * "right" when a document the finding quotes belongs to a law the annotators name, or a passage it
 * quotes names that law ("Transfer notes (kept 2 years, EPA 1990 s.34)"); "other" when it quotes
 * only other laws; "no source" when it quotes none; "unnamed" when the annotators name no library
 * document.
 */
export function lawVerdict(
  index: LawIndex,
  goldExpected: string,
  evidence: { codes: readonly string[]; passages: readonly string[] },
): LawVerdict {
  const named = lawsNamed(index, goldExpected);
  if (named.size === 0) return 'unnamed';
  const evidenceCodes = evidence.codes;
  if (evidenceCodes.length === 0) return 'no source';
  if (evidence.passages.some((passage) => [...lawsNamed(index, passage)].some((law) => named.has(law)))) return 'right';
  const cited = new Set(evidenceCodes.flatMap((code) => [code, index.familyOf.get(code) ?? code]));
  // A fundamental standard is one of the Regulated Activities Regulations: either names the other.
  const standards = (codes: Set<string>) => [...codes].some((code) => /^CQC Reg \d/.test(code));
  if (evidenceCodes.includes(REGULATED_ACTIVITIES) && standards(named)) return 'right';
  if (standards(cited)) cited.add(REGULATED_ACTIVITIES);
  return [...cited].some((family) => named.has(family)) ? 'right' : 'other';
}
