/**
 * The question's terms as composition weighs them: their share in a line, with the codes a
 * question names counted as terms of their own.
 */

import type { Question } from '../question/read.ts';
import type { Passage, RetrievalResult } from '../retrieval.ts';
import { termPattern } from '../retrieval/text-signals.ts';
import { codeGroups } from '../../core/library/document-codes.ts';

/** A term held only by a passage's title or headings counts for this share of its weight (as in retrieval). */
const CONTEXT_SHARE = 0.5;

/** A query term as composition matches it: the database's stem as a word prefix ("safeti" as "safet…"). */
export interface TextTerm {
  pattern: RegExp;
  weight: number;
  carried: boolean;
  /** No document holds the word (QueryTerm.absent). */
  absent: boolean;
}

/**
 * The groups of the codes the question names ("HTM 07-01" in "Which edition of HTM 07-01 is
 * current?"): the passages are that document's, so those words say nothing about which of its
 * sentences answers.
 */
function namedCodeGroups(codes: string, passages: readonly Passage[]): Set<string> {
  const asked = ` ${codes} `;
  const groups = new Set<string>();
  for (const passage of passages) {
    const code = codeGroups(passage.code);
    if (code.length > 0 && asked.includes(` ${code.join(' ')} `)) for (const group of code) groups.add(group);
  }
  return groups;
}

export function textTerms(retrieval: RetrievalResult, question: Pick<Question, 'codes'>): TextTerm[] {
  const named = namedCodeGroups(question.codes, retrieval.passages);
  return retrieval.terms
    .filter((term) => term.lexeme.length >= 2 && !named.has(/^[0-9]+$/.test(term.lexeme) ? String(Number(term.lexeme)) : term.lexeme))
    .map((term) => ({ pattern: termPattern(term.lexeme), weight: term.weight, carried: term.carried, absent: term.absent === true }));
}

/**
 * Share of the terms' weight a text holds (carried terms count at their reduced weight); a term only
 * its context holds (the document's title, the headings above it) counts for CONTEXT_SHARE of its weight.
 */
export function termShare(text: string, terms: readonly TextTerm[], context = ''): number {
  const total = terms.reduce((sum, term) => sum + term.weight, 0);
  if (total <= 0) return 0;
  const held = terms.reduce(
    (sum, term) => sum + (term.pattern.test(text) ? term.weight : context && term.pattern.test(context) ? term.weight * CONTEXT_SHARE : 0),
    0,
  );
  return held / total;
}

/** What a passage's text is read under: its document's title and code, and the headings above it. */
export const passageContext = (passage: Passage) => [passage.code, passage.title, ...passage.headingPath].join(' \u0000 ');

/** The question's own terms (not carried from earlier questions) a text holds, by index. */
export function ownTermsHeld(text: string, terms: readonly TextTerm[]): number[] {
  return terms.flatMap((term, i) => (!term.carried && term.pattern.test(text) ? [i] : []));
}
