/**
 * Numbered members of a set the library counts: "criterion 12" of a code whose ten criteria the
 * library sets out, "data security standard 11" of the ten data security standards. A number past
 * the set's count names nothing. The member is the set's when the policy writes the set's whole name
 * ("data security standard 11" for "data security standards") or cites, in the same element, the
 * document that counts it ("… (the Hygiene Code), in particular criterion 12").
 */
import { quoteAt } from './locate.ts';
import { type LibraryCount, libraryCounts } from './requirements-counts.ts';
import { evidenceOf } from './references-unknown.ts';
import type { Citation, Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/** A numbered member as a policy writes it: up to three words, a singular noun and its number. */
const MEMBER = /\b((?:[A-Za-z]+\s+){0,3}?)([a-z]{4,})\s+(\d{1,3})\b(?![.,]?\d)/g;
/** Enough numbered members of counted sets for any policy; bounds the work on a hostile one. */
const MAX_MEMBERS = 200;

const setsOf = new WeakMap<ReviewLibrary, Map<string, LibraryCount[]>>();

/** The library's counted sets, by the singular of their name's last word ("criterion", "standard"), read once per library. */
function countedSets(library: ReviewLibrary): Map<string, LibraryCount[]> {
  const known = setsOf.get(library);
  if (known) return known;
  // A set counted only in an older document is counted still ("the ten data security standards"
  // the replaced toolkit was built on); a current document's count comes first.
  const current = libraryCounts(library.documents.filter((document) => document.status === 'current'));
  const older = libraryCounts(library.documents.filter((document) => document.status !== 'current'));
  const bySingular = new Map<string, LibraryCount[]>();
  for (const count of new Map([...older, ...current]).values()) {
    const singular = singularOf(count.name.split(' ').at(-1) ?? '');
    if (singular) bySingular.set(singular, [...(bySingular.get(singular) ?? []), count]);
  }
  setsOf.set(library, bySingular);
  return bySingular;
}

/** The singular of a counted set's plural: "criteria" is "criterion", "standards" "standard". */
function singularOf(plural: string): string | null {
  if (plural.endsWith('ia')) return `${plural.slice(0, -2)}ion`;
  if (plural.endsWith('ies')) return `${plural.slice(0, -3)}y`;
  if (plural.endsWith('s') && !plural.endsWith('ss')) return plural.slice(0, -1);
  return null;
}

export function memberFindings(policy: Policy, citations: readonly Citation[], library: ReviewLibrary): ReviewFindingDraft[] {
  let sets: Map<string, LibraryCount[]> | null = null;
  const findings: ReviewFindingDraft[] = [];
  let read = 0;
  for (const element of policy.elements) {
    for (const match of element.text.matchAll(MEMBER)) {
      sets ??= countedSets(library);
      const counted = sets.get(match[2] as string);
      if (!counted) continue;
      if (++read > MAX_MEMBERS) return findings;
      const number = Number(match[3]);
      const before = (match[1] as string).toLowerCase();
      const set = counted.find(
        (count) =>
          number > count.count &&
          (namesWhole(before, count.name) ||
            citations.some((citation) => citation.location.element === element.index && citation.document === count.document)),
      );
      if (!set) continue;
      const start = match.index + (match[1] as string).length;
      const end = match.index + match[0].length;
      const { location, quote } = quoteAt(element, start, end);
      const member = `${match[2]} ${number}`;
      const code = set.document.code;
      findings.push({
        category: 'unknown_reference',
        severity: 'medium',
        location,
        quote,
        expected: `No such ${match[2]}: there are ${set.written} ${set.name} (${code})`,
        explanation: `The policy cites ${member}, but there are ${set.written} ${set.name} (${code}): there is no ${member}.`,
        suggestion: `Cite the one of the ${set.written} ${set.name} that covers this subject.`,
        evidence: [evidenceOf(set.document)],
      });
    }
  }
  return findings;
}

/** Whether the words before a member write the rest of the set's name ("data security" before "standard 11"). */
function namesWhole(before: string, name: string): boolean {
  const words = name.split(' ').slice(0, -1);
  return words.length > 0 && before.trim().endsWith(words.join(' '));
}
