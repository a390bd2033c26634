/**
 * What each kind of question asks for (question-kind.ts), as the patterns a line that answers it
 * holds: an interval, a period, a figure, a role.
 */

import { answersKind, type QuestionKind, questionKinds } from '../question-kind.ts';
import { termDefinition } from './text.ts';

/**
 * What kind of answer a question asks for (question-kind.ts reads the kinds from its wording), how a
 * text that gives it reads, and how to say the library does not give it.
 */
/**
 * A question as composition reads it, once per answer: its words, and the intents they carry. The
 * lead, the missing facts and the kind lists all take this value rather than reading the question
 * again.
 */
export interface QuestionReading {
  text: string;
  intents: readonly Intent[];
}

export function readQuestion(question: string): QuestionReading {
  return { text: question, intents: intentsOf(question) };
}

export interface Intent {
  kind: 'interval' | 'period' | 'deadline' | 'date' | 'temperature' | 'figure' | 'who' | 'records' | 'duties' | 'definition';
  answers: (text: string) => boolean;
  /** What the answer says is not stated when no passage gives it ("how often this must be done"). */
  missing?: string;
  /** Words of a passage that talks about the fact without giving it (where the interval is set). */
  topic?: RegExp;
}

const NUMBER_WORD = '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|eighteen|twenty|thirty|forty)';

const INTERVAL_PERIOD = new RegExp(
  `\\b(annual(ly)?|yearly|monthly|weekly|daily|quarterly|${NUMBER_WORD}[- ](months?|years?|weeks?|days?|hours?)|${NUMBER_WORD}-monthly)\\b`,
  'i',
);

const PERIOD = new RegExp(`\\b${NUMBER_WORD}[- ](years?|months?|weeks?|days?|hours?)\\b|\\bindefinitely\\b|\\bpermanently\\b`, 'i');

const WHO_TEXT =
  /\b(Persons?|Engineer|Manager|Officer|Group|Holder|[Dd]uty ?holder|Director|Lead|Committee|[Bb]oard|[Ee]mployer|Advis[eo]r|Microbiologist|Controller|Executive|[Pp]rovider|Team|Contractor|Practitioner|Owner|appointed|appoints|[Rr]esponsible persons?|person in control)\b/;

const fromText = (kind: QuestionKind) => (text: string) => answersKind(kind, { text });

/**
 * The intents of a question: its kinds (question-kind.ts), with a figure read as a temperature or a
 * retention period when it asks for one, and two this engine reads itself (a deadline: "how
 * quickly"; a date: "when did … become").
 */
function intentsOf(question: string): Intent[] {
  const { kinds } = questionKinds(question);
  const intents: Intent[] = [];
  if (kinds.has('frequency'))
    intents.push({
      kind: 'interval',
      // A period alone ("Maximum interval: 6 months") is an interval too when the question asks how often.
      answers: (text) => answersKind('frequency', { text }) || INTERVAL_PERIOD.test(text),
      missing: 'how often this must be done',
      topic: /\b(frequenc\w*|intervals?|how often|periodic\w*|schedule\w*|regular\w*|routine\w*)\b/i,
    });
  if (/\btemperatures?\b|\bhow (hot|cold|warm)\b|°/i.test(question))
    intents.push({
      kind: 'temperature',
      answers: (text) => /°\s?[CF]\b|º\s?[CF]\b|℃|\bdegrees\b/i.test(text),
      missing: 'the temperature',
      topic: /\btemperatures?\b|\bhot\b|\bcold\b/i,
    });
  else if (/\bhow long\b|\bretain(ed)?\b|\bretention\b/i.test(question))
    intents.push({
      kind: 'period',
      // A retention period, not an interval: "kept for at least 5 years", "Minimum retention: 2 years".
      answers: (text) => PERIOD.test(text) && /\b(kept|keep|retain\w*|retention|stored|held|preserved)\b/i.test(text),
      missing: 'how long they must be kept',
      topic: /\b(retain\w*|retention|kept|keep\w*|period)\b/i,
    });
  else if (/\bhow (quickly|soon|fast)\b|\bdeadline\b|\btime limit\b/i.test(question))
    intents.push({
      kind: 'deadline',
      answers: (text) =>
        new RegExp(
          `\\bwithin\\b|\\bwithout (undue )?delay\\b|\\bimmediately\\b|\\b${NUMBER_WORD}[- ](hours?|days?|working days?)\\b`,
          'i',
        ).test(text),
      missing: 'the time limit',
    });
  else if (kinds.has('figure'))
    intents.push({
      kind: 'figure',
      answers: fromText('figure'),
      missing: 'the figure asked for',
      topic: /\b(limits?|levels?|values?|figures?|maximum|minimum)\b/i,
    });
  if (/\bwhen (did|was|were)\b|\bwhat (year|date)\b|\bsince when\b/i.test(question))
    intents.push({ kind: 'date', answers: (text) => /\b(1[89]|20)\d{2}\b/.test(text) });
  if (kinds.has('who')) intents.push({ kind: 'who', answers: (text) => WHO_TEXT.test(text) || answersKind('who', { text }) });
  if (kinds.has('records')) intents.push({ kind: 'records', answers: fromText('records') });
  // "What has to be reported …", "What must we do …": a question about requirements (read here as well as in question-kind.ts).
  if (kinds.has('duties') || /^\s*what\b[^?]*\b(has to|have to|must|needs? to)\b|^\s*how (should|must|do we|do you|to)\b/i.test(question))
    intents.push({ kind: 'duties', answers: fromText('duties') });
  if (kinds.has('definition'))
    intents.push({ kind: 'definition', answers: (text) => fromText('definition')(text) || termDefinition(text, question) !== null });
  return intents;
}
