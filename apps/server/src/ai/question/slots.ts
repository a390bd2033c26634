import { answersKind, ASKS_AUTHOR, type QuestionKind } from './kinds.ts';

/**
 * A year that is part of a name, not a date: "the Health and Social Care Act 2008", "Regulations
 * 2014", "HTM 07-01 (2013)", "BS 5839-1:2013", "SI 2005/1541", "COMAH 2015". A sentence naming the
 * 2008 Act does not say when something happened.
 */
const NAMED_YEAR =
  /\b(?:Acts?|Regulations?|Regs|Order|Rules|Directive|Code)\s+(?:1[89]|20)\d{2}\b|\((?:1[89]|20)\d{2}\)|:(?:1[89]|20)\d{2}\b|\bSI\s+(?:1[89]|20)\d{2}\/\d+|\b[A-Z][A-Z()&]{1,}\s+(?:1[89]|20)\d{2}\b/g;
/**
 * The slots a question asks the answer to fill (an interval, a retention period, a figure, a role…):
 * what kind of answer it asks for (kinds.ts reads the kinds from its wording), how a text that
 * gives it reads, and how to say the library does not give it.
 */
export interface Intent {
  kind:
    | 'interval'
    | 'period'
    | 'deadline'
    | 'date'
    | 'temperature'
    | 'figure'
    | 'who'
    | 'records'
    | 'duties'
    | 'definition'
    | 'successor'
    | 'author';
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

/**
 * A question asking what now stands in place of something it names: "what replaced it", "is that
 * still the right one", "do those exist anymore", "what should we cite now", "whats the current code".
 */
const ASKS_SUCCESSOR =
  /\b(?:replaced|superseded|supersedes?|replaces|repealed|revoked|withdrawn)\b|\bstill\b[^?.]{0,40}\b(?:current|valid|right|correct|the one|in force|a thing|what|apply|applies|ok|okay|used|needed|required|the latest)\b|\b(?:any ?more|any longer|nowadays)\b|\bnow\s*\?|\b(?:newer|latest|up[- ]to[- ]date|out[- ]of[- ]date|outdated)\b|\b(?:later|more recent|new|updated|revised)\s+(?:version|edition|issue)s?\b|\b(?:the|right|correct)\s+(?:version|edition)\s+(?:we|to)\b|\bcurrent\s+(?:rules?|codes?|guidance|versions?|editions?|ones?|regs|regulations?|standards?|law|legislation|requirements?|system|name|term|references?|documents?)\b/i;
/** A text saying what replaced a document or a term, or that it was reissued, revoked or renamed. */
const GIVES_SUCCESSOR =
  /\b(?:replaced|superseded|supersedes|reissued|revoked|repealed|withdrawn|succeeded|consolidated|renamed|now (?:called|known as)|took over from|in place of)\b/i;

/**
 * "How long do we have to respond?", "how long have we got to report it?": a time limit for doing
 * something, not how long a thing is kept; "when's the submission due?" asks the same of a date.
 */
const ASKS_TIME_LIMIT =
  /\bhow long\b[^?.]{0,30}\b(?:have|got|get)\s+(?:\w+\s+)?to\s+(?!keep|retain|store|hold|hang)\w+|\bhow long\b[^?.]{0,30}\bto\s+(?:respond|reply|answer|report|notify|tell|submit|complete|investigate|acknowledge)\b|\bwhen(?:'s| is| are)\b[^?.]{0,60}\bdue\b/i;

/** A month's name: "30 June" is a day of the year a deadline may fall on. */
const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';

/** A sentence saying who wrote, published or funded a document: "published by the Information Governance Alliance", "written by BRE and funded by the Carbon Trust". */
const GIVES_AUTHOR =
  /\b(?:published|produced|written|developed|issued|prepared|funded|commissioned|sponsored|drafted|authored|compiled)\s+(?:\w+\s+){0,2}by\b|\b(?:publisher|issuer|author)s?\b/i;

const fromText = (kind: QuestionKind) => (text: string) => answersKind(kind, { text });

/** What "how many" counts: the words after it up to the verb or the end ("how many quality statements are there"). */
const COUNTED =
  /\bhow many\s+((?:[a-z][a-z-]*\s+){0,3}?[a-z][a-z-]*)(?=\s+(?:are|is|do|does|did|can|could|must|should|will|would|have|has|in|under|for|of|there|we|on|at|to|make|does)\b|\s*[?.!,;]|\s*$)/i;
/** Words too slight to be what is counted. */
const NOT_COUNTED = /^(?:the|a|an|of|and|different|separate|main|key|types?|kinds?|sorts?)$/;

/**
 * For a question asking how many of something ("how many protected characteristics are there?"),
 * whether a text gives the count: a number, in digits or words, with what is counted within two
 * words after it ("nine protected characteristics", "34 quality statements"); null for any other question.
 */
export function countAnswers(question: string): ((text: string) => boolean) | null {
  const counted = COUNTED.exec(question)?.[1]
    ?.toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 3 && !NOT_COUNTED.test(word));
  if (!counted || counted.length === 0) return null;
  const stems = counted.map((word) => word.slice(0, Math.max(4, Math.min(word.length - 1, 6))));
  const pattern = new RegExp(`\\b${NUMBER_WORD}\\s+(?:[a-z-]+\\s+){0,2}?(?:${stems.join('|')})`, 'i');
  return (text) => pattern.test(text);
}

/**
 * The intents of a question: its kinds (kinds.ts, read once by read.ts), with a figure read as a temperature or a
 * retention period when it asks for one, and two this engine reads itself (a deadline: "how
 * quickly"; a date: "when did … become").
 */
export function intentsOf(
  asked: { text: string; letters: readonly string[]; count: ((text: string) => boolean) | null },
  kinds: ReadonlySet<QuestionKind>,
): Intent[] {
  const question = asked.text;
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
  else if (/\bhow long\b|\bretain(ed)?\b|\bretention\b/i.test(question) && !ASKS_TIME_LIMIT.test(question))
    intents.push({
      kind: 'period',
      // A retention period, not an interval: "kept for at least 5 years", "Minimum retention: 2 years".
      answers: (text) => PERIOD.test(text) && /\b(kept|keep|retain\w*|retention|stored|held|preserved)\b/i.test(text),
      missing: 'how long they must be kept',
      topic: /\b(retain\w*|retention|kept|keep\w*|period)\b/i,
    });
  else if (/\bhow (quickly|soon|fast)\b|\bdeadline\b|\btime limit\b/i.test(question) || ASKS_TIME_LIMIT.test(question))
    intents.push({
      kind: 'deadline',
      answers: (text) =>
        new RegExp(
          `\\bwithin\\b|\\bwithout (undue )?delay\\b|\\bimmediately\\b|\\b${NUMBER_WORD}[- ](hours?|days?|working days?|months?)\\b|\\b\\d{1,2}(?:st|nd|rd|th)? ${MONTH}\\b`,
          'i',
        ).test(text),
      missing: 'the time limit',
    });
  else if (kinds.has('figure')) {
    const { count } = asked;
    intents.push({
      kind: 'figure',
      answers: count ? (text) => fromText('figure')(text) || count(text) : fromText('figure'),
      missing: 'the figure asked for',
      topic: /\b(limits?|levels?|values?|figures?|maximum|minimum)\b/i,
    });
  }
  if (ASKS_SUCCESSOR.test(question)) intents.push({ kind: 'successor', answers: (text) => GIVES_SUCCESSOR.test(text) });
  if (ASKS_AUTHOR.test(question)) intents.push({ kind: 'author', answers: (text) => GIVES_AUTHOR.test(text), missing: 'who published it' });
  if (/\bwhen (did|was|were)\b|\bwhat (year|date)\b|\bsince when\b|\band when\s*\?/i.test(question))
    intents.push({ kind: 'date', answers: (text) => /\b(1[89]|20)\d{2}\b/.test(text.replace(NAMED_YEAR, ' ')) });
  if (kinds.has('who')) intents.push({ kind: 'who', answers: (text) => WHO_TEXT.test(text) || answersKind('who', { text }) });
  if (kinds.has('records')) intents.push({ kind: 'records', answers: fromText('records') });
  // "What has to be reported …", "What must we do …": a question about requirements (read here as well as in question-kind.ts).
  if (kinds.has('duties') || /^\s*what\b[^?]*\b(has to|have to|must|needs? to)\b|^\s*how (should|must|do we|do you|to)\b/i.test(question))
    intents.push({ kind: 'duties', answers: fromText('duties') });
  if (kinds.has('definition'))
    intents.push({ kind: 'definition', answers: (text) => fromText('definition')(text) || termDefinition(text, asked.letters) !== null });
  return intents;
}

/**
 * A list item defining a term the question asks about, said as a sentence: "**Dangerous
 * occurrences** — listed near-miss events …" → "Dangerous occurrences are listed near-miss events
 * …"; null when the item is not "Term — explanation" or the question does not name the term.
 */
export function termDefinition(text: string, letters: readonly string[]): string | null {
  const match = /^\s*(?:\d+\.\s*)?\**([A-Z][^—–:.*]{2,60}?)\**\s+[—–]\s+([a-z].{20,})$/s.exec(text.trim());
  if (!match?.[1] || !match[2]) return null;
  const term = match[1].trim();
  const words = term.toLowerCase().match(/[a-z]{3,}/g) ?? [];
  // The question names the term: each of its words, or the same stem ("occurrence" for "occurrences").
  const asked = letters.filter((word) => word.length >= 3);
  const named = words.length > 0 && words.every((word) => asked.some((a) => a.slice(0, 5) === word.slice(0, 5)));
  if (!named) return null;
  const plural = /[^su]s$/i.test(term.split(/\s+/).at(-1) ?? '');
  return `${term} ${plural ? 'are' : 'is'} ${match[2]
    .trim()
    .replace(/[;,]\s*(?:and|or)?$/, '')
    .replace(/[^.]$/, '$&.')}`;
}
