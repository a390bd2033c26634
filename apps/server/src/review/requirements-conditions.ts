import { NUMBER_WORDS } from './requirements-quantities.ts';
import { stem } from './requirements-subjects.ts';
import { factualError, policySentences, sentences } from './requirements-text.ts';
import type { LibraryDocument, LibraryElement, Policy, ReviewFindingDraft } from './types.ts';

/**
 * A library sentence that tells of a condition that once limited a duty: "Originally the findings
 * had to be recorded only where five or more people were employed or …". The condition runs to the
 * first "or" that opens another case ("or a licence …"), comma or semicolon.
 */
const FORMER_CONDITION =
  /\b(?:originally|formerly|previously)\b([^.;]{0,200}?)\bonly (?:where|if|when)\s+([^.,;]{3,120}?)(?=\s+or\s+(?:a|an|the|any)\s|[,;]|$)/i;
/** A later sentence of the same passage that drops the condition: "Since 1 October 2023 every responsible person must …". */
const NOW_FOR_ALL = /\b(?:since|from)\b[^.;]{0,60}?\b(?:every|all|any)\b/i;
/** A policy sentence that tells the history itself. */
export const TOLD_AS_HISTORY = /\b(?:originally|formerly|previously|no longer|since|until)\b/i;
/** Words of a condition that say nothing of what it is: auxiliaries and articles. */
const FILLER = new Set(['were', 'was', 'are', 'is', 'be', 'been', 'the', 'a', 'an', 'or', 'had', 'has', 'have']);
/** Numbers in words, as stems: a condition's figure ("five or more") may be said as another. */
const NUMBER_STEMS = new Set(Object.keys(NUMBER_WORDS).map(stem));
const isNumber = (stemmed: string) => /^\d+$/.test(stemmed) || NUMBER_STEMS.has(stemmed);
/** Words the duty's sentence and the policy's must share, besides the condition's own. */
const MIN_SHARED_DUTY = 2;

interface FormerCondition {
  /** The condition's words, as stems, in order. */
  words: string[];
  /** The duty the condition limited, as stems. */
  duty: Set<string>;
  sentence: string;
  now: string;
  document: LibraryDocument;
  element: LibraryElement;
}

/**
 * Policy sentences that still limit a duty by a condition the library says was removed: the policy
 * names the condition ("where five or more people are employed") beside the same duty.
 */
export function conditionFindings(policy: Policy, documents: LibraryDocument[]): ReviewFindingDraft[] {
  const conditions = documents.flatMap(formerConditions);
  if (conditions.length === 0) return [];
  const findings: ReviewFindingDraft[] = [];
  for (const { element, text, start } of policySentences(policy)) {
    if (TOLD_AS_HISTORY.test(text)) continue;
    for (const condition of conditions) {
      const at = conditionAt(text, condition);
      if (!at) continue;
      const duty = new Set(words(text.slice(0, at.start)));
      if ([...condition.duty].filter((word) => duty.has(word)).length < MIN_SHARED_DUTY) continue;
      findings.push(
        factualError(element, { start: start + at.start, end: start + at.end }, condition, (quote) => ({
          expected: `${condition.now} (${condition.document.code})`,
          explanation: `The policy limits the duty to "${quote}", but ${condition.document.code} says that condition no longer applies: "${condition.sentence}. ${condition.now}."`,
          suggestion: `Remove the condition: the duty now applies in every case, as ${condition.document.code} says.`,
        })),
      );
      break;
    }
  }
  return findings;
}

const conditionsByDocument = new WeakMap<LibraryDocument, FormerCondition[]>();

/** The former conditions a document tells of, read once per document. */
function formerConditions(document: LibraryDocument): FormerCondition[] {
  let found = conditionsByDocument.get(document);
  if (!found) {
    found = readFormerConditions(document);
    conditionsByDocument.set(document, found);
  }
  return found;
}

function readFormerConditions(document: LibraryDocument): FormerCondition[] {
  const found: FormerCondition[] = [];
  for (const element of document.elements) {
    if (element.type === 'heading') continue;
    const list = sentences(element.text);
    list.forEach(({ text }, at) => {
      const match = FORMER_CONDITION.exec(text);
      const now = list.slice(at + 1, at + 3).find((next) => NOW_FOR_ALL.test(next.text));
      if (!match?.[2] || !now) return;
      const condition = words(match[2]);
      if (condition.length < 2) return;
      found.push({
        words: condition,
        duty: new Set(words(`${text.slice(0, match.index)} ${match[1] ?? ''}`)),
        sentence: text.replace(/\*+/g, ''),
        now: now.text.replace(/\*+/g, ''),
        document,
        element,
      });
    });
  }
  return found;
}

/**
 * Where the policy sentence states the condition: "where", "if" or "when" and then the condition's
 * words in order, any tense, with "only" in front when the policy writes it.
 */
function conditionAt(text: string, condition: FormerCondition): { start: number; end: number } | null {
  for (const opening of text.matchAll(/\b(?:only\s+)?(?:where|if|when)\s+/gi)) {
    const from = opening.index + opening[0].length;
    const tokens = [...text.slice(from, from + 200).matchAll(/[A-Za-z0-9]+/g)];
    let next = 0;
    let end = from;
    for (const token of tokens) {
      const word = token[0].toLowerCase();
      if (FILLER.has(word)) continue;
      // The condition kept with another figure ("ten or more people" for "five or more") is still the condition.
      const expected = condition.words[next] ?? '';
      if (stem(word) !== expected && !(isNumber(stem(word)) && isNumber(expected))) break;
      next++;
      end = from + token.index + token[0].length;
      if (next === condition.words.length) return { start: opening.index, end };
    }
  }
  return null;
}

/** A text's words as stems, fillers left out. */
function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) => !FILLER.has(word)).map(stem);
}
