import { quoteAt } from './locate.ts';
import type { Policy, PolicyElement, ReviewFindingDraft } from './types.ts';

/** "section 9.6", "paragraph 4.2", "Appendix F": a pointer to a part of a document. */
const REFERENCE = /\b([Ss]ections?|[Pp]aragraphs?|[Pp]aras?\.?|[Aa]ppendix|[Aa]nnex)\s+(\d+(?:\.\d+)*|[A-Z])(?![A-Za-z0-9-]|\.\d)/g;

/** A numbered heading or paragraph: "5.3 Waste Manager", "12. Training", "6.1.1 All work …". */
const NUMBERED = /^(\d+(?:\.\d+)*)\.?\s/;

/** An appendix heading: "Appendix A: …", "Annex B – …", "Appendix 2 …". */
const APPENDIX = /^(?:appendix|annex)\s+([A-Z]|\d+)\b/i;

/** "Form 7", "Table 2", "Schedule B": a pointer to a labelled part, checked only where the policy heads such parts. */
const LABELLED = /\b(Forms?|Tables?|Figures?|Schedules?|Templates?|Checklists?)\s+(\d+|[A-Z])(?![A-Za-z0-9-]|\.\d)/g;
/** A labelled part's heading: "Form 1 – Serious injury", "Table 3: Intervals". */
const LABELLED_HEADING = /^(forms?|tables?|figures?|schedules?|templates?|checklists?)\s+(\d+|[A-Z])\b/i;
const kindOf = (label: string) => label.toLowerCase().replace(/s$/, '');

/** Headings of the list of documents a policy cites, whose sections are not the policy's own. */
const REFERENCE_LIST = /\b(references|bibliography|further reading|related documents)\b/i;

/** How much text either side of a reference is read for what it points into. */
const CONTEXT_REACH = 80;

interface Outline {
  sections: Set<string>;
  appendices: string[];
  /** The labels of the parts the policy heads, by kind ("form" → 1, 2, 3). */
  labelled: Map<string, string[]>;
  /** The top-level section numbers, and the numbers of each section's parts by parent and depth: read once, not per reference. */
  top: string[];
  parts: Map<string, string[]>;
}

/** References to sections, paragraphs, appendices and headed forms or tables of this policy that do not exist. */
export function brokenCrossReferenceFindings(policy: Policy): ReviewFindingDraft[] {
  const outline = outlineOf(policy);
  const findings: ReviewFindingDraft[] = [];
  for (const element of policy.elements) {
    if (element.type === 'heading' || element.type === 'title' || element.headingPath.some((heading) => REFERENCE_LIST.test(heading)))
      continue;
    for (const match of element.text.matchAll(REFERENCE)) {
      const [phrase, kind = '', target = ''] = match;
      if (pointsElsewhereAt(element.text, match.index, phrase.length)) continue;
      const isAppendix = /^(appendix|annex)$/i.test(kind);
      if (!isAppendix && /^[A-Z]$/.test(target)) continue;
      const missing = isAppendix ? missingAppendix(outline, target) : missingSection(outline, target);
      if (missing) findings.push(finding(element, match.index, phrase, missing));
    }
    for (const match of element.text.matchAll(LABELLED)) {
      const [phrase, label = '', target = ''] = match;
      const kind = kindOf(label);
      const headed = outline.labelled.get(kind);
      // A kind of part the policy does not head is not checked: its tables and figures may be captioned anywhere.
      if (!headed || headed.includes(target.toUpperCase()) || pointsElsewhereAt(element.text, match.index, phrase.length)) continue;
      findings.push(finding(element, match.index, phrase, `the policy's ${kind}s are ${joined(headed)} only`));
    }
  }
  return findings;
}

