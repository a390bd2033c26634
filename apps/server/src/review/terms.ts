import { undefinedAcronymFindings } from './terms-acronyms.ts';
import { brokenCrossReferenceFindings } from './terms-cross-references.ts';
import { inconsistentTermFindings } from './terms-names.ts';
import type { Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/** Undefined acronyms, one thing named two ways, and cross-references to sections that do not exist. */
export function termFindings(policy: Policy, library: ReviewLibrary): ReviewFindingDraft[] {
  return [
    ...undefinedAcronymFindings(policy, library),
    ...brokenCrossReferenceFindings(policy),
    ...inconsistentTermFindings(policy, library),
  ];
}
