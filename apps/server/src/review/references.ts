import { citeLibrary } from './references-cite.ts';
import { outdatedFindings } from './references-outdated.ts';
import { unknownFindings } from './references-unknown.ts';
import type { Citation, Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/**
 * Every document reference in the policy, matched to the library (`citations`, read by the other
 * rules); outdated and unknown references become findings.
 */
export function findReferences(policy: Policy, library: ReviewLibrary): { citations: Citation[]; findings: ReviewFindingDraft[] } {
  const citations = citeLibrary(policy.elements, library);
  const unknown = unknownFindings(policy, library);
  const outdated = outdatedFindings(policy, citations, library).filter((finding) => !unknown.some((other) => overlaps(finding, other)));
  return { citations, findings: [...outdated, ...unknown] };
}

function overlaps(a: ReviewFindingDraft, b: ReviewFindingDraft): boolean {
  const x = a.location;
  const y = b.location;
  return x !== null && y !== null && x.element === y.element && x.start < y.end && y.start < x.end;
}
