import { overlap, subjectOf } from './requirements-subjects.ts';
import { factualError, policySentences, sectionNumberLength, sentences } from './requirements-text.ts';
import type { LibraryDocument, LibraryElement, Policy, ReviewFindingDraft } from './types.ts';

/**
 * A library sentence that says what a thing needs: "Use of X-ray equipment generally needs
 * registration". The thing is the words before the verb; what it needs is one noun of a formal
 * step (a registration, a consent, an assessment).
 */
const NEEDS =
  /^([A-Za-z][^.;:]{2,80}?)\s+(?:generally\s+|always\s+|usually\s+)?(?:needs|requires)\s+(?:an?\s+|the\s+)?([a-z]{4,}(?:tion|ment|sent|ence|ance))\b/;
/** Most of the thing's words must be in the policy's sentence. */
const MIN_SHARED = 2;
const MIN_SCORE = 0.75;

interface Need {
  subject: Set<string>;
  noun: string;
  denied: RegExp;
  sentence: string;
  document: LibraryDocument;
  element: LibraryElement;
}

/** Policy sentences that say a thing needs no step the library says it needs ("no registration is needed"). */
export function needFindings(policy: Policy, documents: LibraryDocument[]): ReviewFindingDraft[] {
  const needs = documents.flatMap(needsOf);
  if (needs.length === 0) return [];
  const findings: ReviewFindingDraft[] = [];
  for (const { element, text, start } of policySentences(policy)) {
    const subject = subjectOf(text);
    const need = needs.find((candidate) => {
      if (!candidate.denied.test(text)) return false;
      const { shared, score } = overlap(candidate.subject, subject);
      return shared >= MIN_SHARED && score >= MIN_SCORE;
    });
    if (!need) continue;
    const denial = need.denied.exec(text);
    if (!denial) continue;
    const from = sectionNumberLength(text);
    findings.push(
      factualError(element, { start: start + from, end: start + denial.index + denial[0].length }, need, () => ({
        expected: `${need.sentence} (${need.document.code})`,
        explanation: `The policy says no ${need.noun} is needed, but ${need.document.code} says: "${need.sentence}."`,
        suggestion: `State the ${need.noun} ${need.document.code} requires, and who obtains it.`,
      })),
    );
  }
  return findings;
}

const needsByDocument = new WeakMap<LibraryDocument, Need[]>();

/** What a document says things need, read once per document. */
function needsOf(document: LibraryDocument): Need[] {
  let found = needsByDocument.get(document);
  if (found) return found;
  found = [];
  for (const element of document.elements) {
    if (element.type === 'heading') continue;
    for (const { text } of sentences(element.text.replace(/\*+/g, ''))) {
      const match = NEEDS.exec(text);
      if (!match?.[1] || !match[2]) continue;
      const subject = subjectOf(match[1]);
      if (subject.size < MIN_SHARED) continue;
      const noun = match[2].toLowerCase();
      // "no registration", "registration is not needed", "without registration".
      const denied = new RegExp(
        `\\bno\\s+${noun}(?:\\s+or\\s+[a-z]+)?(?:\\s+(?:is|are)\\s+(?:required|needed))?\\b|\\b${noun}\\s+(?:is|are)\\s+not\\s+(?:required|needed)\\b|\\bwithout\\s+(?:an?\\s+)?${noun}\\b`,
        'i',
      );
      found.push({ subject, noun, denied, sentence: text, document, element });
    }
  }
  needsByDocument.set(document, found);
  return found;
}
