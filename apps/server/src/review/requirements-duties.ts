import { initials, roleEntries, splitTitle } from './roles-library.ts';
import { stem, subjectOf } from './requirements-subjects.ts';
import { factualError, sectionNumberLength, sentences } from './requirements-text.ts';
import type { LibraryDocument, Policy, ReviewFindingDraft } from './types.ts';

/** "Permits to work are issued by the Competent Person (MGPS)": a duty, and the role the policy gives it. Each run is bounded, so a text of one long token is read in linear time. */
const ASSIGNED =
  /\b([A-Za-z-]{1,40}(?:\s+[a-z-]{1,40}){0,3})\s+(?:is|are)\s+(issued|cancelled|approved|signed|authorised|appointed)\s+(?:and\s+[a-z]+\s+)?by\s+(?:the\s+|an?\s+)?((?:[A-Z][a-z]+\s+){1,3}\([^)]{1,80}\)|[A-Z]{2,3}\s*\([^)]{1,80}\)|(?:[A-Z][a-z]+\s+){1,5}[A-Z][a-z]+)/g;

/**
 * Duties the policy gives to another role than the library's roles tables do: when the roles
 * table gives a duty (a verb and its object, such as issuing permits) to some roles only, and
 * the policy gives it to a role the same table names for other work.
 */
export function dutyFindings(policy: Policy, documents: LibraryDocument[]): ReviewFindingDraft[] {
  const findings: ReviewFindingDraft[] = [];
  for (const element of policy.elements) {
    if (element.type !== 'paragraph' && element.type !== 'list_item') continue;
    for (const { text, start } of sentences(element.text)) {
      for (const match of text.matchAll(ASSIGNED)) {
        const [whole, object = '', verb = '', role = ''] = match;
        const objectStems = [...subjectOf(object)];
        if (objectStems.length === 0) continue;
        const given = roleKey(role);
        const service = splitTitle(role.trim()).qualifier;
        // A document whose roles carry the service the policy names ("(HV)") speaks most closely of it.
        const ordered = [...documents].sort((a, b) => Number(servesAs(b, service)) - Number(servesAs(a, service)));
        for (const document of ordered) {
          const entries = roleEntries(document);
          if (!entries.some((entry) => roleKey(entry.title) === given)) continue;
          const holders = entries.filter((entry) =>
            entry.duty.split(/;\s*/).some((clause) => {
              const words = subjectOf(clause);
              return [...words].some((word) => word === stem(verb.toLowerCase())) && objectStems.every((word) => words.has(word));
            }),
          );
          if (holders.length === 0 || holders.some((holder) => roleKey(holder.title) === given)) continue;
          const [holder] = holders;
          if (!holder) continue;
          const at = match.index ?? 0;
          const from = at === 0 ? sectionNumberLength(text) : at;
          findings.push(
            factualError(element, { start: start + from, end: start + at + whole.length }, { document, element: holder.element }, () => ({
              expected: `${holder.title} (${document.code})`,
              explanation: `${document.code} gives this duty to the ${holder.title} ("${holder.duty}"), not to the ${role.trim()}.`,
              suggestion: `Give the duty to the ${holder.title}, as ${document.code} does.`,
            })),
          );
          break;
        }
      }
    }
  }
  return findings;
}

function servesAs(document: LibraryDocument, service: string | null): boolean {
  return service !== null && roleEntries(document).some((entry) => splitTitle(entry.title).qualifier === service);
}

/** A role by its abbreviation without the service: "Competent Person (MGPS)" and "CP(V)" are both "CP". */
function roleKey(title: string): string {
  const { head } = splitTitle(title.trim());
  return /^[A-Z]{2,3}$/.test(head) ? head : initials(head);
}
