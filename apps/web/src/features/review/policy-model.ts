import { REVIEW_SEVERITIES, type PolicyElement, type ReviewFinding } from '@verity/shared';

/**
 * How the review page turns a policy's elements and the findings located in them into what it
 * renders: blocks (consecutive list items become one list, page changes of a PDF become markers),
 * table cells with their place in the element's text, and the runs of text each finding covers.
 */

/** A finding's place in one element's text, as the page highlights it. */
export interface Mark {
  findingId: string;
  severity: ReviewFinding['severity'];
  dismissed: boolean;
  start: number;
  end: number;
}

/** A run of an element's text: plain, or covered by one or more findings (the first is the one a click selects). */
export interface Run {
  start: number;
  end: number;
  marks: Mark[];
}

export type PolicyBlock =
  | { kind: 'page'; key: string; page: number }
  | { kind: 'element'; element: PolicyElement }
  | { kind: 'list'; key: string; items: PolicyElement[] };

/** The order the panel lists findings in: severity, then where they are in the text (the unlocated last). */
export function compareFindings(a: ReviewFinding, b: ReviewFinding): number {
  const bySeverity = REVIEW_SEVERITIES.indexOf(a.severity) - REVIEW_SEVERITIES.indexOf(b.severity);
  if (bySeverity !== 0) return bySeverity;
  const at = (finding: ReviewFinding) =>
    finding.location ? finding.location.element * 1e7 + finding.location.start : Number.MAX_SAFE_INTEGER;
  return at(a) - at(b);
}

/** The findings located in the text, by element index; a location outside its element's text is ignored. */
export function marksByElement(elements: readonly PolicyElement[], findings: readonly ReviewFinding[]): Map<number, Mark[]> {
  const lengths = new Map(elements.map((element) => [element.index, element.text.length]));
  const marks = new Map<number, Mark[]>();
  for (const finding of [...findings].sort(compareFindings)) {
    const location = finding.location;
    const length = location ? lengths.get(location.element) : undefined;
    if (!location || length === undefined || location.start < 0 || location.end > length || location.start >= location.end) continue;
    const mark = { findingId: finding.id, severity: finding.severity, dismissed: finding.status === 'dismissed', ...location };
    marks.set(location.element, [...(marks.get(location.element) ?? []), mark]);
  }
  return marks;
}

/** True when the finding has a place in the text the page can highlight. */
export function isLocated(finding: ReviewFinding, marks: ReadonlyMap<number, Mark[]>): boolean {
  return finding.location !== null && (marks.get(finding.location.element) ?? []).some((mark) => mark.findingId === finding.id);
}

/** The text from `start` to `end` cut where any mark begins or ends, each run with the marks covering it. */
export function runs(start: number, end: number, marks: readonly Mark[]): Run[] {
  const cuts = new Set([start, end]);
  for (const mark of marks) {
    if (mark.start > start && mark.start < end) cuts.add(mark.start);
    if (mark.end > start && mark.end < end) cuts.add(mark.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  return points.slice(0, -1).map((from, index) => {
    const to = points[index + 1] as number;
    return { start: from, end: to, marks: marks.filter((mark) => mark.start < to && mark.end > from) };
  });
}

/**
 * The elements in reading order as blocks. With `paged` (a PDF), a marker goes before the first
 * element and wherever the page changes.
 */
export function buildPolicyBlocks(elements: readonly PolicyElement[], paged: boolean): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  let page: number | null = null;
  for (const element of elements) {
    if (paged && element.page !== page) {
      page = element.page;
      blocks.push({ kind: 'page', key: `page-${element.index}`, page });
    }
    const previous = blocks.at(-1);
    if (element.type === 'list_item') {
      if (previous?.kind === 'list') previous.items.push(element);
      else blocks.push({ kind: 'list', key: `list-${element.index}`, items: [element] });
    } else {
      blocks.push({ kind: 'element', element });
    }
  }
  return blocks;
}

/** The highlighted runs of a finding in the page (the first is scrolled to); finding ids are letters and digits. */
export function markSelector(findingId: string): string {
  return `[data-findings~="${findingId}"]`;
}

/** The id of a finding's card in the panel. */
export function findingCardId(findingId: string): string {
  return `finding-${findingId}`;
}
