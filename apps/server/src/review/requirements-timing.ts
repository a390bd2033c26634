import { clauseBefore, clauseStart, NOT_RULES } from './requirements-modality.ts';
import { ACTIVITIES, subjectOf } from './requirements-subjects.ts';
import { factualError, policySentences, sectionNumberLength, sentences } from './requirements-text.ts';
import type { LibraryDocument, LibraryElement, Policy, ReviewFindingDraft } from './types.ts';

/**
 * One comparison of timing: a policy that waits for an event before doing what the library says
 * is done at once, or that does after something has started what the library says is done before
 * it starts.
 *
 * - Urgency: the library's "Send notifications without delay" against the policy's "notifications
 *   are sent once the investigation has been completed" or "only after the allegation has been
 *   confirmed": a gate of a completed event (a perfect tense) put on the same act.
 * - Order: the library's "Carry out a DPIA before processing" against the policy's "the DPIA may be
 *   completed after the system has gone live": the act put after the start it must precede.
 */

/** A library sentence's call for speed: the act said before it must not wait. */
const URGENT = /\b(?:without (?:undue )?delay|immediately|as soon as (?:possible|practicable|reasonably practicable)|promptly|at once)\b/i;
/** A library sentence's order: the act said before it precedes the start of the work or the processing. */
const BEFORE_START =
  /\bbefore (?:(?:any|the|a|work|it|they)\s+)?(?:processing|work (?:starts|begins)|works? (?:start|begin)|use|first use|starting|start|commissioning|installation|occupation|going live|go-live|it is (?:used|installed|occupied))\b/i;
/** The policy's gate: "once …" (not "at once"), "only after …", "after …", "until …" a completed event ("has been completed", "has confirmed"). */
const GATE =
  /\b(?:only\s+(?:after|once|when)|(?<!\bat\s)once|after|until)\s+(?=[^.;]{0,100}?\b(?:has|have)\s+(?:been\s+)?[a-z]+(?:ed|en|one)\b)/i;
/** The policy's act put after a start: "after the system has gone live", "once work has started". */
const AFTER_START =
  /\b(?:after|once)\s+(?=[^.;]{0,80}?\b(?:gone live|go live|goes live|started|begun|commenced|been installed|been occupied|been commissioned|in use)\b)/i;
/** A gate's completed event, read to quote it whole: up to the end of its verb. */
const EVENT = /^[^.;]{0,100}?\b(?:has|have)\s+(?:been\s+)?[a-z]+(?:ed|en|one)\b(?:\s+live)?/i;

/** Words the policy's act and the library's must share, beyond what is done. */
const MIN_SHARED = 1;
/** And this much of the library act's own words. */
const MIN_SCORE = 0.5;

interface Timed {
  kind: 'urgent' | 'before start';
  act: Set<string>;
  sentence: string;
  document: LibraryDocument;
  element: LibraryElement;
}

export function timingFindings(policy: Policy, documents: LibraryDocument[]): ReviewFindingDraft[] {
  const rules = documents.flatMap(timedActs);
  if (rules.length === 0) return [];
  const findings: ReviewFindingDraft[] = [];
  for (const { element, text, start } of policySentences(policy)) {
    const after = AFTER_START.exec(text);
    const gate = after ?? GATE.exec(text);
    if (!gate) continue;
    const kind: Timed['kind'] = after ? 'before start' : 'urgent';
    const act = subjectOf(clauseBefore(text, gate.index));
    const rule = rules.find((candidate) => candidate.kind === kind && sameAct(candidate.act, act));
    if (!rule) continue;
    const event = EVENT.exec(text.slice(gate.index + gate[0].length))?.[0] ?? '';
    const from = clauseStart(text, gate.index, sectionNumberLength(text));
    const end = gate.index + gate[0].length + event.length;
    const code = rule.document.code;
    findings.push(
      factualError(element, { start: start + from, end: start + end }, rule, (quote) => ({
        expected: `${rule.sentence} (${code})`,
        explanation:
          kind === 'urgent'
            ? `The policy waits for an event first ("${quote}"), but ${code} requires it without waiting: "${rule.sentence}."`
            : `The policy leaves it until after the start ("${quote}"), but ${code} requires it before: "${rule.sentence}."`,
        suggestion:
          kind === 'urgent' ? `Do it as ${code} requires, without waiting for the event.` : `Do it before the start, as ${code} requires.`,
      })),
    );
  }
  return findings;
}

/** Whether the policy's act is the library's: a word in common beyond what is done, and half the library act's words. */
function sameAct(library: Set<string>, policy: Set<string>): boolean {
  const shared = [...library].filter((word) => policy.has(word) && !ACTIVITIES.has(word)).length;
  return shared >= MIN_SHARED && shared / Math.max(1, library.size) >= MIN_SCORE;
}

const timedByDocument = new WeakMap<LibraryDocument, Timed[]>();

/** A document's acts with a timing rule, read once per document: the words of the clause before the rule. */
function timedActs(document: LibraryDocument): Timed[] {
  let found = timedByDocument.get(document);
  if (found) return found;
  found = [];
  for (const element of document.elements) {
    if (element.type === 'heading' || element.type === 'table' || element.headingPath.some((heading) => NOT_RULES.test(heading))) continue;
    for (const { text: raw } of sentences(element.text)) {
      const text = raw.replace(/\*+/g, '').trim();
      for (const [kind, pattern] of [
        ['urgent', URGENT],
        ['before start', BEFORE_START],
      ] as const) {
        const rule = pattern.exec(text);
        if (!rule) continue;
        const act = subjectOf(clauseBefore(text, rule.index));
        if ([...act].some((word) => !ACTIVITIES.has(word))) found.push({ kind, act, sentence: text, document, element });
      }
    }
  }
  timedByDocument.set(document, found);
  return found;
}
