/**
 * Scoring of the multi-turn chat set (eval/chat-followups, its README defines every check): the
 * final answer of each conversation, for citations, facts, declining with the right reason and
 * the shape asked for. Pure functions over the answers' texts and cited codes.
 */
import { mentionsFact } from './dev-set.ts';

/** One case of a multi-turn set. */
export interface TurnsCase {
  id: string;
  kind: string;
  turns: string[];
  filters?: { category?: string[]; domain?: string[]; subdomain?: string[] };
  expected_codes: string[];
  must_mention?: string[][];
  must_decline: boolean;
  decline_reason?: 'nothing_in_library' | 'filter';
  shape?: {
    max_bullets?: number;
    min_bullets?: number;
    checklist?: boolean;
    shorter_than_first?: boolean;
    longer_than_first?: boolean;
    max_words?: number;
    starts_with_greeting?: boolean;
  };
  note?: string;
}

/** An answer as the scorer sees it: its text and the codes it cites. */
export interface ScoredAnswer {
  text: string;
  codes: readonly string[];
  /** Citation numbers listed with the answer. */
  numbers: readonly number[];
}

/** The heading of a reference list an answer ends with ("**Sources**", "Sources:", "## References"). */
const REFERENCES_HEADING = /^\s*(?:#+\s*)?(?:\*\*)?\s*(?:sources|references)\s*:?\s*(?:\*\*)?\s*:?\s*$/i;

/** The body of an answer: its text before a reference list. */
export function answerBody(text: string): string {
  const lines = text.split('\n');
  const end = lines.findIndex((line) => REFERENCES_HEADING.test(line));
  return (end < 0 ? lines : lines.slice(0, end)).join('\n');
}

/** Words of an answer's body, citation markers excluded. */
export function wordCount(text: string): number {
  return (
    answerBody(text)
      .replace(/\[\d{1,3}\]/g, ' ')
      .match(/[A-Za-z0-9][A-Za-z0-9'’°.,%/-]*/g) ?? []
  ).length;
}

const LIST_ITEM = /^\s*(?:[-*•+]|\d{1,3}[.)])\s+\S/;
const TICK_BOX = /^\s*(?:[-*•+]\s+)?(?:\[ \]|☐|□)\s*\S/;

/** The bulleted or numbered list items of an answer's body. */
export function listItems(text: string): string[] {
  return answerBody(text)
    .split('\n')
    .filter((line) => LIST_ITEM.test(line) || TICK_BOX.test(line));
}

/** Whether the e-mail body opens with a greeting, after an optional "Subject:" line (markup aside). */
export function startsWithGreeting(text: string): boolean {
  const lines = answerBody(text)
    .split('\n')
    .map((line) => line.replace(/^[\s#>*_]+|[*_]+$/g, '').trim())
    .filter((line) => line.length > 0);
  const first = /^subject\b/i.test(lines[0] ?? '') ? lines[1] : lines[0];
  return /^(?:hi|hello|dear|good (?:morning|afternoon|evening)|all,|to all|everyone,|team,)\b/i.test(first ?? '');
}

/** A sentence putting the refusal down to the filter: the documents on it lie outside what is selected. */
const FILTER_REASON =
  /\b(?:filters?|selected (?:categor|domain|subdomain)\w*)\b[^.\n]*\b(?:exclud\w*|leaves? out|left out|outside|not (?:in|within|among))\b|\bexclud\w*\b[^.\n]*\bfilters?\b|\boutside\b[^.\n]*\bfilters?\b/i;
/** A sentence saying the library does not cover the subject. */
const NOTHING_REASON =
  /\b(?:could not|cannot|can't|did not|didn't) find anything in the library\b|\blibrary (?:does not|doesn't|has nothing|holds nothing|contains nothing)\b|\bnothing in the library\b|\bnot covered by the library\b/i;

export interface CaseScore {
  id: string;
  kind: string;
  declined: boolean;
  citationPass: boolean;
  recall: number;
  factsFound: number;
  facts: number;
  factsPass: boolean;
  declinePass: boolean;
  shapePass: boolean;
  shapeFailures: string[];
  /** Follow-ups: every document cited was cited by the first answer, and every marker resolves. */
  keptCitations: boolean | null;
  markersResolve: boolean;
  pass: boolean;
}

/** The checks of one case on its final answer (and the first, for the shapes that compare). */
export function scoreCase(item: TurnsCase, final: ScoredAnswer, first: ScoredAnswer | null): CaseScore {
  // An answer with no citation gives no answer from the library: it declined.
  const declined = final.codes.length === 0;
  const expected = item.expected_codes;
  const citedExpected = expected.filter((code) => final.codes.includes(code)).length;
  const citationPass = expected.length === 0 ? final.codes.length === 0 : citedExpected > 0;
  const recall = expected.length === 0 ? (final.codes.length === 0 ? 1 : 0) : citedExpected / expected.length;
  const groups = item.must_mention ?? [];
  const factsFound = groups.filter((wordings) => mentionsFact(final.text, wordings)).length;
  let declinePass: boolean;
  if (!item.must_decline) declinePass = !declined;
  else if (!declined) declinePass = false;
  else if (item.decline_reason === 'filter') declinePass = FILTER_REASON.test(final.text);
  else declinePass = NOTHING_REASON.test(final.text) && !FILTER_REASON.test(final.text);
  const shapeFailures: string[] = [];
  const shape = item.shape ?? {};
  const items = listItems(final.text);
  if (shape.max_bullets !== undefined && (items.length === 0 || items.length > shape.max_bullets))
    shapeFailures.push(`${items.length} list items (at most ${shape.max_bullets})`);
  if (shape.min_bullets !== undefined && items.length < shape.min_bullets)
    shapeFailures.push(`${items.length} list items (at least ${shape.min_bullets})`);
  if (shape.checklist && items.length < 2) shapeFailures.push('not a checklist');
  const words = wordCount(final.text);
  const firstWords = first ? wordCount(first.text) : 0;
  if (shape.shorter_than_first && !(first && words < firstWords)) shapeFailures.push(`${words} words, first ${firstWords}`);
  if (shape.longer_than_first && !(first && words > firstWords)) shapeFailures.push(`${words} words, first ${firstWords}`);
  if (shape.max_words !== undefined && words > shape.max_words) shapeFailures.push(`${words} words (at most ${shape.max_words})`);
  if (shape.starts_with_greeting && !startsWithGreeting(final.text)) shapeFailures.push('no greeting first');
  const markers = [...final.text.matchAll(/\[(\d{1,3})\]/g)].map((match) => Number(match[1]));
  const markersResolve = markers.every((n) => final.numbers.includes(n));
  const keptCitations =
    item.turns.length > 1 && first ? final.codes.length > 0 && final.codes.every((code) => first.codes.includes(code)) : null;
  const factsPass = factsFound === groups.length;
  const shapePass = shapeFailures.length === 0;
  return {
    id: item.id,
    kind: item.kind,
    declined,
    citationPass,
    recall,
    factsFound,
    facts: groups.length,
    factsPass,
    declinePass,
    shapePass,
    shapeFailures,
    keptCitations,
    markersResolve,
    pass: citationPass && factsPass && declinePass && shapePass,
  };
}
