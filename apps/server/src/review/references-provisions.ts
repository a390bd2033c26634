/**
 * Provisions numbered with a letter ("Regulation 20B"). A letter after a provision's number marks
 * one inserted by a later amendment, and a library that holds a numbered set of provisions as
 * documents of their own ("CQC Reg 9" … "CQC Reg 20A") holds its inserted ones too. So a lettered
 * number inside the set's range that the library does not hold does not exist; and it is not a
 * citation of the provision whose number it starts with (Regulation 20B is not Regulation 20),
 * which the citation reader matched it to.
 */
import { quoteAt } from './locate.ts';
import { citeLibrary } from './references-cite.ts';
import { evidenceOf, joinWith } from './references-unknown.ts';
import type { Citation, LibraryDocument, Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/** A provision's code: the set's prefix, its number and an optional letter ("CQC Reg 20A"). */
const PROVISION_CODE = /^(.*\S)\s+(\d{1,3})([A-Z]?)$/;
/** A prefix that names provisions of one instrument ("CQC Reg", "Article", "Section"). */
const PROVISION_WORD = /\b(?:Reg|Regulation|Art|Article|Section|Schedule)$/i;
/** The letter written straight after a cited number, not the start of a word ("20B", not "20 Bed"); read from the two characters after it. */
const LETTER_AFTER = /^[A-Z](?![\p{L}\d])/u;
/** How many provisions a set must hold before a lettered number missing from it is taken as not existing. */
const MIN_PROVISIONS = 5;

interface ProvisionSet {
  /** Current documents by their number and letter ("20A"). */
  held: Map<string, LibraryDocument>;
  low: number;
  high: number;
}

/** Numbered sets whose inserted provisions the library holds: five numbers or more, one of them lettered. */
function provisionSets(library: ReviewLibrary): Map<string, ProvisionSet> {
  const sets = new Map<string, ProvisionSet>();
  for (const doc of library.documents) {
    const match = doc.status === 'current' ? PROVISION_CODE.exec(doc.code) : null;
    if (!match || !PROVISION_WORD.test(match[1] as string)) continue;
    const set = sets.get(match[1] as string) ?? { held: new Map(), low: Number.POSITIVE_INFINITY, high: 0 };
    const number = Number(match[2]);
    set.held.set(`${number}${match[3]}`, doc);
    set.low = Math.min(set.low, number);
    set.high = Math.max(set.high, number);
    sets.set(match[1] as string, set);
  }
  for (const [prefix, set] of sets)
    if (set.held.size < MIN_PROVISIONS || ![...set.held.keys()].some((id) => /[A-Z]$/.test(id))) sets.delete(prefix);
  return sets;
}

/** A provision numbered with a letter as a policy writes it: "Regulation 20B", "Reg 13A", "Article 9A". */
const LETTERED = /\b(?:Regulations?|Regs?\.?|Articles?|Arts?\.?|Sections?|Schedules?)\s+(\d{1,3})([A-Z])(?![\p{L}\d])/gu;
/** How much of the text after a lettered number is read for whose provision it is ("of the same Regulations"). */
const PROBE_REACH = 120;
/** Enough lettered numbers for any policy; bounds the work on a hostile one. */
const MAX_LETTERED = 100;

/**
 * The citations that are a lettered number read as the provision it starts with, and a finding for
 * each lettered number of a set the library holds whole that is not in it. Whose provision a
 * lettered number is comes from reading it without its letter, with the words after it, as a
 * citation: "Regulation 12A of the same Regulations" is read as "Regulation 12 of the same
 * Regulations" (every mention, not only the first of a document the citation reader keeps).
 */
export function letteredProvisions(
  policy: Policy,
  citations: readonly Citation[],
  library: ReviewLibrary,
): { misread: Set<Citation>; findings: ReviewFindingDraft[] } {
  const misread = new Set<Citation>();
  for (const citation of citations) {
    const element = policy.elements[citation.location.element];
    const after = element?.text.slice(citation.location.end, citation.location.end + 2) ?? '';
    if (/\d$/.test(citation.said) && LETTER_AFTER.test(after)) misread.add(citation);
  }
  const findings: ReviewFindingDraft[] = [];
  let sets: Map<string, ProvisionSet> | null = null;
  let read = 0;
  for (const element of policy.elements) {
    for (const match of element.text.matchAll(LETTERED)) {
      if (++read > MAX_LETTERED) return { misread, findings };
      sets ??= provisionSets(library);
      if (sets.size === 0) return { misread, findings };
      const number = Number(match[1]);
      const letter = match[2] as string;
      const end = match.index + match[0].length;
      const probe = `${match[0].slice(0, -1)} ${element.text.slice(end, end + PROBE_REACH)}`;
      const [cited] = citeLibrary([{ ...element, text: probe }], library).filter((citation) => citation.location.start === 0);
      const code = cited ? PROVISION_CODE.exec(cited.document.code) : null;
      const set = code ? sets.get(code[1] as string) : undefined;
      if (!set || Number(code?.[2]) !== number || code?.[3] !== '') continue;
      if (set.held.has(`${number}${letter}`) || number < set.low || number > set.high) continue;
      const { location, quote } = quoteAt(element, match.index, end);
      findings.push(provisionFinding(match[0], quote, location, set, number));
    }
  }
  return { misread, findings };
}

function provisionFinding(
  said: string,
  quote: string | null,
  location: ReviewFindingDraft['location'],
  set: ProvisionSet,
  number: number,
): ReviewFindingDraft {
  // The word the policy uses for the provision ("Regulation", "Reg"), written out.
  const word = /^(?:Reg\b|Regs?\.)/i.test(said) ? 'Regulation' : (/^\p{L}+/u.exec(said)?.[0] ?? 'Regulation');
  const ids = [...set.held.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const lettered = ids.filter((id) => /[A-Z]$/.test(id));
  const noun = word.toLowerCase();
  const title = (id: string) => (set.held.get(id) as LibraryDocument).title;
  const nearest = ids.filter((id) => Number.parseInt(id, 10) === number);
  return {
    category: 'unknown_reference',
    severity: 'medium',
    location,
    quote,
    expected: `No such ${noun}: the only lettered ${noun}s are ${joinWith(lettered, 'and')}; cite ${joinWith(
      nearest.map((id) => `${word} ${id} (${title(id)})`),
      'or',
    )}, or the one that covers this subject`,
    explanation: `There is no ${said}. The ${noun}s the library holds run from ${word} ${ids[0]} to ${word} ${ids.at(-1)}, and the only ones numbered with a letter, which marks one inserted later, are ${joinWith(
      lettered.map((id) => `${id} (${title(id)})`),
      'and',
    )}.`,
    suggestion: `Correct the number to the ${noun} that covers this subject: ${joinWith(
      nearest.map((id) => `${word} ${id} is “${title(id)}”`),
      'and',
    )}.`,
    evidence: [...nearest, ...lettered]
      .filter((id, k, all) => all.indexOf(id) === k)
      .map((id) => evidenceOf(set.held.get(id) as LibraryDocument)),
  };
}
