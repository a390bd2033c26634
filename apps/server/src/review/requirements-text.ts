import { quoteAt } from './locate.ts';
import type { ReviewSeverity } from '@verity/shared';
import type { LibraryDocument, LibraryElement, Policy, PolicyElement, ReviewFindingDraft } from './types.ts';

/** The sentences of a text, each with where it starts; a full stop inside a code ("s.34") or a title ("… etc. Act 1974") does not end one. */
export function sentences(text: string): { text: string; start: number }[] {
  const found: { text: string; start: number }[] = [];
  for (const match of text.matchAll(/[^.!?]+(?:(?:[.!?](?!\s+[A-Z0-9])|(?<=\betc)\.(?=\s+Act\b))[^.!?]*)*[.!?]?/g)) {
    const lead = match[0].length - match[0].trimStart().length;
    const sentence = match[0].trim();
    if (sentence) found.push({ text: sentence.replace(/[.!?]$/, ''), start: (match.index ?? 0) + lead });
  }
  return found;
}

/** A document's code without the year of its edition: "ACoP L5 (2005)" → "ACoP L5". */
export function codeWithoutEdition(code: string): string {
  return code.replace(/\s*\(\d{4}\)$/, '');
}

/** A sentence of a library document with the element it is in. */
export interface LibrarySentence {
  element: LibraryElement;
  sentence: string;
}

/** Each sentence of a library document's prose (no table, no heading), without a list bullet or bold marks, with its element. */
export function* proseSentences(document: LibraryDocument): Generator<LibrarySentence> {
  for (const element of document.elements) {
    if (element.type === 'table' || element.type === 'heading') continue;
    for (const { text } of sentences(element.text)) yield { element, sentence: text.replace(/^[-*•]\s+/, '').replace(/\*\*/g, '') };
  }
}

/** A library sentence telling a rule as it was, which states nothing now: "Originally …", "Until 2023 …", "Before October 2006 …". */
export const PAST_RULE = /^(?:originally|previously|formerly|at\s+first|(?:until|before)\s+(?:\d{1,2}\s+)?(?:[A-Z][a-z]+\s+)?\d{4})\b/i;

/** The length of a section number ("8.2 ", "3. ") at the start of a text, or 0. */
export function sectionNumberLength(text: string): number {
  return /^(?:\d+(?:\.\d+)+\.?\s+|\d+\.\s+)?/.exec(text)?.[0].length ?? 0;
}

/** The most policy sentences a check reads: far more than any real policy holds. */
const MAX_POLICY_SENTENCES = 5_000;

/**
 * Every sentence of a policy with its element, in order, at most MAX_POLICY_SENTENCES. A table's
 * rows are read apart: a row that ends without a full stop does not run on into the next.
 */
export function* policySentences(policy: Policy): Generator<{ element: PolicyElement; text: string; start: number }> {
  let count = 0;
  for (const element of policy.elements) {
    const rows = element.type === 'table' ? element.text.split('\n') : [element.text];
    let at = 0;
    for (const row of rows) {
      for (const sentence of sentences(row)) {
        if (++count > MAX_POLICY_SENTENCES) return;
        yield { element, text: sentence.text, start: at + sentence.start };
      }
      at += row.length + 1;
    }
  }
}

/** What a factual error says, given the policy's words it quotes. */
interface Saying {
  expected: string;
  explanation: string;
  suggestion: string;
  severity?: ReviewSeverity;
}

/**
 * A factual error: the policy's words from `start` to `end` of an element against the library
 * element a document states the fact in (high severity unless said otherwise).
 */
export function factualError(
  element: PolicyElement,
  span: { start: number; end: number },
  source: { document: Pick<LibraryDocument, 'id' | 'code'>; element: { id: string } },
  say: (quote: string) => Saying,
): ReviewFindingDraft {
  const { location, quote } = quoteAt(element, span.start, span.end);
  const { severity = 'high', ...words } = say(quote);
  return {
    category: 'factual_error',
    severity,
    location,
    quote,
    ...words,
    evidence: [{ documentId: source.document.id, code: source.document.code, elementIds: [source.element.id] }],
  };
}
