import { quoteAt } from './locate.ts';
import { overlap, stem, subjectOf } from './requirements-subjects.ts';
import { sectionNumberLength, sentences } from './requirements-text.ts';
import type { LibraryDocument, LibraryElement, Policy, ReviewFindingDraft } from './types.ts';

/** "must not be used", "are never reprocessed": the action a library passage rules out. */
const PROHIBITION = /\b(?:must not|must never|shall not|should never|are never|is never)\s+(?:be\s+)?([a-z]+)/i;
/** "may be reprocessed", "is permitted to use": the action a policy allows. */
const PERMISSION = /\b(?:may|can|(?:is|are) (?:permitted|allowed) to)\s+(?:be\s+)?([a-z]+)/i;
/** A prohibition with an exception, or a permission with a limit, is not a plain rule. */
const HEDGED = /\b(?:unless|until|except|without|only|not|where necessary|if)\b/i;
/** Sections that describe bad practice rather than state rules. */
const NOT_RULES = /gap|mistake|pitfall|history/i;
/** Most of the prohibition's subject, the action included, must be in the policy's clause. */
const MIN_SHARED = 3;
const MIN_SCORE = 0.75;

interface Prohibition {
  verb: string;
  subject: Set<string>;
  sentence: string;
  document: LibraryDocument;
  element: LibraryElement;
}

/** Policy clauses that allow what a library document says must never be done. */
export function prohibitionFindings(policy: Policy, documents: LibraryDocument[]): ReviewFindingDraft[] {
  const prohibitions = documents.flatMap(prohibitionsOf);
  const findings: ReviewFindingDraft[] = [];
  for (const element of policy.elements) {
    for (const { text, start } of sentences(element.text)) {
      const permission = PERMISSION.exec(text);
      if (!permission?.[1] || /\bnot\b/i.test(text.slice(permission.index, permission.index + permission[0].length + 5))) continue;
      const verb = stem(permission[1].toLowerCase());
      const subject = subjectOf(text);
      const broken = prohibitions.find((prohibition) => {
        if (prohibition.verb !== verb) return false;
        const { shared, score } = overlap(prohibition.subject, subject);
        return shared >= MIN_SHARED && score >= MIN_SCORE;
      });
      if (!broken) continue;
      const clauseStart = start + clauseStartOf(text, permission.index);
      const clauseEnd = start + permission.index + permission[0].length;
      const { location, quote } = quoteAt(element, clauseStart, clauseEnd);
      findings.push({
        category: 'factual_error',
        severity: 'high',
        location,
        quote,
        expected: `${broken.sentence} (${broken.document.code})`,
        explanation: `The policy allows what ${broken.document.code} rules out: "${broken.sentence}."`,
        suggestion: `Remove the permission and state the rule as ${broken.document.code} does.`,
        evidence: [{ documentId: broken.document.id, code: broken.document.code, elementIds: [broken.element.id] }],
      });
    }
  }
  return findings;
}

function prohibitionsOf(document: LibraryDocument): Prohibition[] {
  return document.elements
    .filter((element) => element.type !== 'heading' && !element.headingPath.some((heading) => NOT_RULES.test(heading)))
    .flatMap((element) =>
      sentences(element.text).flatMap(({ text }) => {
        const match = PROHIBITION.exec(text);
        if (!match?.[1] || HEDGED.test(text.slice(match.index + match[0].length))) return [];
        return [{ verb: stem(match[1].toLowerCase()), subject: subjectOf(text), sentence: text, document, element }];
      }),
    );
}

/** Where the clause holding a position starts: after the last comma or colon before it, if any. */
function clauseStartOf(sentence: string, at: number): number {
  const before = sentence.slice(0, at);
  const cut = Math.max(before.lastIndexOf(', '), before.lastIndexOf(': '));
  const start = cut < 0 ? 0 : cut + 2;
  return start + sectionNumberLength(sentence.slice(start));
}
