/**
 * A document's own cycle: how often an assessment, return or plan that a library document is
 * must itself be completed ("Complete and submit annually"). A policy that names the document as
 * the thing it submits, completes or renews less often than that is wrong.
 */
import { type Quantity, quantitiesIn } from './requirements-quantities.ts';
import { factualError, sectionNumberLength, sentences } from './requirements-text.ts';
import { literal, shortTitle } from './roles-sources.ts';
import type { LibraryDocument, LibraryElement, Policy, ReviewFindingDraft } from './types.ts';

/** Verbs of returning a document as a whole: submitting it, completing it, publishing or renewing it. */
const RETURNED = /\b(?:submit\w*|complet\w*|publish\w*|renew\w*|return\w*)\b/i;
/** Sections in which a document lists what it requires. */
const REQUIREMENTS_HEADING = /\b(?:requirements|duties)\b/i;

interface Cycle {
  quantity: Quantity;
  sentence: string;
  element: LibraryElement;
}

export function cycleFindings(policy: Policy, documents: LibraryDocument[]): ReviewFindingDraft[] {
  const findings: ReviewFindingDraft[] = [];
  for (const document of documents) {
    const cycle = ownCycle(document);
    if (!cycle) continue;
    const subject = new RegExp(`^(?:the\\s+)?(?:${namesOf(document).map(literal).join('|')})\\s+(?:is|are|must be|will be)\\s+`, 'i');
    for (const element of policy.elements) {
      for (const { text, start } of sentences(element.text)) {
        const from = sectionNumberLength(text);
        const said = text.slice(from);
        const named = subject.exec(said);
        if (!named || !RETURNED.test(said.slice(named[0].length).split(/\s/)[0] ?? '')) continue;
        const interval = quantitiesIn(said).find((quantity) => quantity.kind === 'interval');
        if (!interval || interval.value <= cycle.quantity.value) continue;
        findings.push(
          factualError(
            element,
            { start: start + from, end: start + from + interval.end },
            { document, element: cycle.element },
            (quote) => ({
              expected: `${cycle.sentence} (${document.code})`,
              explanation: `The policy says "${quote}", but ${document.code} is completed more often: "${cycle.sentence}."`,
              suggestion: `Change the interval to the one ${document.code} sets, and plan the work to meet it.`,
            }),
          ),
        );
      }
    }
  }
  return findings;
}

/** The interval of the first requirement that returns the document as a whole ("Complete and publish annually"). */
function ownCycle(document: LibraryDocument): Cycle | null {
  for (const element of document.elements) {
    if (element.type === 'table' || !element.headingPath.some((heading) => REQUIREMENTS_HEADING.test(heading))) continue;
    const [lead] = sentences(element.text);
    if (!lead || !RETURNED.test(lead.text.split(/\s/)[0] ?? '')) continue;
    const quantity = quantitiesIn(lead.text).find((found) => found.kind === 'interval');
    if (quantity) return { quantity, sentence: lead.text, element };
  }
  return null;
}

/** The document's code and title, and the title's last word when it names the kind of document ("the toolkit"). */
function namesOf(document: LibraryDocument): string[] {
  const title = shortTitle(document.title);
  const kind = /\b([A-Z][a-z]{4,})$/.exec(title)?.[1];
  return [document.code, title, ...(kind ? [kind] : [])].filter((name) => name.length >= 3).sort((a, b) => b.length - a.length);
}
