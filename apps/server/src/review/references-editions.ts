/**
 * Editions that do not exist: a code cited with an edition number past the last the library holds
 * ("L143 (third edition, 2020)" where the library's editions of L143 are the first, 2006, and the
 * second, 2013, the current one). The library records each edition's number with its year, so a
 * higher number is one it would hold; a number it holds, or none said, is not judged here.
 */
import { quoteAt } from './locate.ts';
import { editionNoteAfter, ordinalIn, yearsIn } from './references-cite.ts';
import { withoutYear } from './references-outdated.ts';
import { evidenceOf, joinWith } from './references-unknown.ts';
import type { Citation, LibraryDocument, Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

const ORDINAL_WORDS = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];
/** "the third edition of" written just before a code. */
const EDITION_BEFORE = /\b((?:\d(?:st|nd|rd|th))|[a-z]+)\s+edition\s+of\s+(?:the\s+|hse(?:'s|’s)?\s+)?(?:acop\s+)?$/i;
/** How far before a citation "the third edition of" is looked for. */
const BEFORE_REACH = 40;

/** Unknown-reference findings for citations of an edition number past the library's last. */
export function missingEditions(policy: Policy, citations: readonly Citation[], library: ReviewLibrary): ReviewFindingDraft[] {
  const findings: ReviewFindingDraft[] = [];
  const editions = new Map<string, LibraryDocument[]>();
  for (const citation of citations) {
    const element = policy.elements[citation.location.element];
    if (!element) continue;
    const { start, end } = citation.location;
    const before = EDITION_BEFORE.exec(element.text.slice(Math.max(0, start - BEFORE_REACH), start));
    const note = editionNoteAfter(element.text, end);
    const inside = ordinalIn(citation.said.toLowerCase());
    const said = before ? ordinalIn(`${before[1]} edition`.toLowerCase()) : (inside ?? note.ordinal);
    if (said === null) continue;
    const base = withoutYear(citation.document.code);
    let family = editions.get(base);
    if (!family) {
      family = library.documents.filter((doc) => withoutYear(doc.code) === base && ordinalIn(doc.edition.toLowerCase()) !== null);
      editions.set(base, family);
    }
    const numbered = family
      .map((doc) => ({ doc, number: ordinalIn(doc.edition.toLowerCase()) as number }))
      .sort((a, b) => a.number - b.number);
    const last = numbered.at(-1);
    if (!last || said <= last.number) continue;
    const from = before ? start - (element.text.slice(Math.max(0, start - BEFORE_REACH), start).length - before.index) : start;
    // A bracket the citation opened ("L143 (third edition") is quoted to its close.
    const close = element.text.indexOf(')', end);
    const open = citation.said.includes('(') && !citation.said.includes(')') && close >= 0 && close - end < BEFORE_REACH;
    const to = open ? close + 1 : before || inside !== null ? end : end + note.length;
    const { location, quote } = quoteAt(element, from, to);
    const { doc: currentDoc, number: currentNumber } = current(numbered);
    const name = currentDoc.code.replace(/\s*\((?:19|20)\d{2}\)$/, '');
    const held = numbered.map(
      ({ doc, number }) => `the ${ORDINAL_WORDS[number] ?? `${number}th`} (${yearsIn(doc.edition)[0] ?? doc.edition})`,
    );
    const currentWord = ORDINAL_WORDS[currentNumber] ?? `${currentNumber}th`;
    findings.push({
      category: 'unknown_reference',
      severity: 'medium',
      location,
      quote,
      expected: `No such edition: the current edition of ${name} is the ${currentWord} (${yearsIn(currentDoc.edition)[0] ?? currentDoc.edition})`,
      explanation: `There is no ${ORDINAL_WORDS[said] ?? `${said}th`} edition of ${name}: its editions are ${joinWith(held, 'and')}, and the ${currentWord} is current.`,
      suggestion: `Cite the ${currentWord} edition of ${name} (${currentDoc.title}), and check what the policy takes from it against that edition.`,
      evidence: [evidenceOf(currentDoc)],
    });
  }
  return findings;
}

/** The current edition of a code's numbered editions, else the last. */
function current(numbered: readonly { doc: LibraryDocument; number: number }[]): { doc: LibraryDocument; number: number } {
  return numbered.find(({ doc }) => doc.status === 'current') ?? (numbered.at(-1) as { doc: LibraryDocument; number: number });
}
