import { citeLibrary } from './references-cite.ts';
import { outdatedFindings } from './references-outdated.ts';
import { missingEditions } from './references-editions.ts';
import { memberFindings } from './references-members.ts';
import { letteredProvisions } from './references-provisions.ts';
import { unknownFindings } from './references-unknown.ts';
import type { Citation, Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/**
 * Every document reference in the policy, matched to the library (`citations`, read by the other
 * rules); outdated and unknown references become findings.
 */
export function findReferences(policy: Policy, library: ReviewLibrary): { citations: Citation[]; findings: ReviewFindingDraft[] } {
  const cited = citeLibrary(policy.elements, library);
  // "Regulation 20B" read as Regulation 20 is no citation of it; a lettered number the library's set lacks is unknown.
  const lettered = letteredProvisions(policy, cited, library);
  const citations = cited.filter((citation) => !lettered.misread.has(citation));
  const unknown = [
    ...unknownFindings(policy, library),
    ...lettered.findings,
    ...memberFindings(policy, citations, library),
    ...missingEditions(policy, citations, library),
  ];
  const outdated = outdatedFindings(policy, citations, library).filter((finding) => !unknown.some((other) => overlaps(finding, other)));
  return { citations, findings: [...outdated, ...unknown] };
}

function overlaps(a: ReviewFindingDraft, b: ReviewFindingDraft): boolean {
  const x = a.location;
  const y = b.location;
  return x !== null && y !== null && x.element === y.element && x.start < y.end && y.start < x.end;
}
