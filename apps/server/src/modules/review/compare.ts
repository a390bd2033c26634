import type { ReviewComparison } from '@verity/shared';
import type { ReviewFindingRow } from './present.ts';

type Compared = Pick<ReviewFindingRow, 'id' | 'category' | 'severity' | 'quote' | 'expected' | 'explanation'>;

/**
 * What a new version of a policy changed, finding by finding: a finding of the new review with a
 * counterpart in the previous one (the same category, quoting the same text and expecting the same
 * thing, ignoring case and spacing) remains; one without is new; a previous finding left without a
 * counterpart was fixed. Each previous finding is the counterpart of at most one new finding.
 */
export function compareFindings(previousId: string, previous: readonly Compared[], current: readonly Compared[]): ReviewComparison {
  const unmatched = new Map<string, Compared[]>();
  for (const finding of previous) {
    const key = findingKey(finding);
    unmatched.set(key, [...(unmatched.get(key) ?? []), finding]);
  }
  const newIds: string[] = [];
  const remainingIds: string[] = [];
  for (const finding of current) {
    const counterparts = unmatched.get(findingKey(finding));
    if (counterparts && counterparts.length > 0) {
      counterparts.shift();
      remainingIds.push(finding.id);
    } else {
      newIds.push(finding.id);
    }
  }
  const fixedIds = new Set([...unmatched.values()].flat().map((finding) => finding.id));
  return {
    previous_id: previousId,
    fixed: previous
      .filter((finding) => fixedIds.has(finding.id))
      .map(({ category, severity, quote, expected, explanation }) => ({ category, severity, quote, expected, explanation })),
    new_ids: newIds,
    remaining_ids: remainingIds,
  };
}

function findingKey(finding: Compared): string {
  return JSON.stringify([finding.category, normalise(finding.quote), normalise(finding.expected)]);
}

function normalise(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
}