/** The numbers of the policy's sections and paragraphs, and the letters of its appendices. */
function outlineOf(policy: Policy): Outline {
  const sections = new Set<string>();
  const appendices: string[] = [];
  const labelled = new Map<string, string[]>();
  for (const element of policy.elements) {
    const text = element.text.trim();
    const appendix = element.type === 'heading' ? APPENDIX.exec(text) : null;
    if (appendix) appendices.push((appendix[1] ?? '').toUpperCase());
    const part = element.type === 'heading' ? LABELLED_HEADING.exec(text) : null;
    if (part) {
      const kind = kindOf(part[1] ?? '');
      const list = labelled.get(kind) ?? [];
      if (list.length === 0) labelled.set(kind, list);
      list.push((part[2] ?? '').toUpperCase());
    }
    const numbered =
      element.type === 'heading' || element.type === 'paragraph' || element.type === 'list_item' ? NUMBERED.exec(text) : null;
    if (numbered) sections.add(numbered[1] ?? '');
  }
  const top = [...sections].filter((number) => !number.includes('.'));
  const parts = new Map<string, string[]>();
  for (const number of sections) {
    const levels = number.split('.');
    const key = `${levels.slice(0, -1).join('.')}/${levels.length}`;
    const list = parts.get(key) ?? [];
    if (list.length === 0) parts.set(key, list);
    list.push(number);
  }
  return { sections, appendices, labelled, top, parts };
}

/**
 * "section 34 of the Act", "paragraph 3 in HTM 00", "the Environmental Protection Act 1990, section 34":
 * the reference points into another document.
 */
function pointsElsewhere(before: string, after: string): boolean {
  if (/(?:\b(?:Act|Regulations|Order|Code|Memorandum|Note|Part)|\b[A-Z]{2,}|[0-9]{4}|[0-9]{2}-[0-9]{2})[\s,]*$/.test(before)) return true;
  return /^,?\s+(?:of|in|to|under)\s+(?!this\b)/i.test(after) || /^\s*\(?\s*(?:of\s+)?(?:the\s+)?[A-Z]{2,}/.test(after);
}

/** Whether the reference at `at` points into another document: what says so is right beside it, in a bounded window either side (linear). */
function pointsElsewhereAt(text: string, at: number, length: number): boolean {
  return pointsElsewhere(text.slice(Math.max(0, at - CONTEXT_REACH), at), text.slice(at + length, at + length + CONTEXT_REACH));
}

function missingSection(outline: Outline, target: string): string | null {
  const { top } = outline;
  if (top.length === 0 || outline.sections.has(target)) return null;
  const parts = target.split('.');
  const parent = parts.slice(0, -1).join('.');
  if (parts.length === 1) {
    const numbers = top.map(Number).sort((a, b) => a - b);
    return `the policy's sections run from ${numbers[0]} to ${numbers.at(-1)}`;
  }
  const siblings = outline.parts.get(`${parent}/${parts.length}`) ?? [];
  if (!outline.sections.has(parts[0] ?? '')) return `the policy has no section ${parts[0]}`;
  if (siblings.length === 0) return null; // the section's paragraphs are not numbered, so its parts cannot be checked
  return `section ${parent} has ${joined(siblings)} only`;
}

function missingAppendix(outline: Outline, target: string): string | null {
  if (outline.appendices.includes(target.toUpperCase())) return null;
  if (outline.appendices.length === 0) return 'the policy has no appendices';
  return `the policy's appendices are ${joined(outline.appendices)} only`;
}

function joined(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function finding(element: PolicyElement, at: number, phrase: string, missing: string): ReviewFindingDraft {
  return {
    category: 'broken_cross_reference',
    severity: 'low',
    ...quoteAt(element, at, at + phrase.length),
    expected: `${missing.charAt(0).toUpperCase()}${missing.slice(1)}`,
    explanation: `The policy refers to ${phrase}, but ${missing.replace(/^the policy's /, 'its ').replace(/^the policy has /, 'it has ')}. A reader following the reference cannot find what it points to.`,
    suggestion: `Correct the reference to the part that holds this material, or add the missing part to the policy.`,
    evidence: [],
  };
}
