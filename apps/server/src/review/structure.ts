import { ownerFindings } from './structure-owner.ts';
import { reviewDateFindings } from './structure-review-date.ts';
import { sectionFindings } from './structure-sections.ts';
import type { Policy, ReviewFindingDraft } from './types.ts';

/** Essential sections, the review date and the document's owner. */
export function structureFindings(policy: Policy, today: string): ReviewFindingDraft[] {
  return [...sectionFindings(policy), ...reviewDateFindings(policy, today), ...ownerFindings(policy)];
}
