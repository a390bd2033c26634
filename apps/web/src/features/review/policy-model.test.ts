import { describe, expect, it } from 'vitest';
import { buildPolicyBlocks, compareFindings, marksByElement, runs } from './policy-model';
import { buildElements, buildFinding, buildFindings, FINDING_IDS } from './test-reviews';

describe('policy model', () => {
  it('cuts text where findings begin and end, overlapping ones sharing a run', () => {
    const marks = [
      { findingId: 'a', severity: 'high' as const, dismissed: false, element: 0, start: 2, end: 6 },
      { findingId: 'b', severity: 'low' as const, dismissed: false, element: 0, start: 4, end: 8 },
    ];
    expect(runs(0, 10, marks).map((run) => [run.start, run.end, run.marks.map((mark) => mark.findingId)])).toEqual([
      [0, 2, []],
      [2, 4, ['a']],
      [4, 6, ['a', 'b']],
      [6, 8, ['b']],
      [8, 10, []],
    ]);
    expect(runs(5, 7, marks).map((run) => [run.start, run.end])).toEqual([
      [5, 6],
      [6, 7],
    ]);
  });

  it('places findings in their elements, ignoring locations outside the text, in severity order', () => {
    const findings = [...buildFindings(), buildFinding({ id: 'X'.repeat(26), location: { element: 2, start: 50, end: 90 } })];
    const marks = marksByElement(buildElements(), findings);
    expect([...marks.keys()].sort()).toEqual([2, 3, 6]);
    expect(marks.get(2)?.map((mark) => mark.findingId)).toEqual([FINDING_IDS.outdated]);
    expect([...findings].sort(compareFindings).map((finding) => finding.severity)).toEqual(['high', 'high', 'medium', 'medium', 'low']);
  });

  it('groups list items and marks each new page of a PDF', () => {
    const blocks = buildPolicyBlocks(buildElements(), true);
    expect(
      blocks.map((block) =>
        block.kind === 'page' ? `page ${block.page}` : block.kind === 'list' ? `list of ${block.items.length}` : block.element.type,
      ),
    ).toEqual(['page 1', 'title', 'heading', 'paragraph', 'list of 2', 'page 2', 'heading', 'table']);
    expect(buildPolicyBlocks(buildElements(), false).some((block) => block.kind === 'page')).toBe(false);
  });
});
