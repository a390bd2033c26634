/**
 * The extractive summary at the top of a document: two to four sentences on what the meeting
 * covered and concluded — its topics, how many decisions and actions it reached, the sentence of
 * agreement that best matches a decision, and the main point of its main business. Nothing is
 * invented: every sentence is built from topic titles and counts, or is a sentence of the
 * discussion (a topic's point). Deterministic.
 */
import type { TranscriptLine, WriteAction, WriteDecision, WriteTopic } from '@verity/shared';
import { wordsOf } from '../core/library/references-words.ts';
import { withArticle } from './sentences.ts';
import { lowerFirst, subjectStems } from './topics-sentences.ts';

/** A sentence that states what was agreed ("It was agreed that …", "The committee approved …", "We're going with …"). */
const AGREEMENT =
  /^(?:It was agreed\b|(?:The|This|Our) (?:[\p{L}-]+ ){0,3}(?:approved|agreed|decided|approves|agrees)\b|(?:We|We're|We are|We've|We have) (?:going with|agreed|decided)\b)/iu;
/** In choosing the main point, this many lines of discussion weigh as much as one title word said. */
const LINES_PER_TITLE_WORD = 20;
const OTHER_BUSINESS = /^any other business$/i;
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

export function summarise(
  lines: readonly TranscriptLine[],
  topics: readonly WriteTopic[],
  items: { decisions: readonly WriteDecision[]; actions: readonly WriteAction[] },
): string[] {
  if (lines.length === 0) return [];
  const sentences = [covered(lines, topics), outcomes(items.decisions, items.actions)];
  const agreement = leadingAgreement(topics, items.decisions);
  if (agreement) sentences.push(agreement);
  const point = mainPoint(topics);
  if (point) sentences.push(point);
  return sentences;
}

/** "The meeting covered the budget, the rota and parking." */
function covered(lines: readonly TranscriptLine[], topics: readonly WriteTopic[]): string {
  const titles = topics.map((topic) => topic.title).filter((title) => !OTHER_BUSINESS.test(title) && !/\(continued\)$/.test(title));
  if (titles.length === 0) return 'The meeting was a single discussion without separate agenda items.';
  return `The meeting covered ${joinList(titles.map((title) => asInSentence(title, lines)))}.`;
}

/** "It reached three decisions and agreed five actions, four of them with a due date." */
function outcomes(decisions: readonly WriteDecision[], actions: readonly WriteAction[]): string {
  const dated = actions.filter((action) => action.due !== null).length;
  const decided = count(decisions.length, 'decision');
  const agreed = count(actions.length, 'action');
  const dates =
    dated === 0
      ? ''
      : dated === actions.length
        ? actions.length === 1
          ? ', with a due date'
          : ', all with a due date'
        : `, ${numberWord(dated)} of them with a due date`;
  if (decisions.length === 0 && actions.length === 0) return 'No decisions or actions were recorded.';
  if (actions.length === 0) return `It reached ${decided}; no actions were recorded.`;
  if (decisions.length === 0) return `It agreed ${agreed}${dates}; no decisions were recorded.`;
  return `It reached ${decided} and agreed ${agreed}${dates}.`;
}

/**
 * The discussion's sentence of agreement that best matches a decision found (the most words in
 * common, then the earliest): a sentence as said, so it reads whole whatever form the decisions
 * are written in.
 */
function leadingAgreement(topics: readonly WriteTopic[], decisions: readonly WriteDecision[]): string | null {
  if (decisions.length === 0) return null;
  const decided = decisions.map((decision) => new Set(subjectStems(decision.text)));
  const ranked = topics
    .flatMap((topic) => topic.points)
    .filter((point) => AGREEMENT.test(point))
    .map((point, order) => {
      const words = subjectStems(point);
      const shared = Math.max(...decided.map((decision) => words.filter((word) => decision.has(word)).length));
      return { point, order, shared };
    })
    .filter((candidate) => candidate.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.order - b.order);
  return ranked[0]?.point ?? null;
}

/**
 * The sentence that says most about the meeting's main business: a point that is not an
 * agreement, from the topic it shares most title words with, longer discussions first.
 */
function mainPoint(topics: readonly WriteTopic[]): string | null {
  const ranked = topics
    .filter((topic) => !OTHER_BUSINESS.test(topic.title))
    .flatMap((topic) => {
      const title = new Set(subjectStems(topic.title));
      const length = topic.to_line - topic.from_line + 1;
      return topic.points
        .filter((point) => !AGREEMENT.test(point))
        .map((point) => ({
          point,
          from: topic.from_line,
          score: subjectStems(point).filter((word) => title.has(word)).length + length / LINES_PER_TITLE_WORD,
        }));
    })
    .sort((a, b) => b.score - a.score || a.from - b.from);
  return ranked[0]?.point ?? null;
}

/**
 * A title inside a sentence: its first letter in lower case, unless the transcript writes its
 * opening words so inside a sentence ("Ward 9", "East Wing lifts") or it starts with an acronym;
 * with "the" when the meeting said it so ("the payment bug").
 */
function asInSentence(title: string, lines: readonly TranscriptLine[]): string {
  const words = wordsOf(title);
  const first = words[0]?.text ?? '';
  if (first.length < 2 || first.slice(1) !== first.slice(1).toLowerCase()) return title;
  const opening = title.slice(0, (words[1] ?? words[0])?.end ?? 0);
  const writtenSo = lines.some((line) => {
    let at = line.text.indexOf(opening, 1);
    while (at > 0) {
      if (!/[.!?]["”’]?\s*$/.test(line.text.slice(0, at)) && !/\p{L}/u.test(line.text.charAt(at - 1))) return true;
      at = line.text.indexOf(opening, at + 1);
    }
    return false;
  });
  return writtenSo
    ? title
    : withArticle(
        lowerFirst(title),
        lines.map((line) => line.text),
      );
}

function joinList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function numberWord(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}

function count(n: number, noun: string): string {
  return `${numberWord(n)} ${noun}${n === 1 ? '' : 's'}`;
}
