import type { Policy, PolicyElement } from './types.ts';

/**
 * How a real policy is laid out, beside what it says: the running headers and footers repeated at
 * every page break ("TRUST NAME · POLICY TITLE · UNCONTROLLED WHEN PRINTED · Page 3 of 12"), the
 * contents list with its page numbers, and text set in capitals (cover pages, organisation names,
 * headings). The rules that read words as terms (acronyms, names, cross-references) skip these:
 * they are page furniture and typography, not the policy's prose. Read once per policy, linearly.
 */
export interface Layout {
  /** Elements that are page furniture: a running header or footer, a page number. */
  furniture: ReadonlySet<number>;
  /** Elements of a contents list: under a "Contents" heading, or entries with dot leaders and page numbers. */
  contents: ReadonlySet<number>;
}

/** Longer than this, a paragraph is text, however often it repeats. */
const FURNITURE_MAX = 300;
/** A page marker closing a line: "Page 3 of 12", "Page 3", "p. 3 / 12". */
const PAGE_MARKER = /\b(?:page|p\.)\s*\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?\s*$/i;
const CONTENTS_HEADING = /^(?:table of )?contents$/i;
/** A contents entry: a title, a leader of dots (or a tab or a run of spaces) and a page number. */
const CONTENTS_ENTRY = /(?:\.{3,}|…+|\t| {3,})\s*\d{1,4}\s*$/;

const layouts = new WeakMap<Policy, Layout>();

/** The policy's layout, read once. */
export function layoutOf(policy: Policy): Layout {
  const known = layouts.get(policy);
  if (known) return known;
  const layout = { furniture: furnitureOf(policy), contents: contentsOf(policy) };
  layouts.set(policy, layout);
  return layout;
}

/** What repeats, digits aside: a running header reads the same on every page but for its page number. */
const repeatedForm = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

function furnitureOf(policy: Policy): Set<number> {
  const counts = new Map<string, number>();
  const forms = policy.elements.map((element) => {
    if (element.type === 'table' || element.type === 'title' || element.text.length > FURNITURE_MAX) return null;
    const form = repeatedForm(element.text);
    if (!/[a-z]/.test(form)) return null;
    counts.set(form, (counts.get(form) ?? 0) + 1);
    return form;
  });
  const furniture = new Set<number>();
  for (const element of policy.elements) {
    const form = forms[element.index];
    if (form === null || form === undefined) continue;
    if ((counts.get(form) ?? 0) >= 2 || PAGE_MARKER.test(element.text)) furniture.add(element.index);
  }
  return furniture;
}

function contentsOf(policy: Policy): Set<number> {
  const contents = new Set<number>();
  for (const element of policy.elements) {
    const under = element.headingPath.at(-1);
    if (
      (under !== undefined && CONTENTS_HEADING.test(under.trim())) ||
      element.text.split('\n').every((line) => CONTENTS_ENTRY.test(line))
    ) {
      contents.add(element.index);
    }
  }
  return contents;
}

/** Whether the element is prose of the policy: not page furniture and not a contents entry. */
export function isProse(layout: Layout, element: PolicyElement): boolean {
  return !layout.furniture.has(element.index) && !layout.contents.has(element.index);
}

/** A word in capitals, as set on a cover or in a heading: two letters or more, "&", "'" and hyphens allowed ("NON-CLINICAL"). */
const CAPITAL_WORD = /^[A-Z][A-Z&'-]*[A-Z&'][,:;.]?$/;
const LETTER_WORD = /^[A-Za-z][A-Za-z&'-]*[,:;.]?$/;

/**
 * The ranges of a text set in capitals: the lines (or table cells) where at least two words are in
 * capitals and nearly all its words are, such as "HOUSING, ENVIRONMENT AND HEALTHY COMMUNITIES" or a
 * running header. A heading or title in capitals counts whatever its length ("3. RESPONSIBILITY").
 * Capitals there are typography, not acronyms.
 */
export function capitalisedRanges(element: PolicyElement): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  const heading = element.type === 'heading' || element.type === 'title';
  for (const segment of element.text.matchAll(/[^\n|]+/g)) {
    const words = segment[0].split(/\s+/).filter((word) => LETTER_WORD.test(word));
    const capitals = words.filter((word) => CAPITAL_WORD.test(word)).length;
    if (capitals === 0) continue;
    if ((heading && capitals === words.length) || (capitals >= 2 && capitals >= 0.8 * words.length)) {
      ranges.push({ start: segment.index, end: segment.index + segment[0].length });
    }
  }
  return ranges;
}
