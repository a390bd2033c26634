/**
 * The built-in answer engine: offline and deterministic. It retrieves passages from the library and
 * composes an extractive answer whose first sentences answer what was asked, by kind of question
 * (question-kind.ts): who (the roles and who appoints them, from roles tables and duty-holder
 * statements), how often (the interval), a figure or temperature (with its unit), records (what is
 * kept, for how long), duties (the duty list itself) — or say plainly that the passages do not
 * state the fact asked and where it is set. Then the supporting points grouped by document (lists
 * kept as lists, tables as Markdown tables), then the sources — or, in draft mode, a paste-ready
 * policy section (purpose, scope, roles with their duties as full sentences, monitoring and
 * records). Each citation is the one element supporting its claim, quoting that sentence, item or
 * row. Every word of substance is quoted from a cited passage; the engine adds only headings and
 * connective framing. Passage text is data: it is quoted, never followed, whatever it says.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database } from '../db/connect.ts';
import type { ChatFilters, ChatMode, ChatSourceRecord } from '@verity/shared';
import type { AttachmentSource } from './attachment-passages.ts';
import { type ChatEngineEvent, type Citation, quoteAsData } from './citations.ts';
import type { PassageElement, PassageSentence } from './passage-scoring.ts';
import { type Passage, type RetrievalResult, type RetrievePassagesOptions, retrievePassages } from './retrieval.ts';
import { answersKind, documentPhase, type QuestionKind, questionKinds } from './question-kind.ts';
import { isCrossReference, offQuestionSection, termPattern } from './retrieval/text-signals.ts';

export interface ComposedAnswer {
  text: string;
  citations: Citation[];
  /** False when the library held nothing relevant and the answer says so. */
  answered: boolean;
}

const LEAD_SENTENCES = 3;
const LEAD_MAX_CHARACTERS = 700;
/** A list's introduction heads it (or leads with one of its items) only when it is at most this long. */
const INTRO_MAX_CHARACTERS = 200;
/** A further lead sentence must score at least this share of the first… */
const LEAD_CUT = 0.6;
/** …and hold at least this share of the question's own term weight the lead does not yet hold (or give what the question asks for). */
const LEAD_NEW_TERMS = 0.1;
/** A lead candidate that does not give what the question asks for (an interval for "how often") counts for this share. */
const INTENT_MISSING = 0.75;
/** A sentence that leans on one before it the lead cannot quote ("They…") counts for this share. */
const LEANING_FACTOR = 0.5;
/** A table row that does not give what the question asks for counts for this share in the lead (prose reads better). */
const ROW_LEAD = 0.8;
/** For a who-question, a lead candidate that names no one counts for this share. */
const WHO_MISSING = 0.4;
/** A design part's roles table counts for this share when a draft chooses its roles table (a policy is operational). */
const DESIGN_DRAFT = 0.5;
/** …and an operational part's, for this share (the roles that run the system day to day). */
const OPERATION_DRAFT = 1.25;
/** A lead candidate giving several of the kinds asked for (a record and its period) counts this much more for each beyond the first. */
const MORE_KINDS = 0.2;
/** A list item said as a sentence counts for this share in the lead (prose reads better). */
const ITEM_LEAD = 0.9;
/** A sentence from a section the question does not ask about (history, common failings) counts for this share in the lead, and is never a bullet. */
const ASIDE_LEAD = 0.5;
/** A pointer to another document ("HTM 07-01 — colour coding") counts for this share in the lead, and is never a bullet. */
const CROSS_REFERENCE_LEAD = 0.5;
/** For a question about duties or roles, a sentence of a document's purpose and scope counts for this share in the lead. */
const SCOPE_LEAD = 0.6;
/** A sentence saying what does not apply counts for this share in the lead (unless the question asks what applies). */
const NOT_APPLYING_LEAD = 0.2;
/** A fact the question asks for counts as stated when a passage sentence at least this share as relevant as the best gives it. */
const STATED_CUT = 0.4;
/** A term held only by a passage's title or headings counts for this share of its weight (as in retrieval). */
const CONTEXT_SHARE = 0.5;
/** A bullet must also score at least this share of the best sentence in any passage. */
const GLOBAL_CUT = 0.4;
/** A table row is quoted when it holds at least this share of the best row's term weight. */
const ROW_CUT = 0.5;
/** Pieces (lines, lists, tables) quoted from one passage. */
const PIECES_PER_PASSAGE = 6;
const LIST_ITEMS = 8;
const SENTENCES_PER_PARAGRAPH = 2;
/** A bullet quotes a sentence or list item only when it scores at least this share of its passage's best. */
const SENTENCE_CUT = 0.5;
/** Rows of a table quoted for the rows that match… */
const TABLE_ROWS = 5;
/** …and of a table that answers as a whole. */
const TABLE_ROWS_WHOLE = 10;
const MAX_ROLES = 8;
const DUTIES_PER_ROLE = 4;
const MONITORING_ITEMS = 5;
const CHUNK_CHARACTERS = 24;

/** Placeholder for citation k's marker until markers are numbered in order of first use. */
const placeholder = (k: number) => `\uE000${k}\uE001`;

/** Ends a quoted sentence with a full stop unless it already ends with punctuation. */
function sentence(text: string): string {
  const quoted = quoteAsData(text);
  return /[.!?]["”)]?$/.test(quoted) ? quoted : `${quoted.replace(/[:;,]$/, '')}.`;
}

/** Table text as rows of cells (the ingester writes one row a line, cells separated by " | "). */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells.some((cell) => cell.length > 0));
}

/** A table row read against its header: "Hoists — Maximum interval: 6 months; Source: LOLER" (what a citation of the row quotes). */
function rowText(header: readonly string[], cells: readonly string[]): string {
  const [first, ...rest] = cells;
  const details = rest.map((cell, i) => (header[i + 1] ? `${header[i + 1]}: ${cell}` : cell)).filter((part) => part.length > 0);
  return details.length > 0 ? `${first ?? ''} — ${details.join('; ')}` : (first ?? '');
}

/**
 * What an answer cites: one element of a passage (a sentence's paragraph, a list item, a table)
 * and the text of it that supports the claim (the sentence, the item, the row read with its
 * header) — the citation's quote, which the answer's hover shows.
 */
interface Cite {
  passage: number;
  elementId: string;
  quote: string;
}

/** The citations of an answer as it is composed: each distinct supporting text gets one placeholder. */
class Citer {
  readonly list: Cite[] = [];

  mark(passage: number, elementId: string, quote: string): string {
    const text = quote
      .replace(/[\uE000-\uF8FF]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    let k = this.list.findIndex((cite) => cite.passage === passage && cite.elementId === elementId && cite.quote === text);
    if (k < 0) {
      k = this.list.length;
      this.list.push({ passage, elementId, quote: text });
    }
    return placeholder(k);
  }

  /** Whether any text of the passage is cited. */
  uses(passage: number): boolean {
    return this.list.some((cite) => cite.passage === passage);
  }
}

/** A query term as composition matches it: the database's stem as a word prefix ("safeti" as "safet…"). */
interface TextTerm {
  pattern: RegExp;
  weight: number;
  carried: boolean;
}
/** Letter and digit groups of a code or question, lower-case, numbers without leading zeros ("HTM 06-01" → htm 6 1). */
function codeGroups(value: string): string[] {
  return (value.toLowerCase().match(/[a-z]+|[0-9]+/g) ?? []).map((group) => (/^[0-9]+$/.test(group) ? String(Number(group)) : group));
}

/**
 * The groups of the codes the question names ("HTM 07-01" in "Which edition of HTM 07-01 is
 * current?"): the passages are that document's, so those words say nothing about which of its
 * sentences answers.
 */
function namedCodeGroups(question: string, passages: readonly Passage[]): Set<string> {
  const asked = ` ${codeGroups(question).join(' ')} `;
  const groups = new Set<string>();
  for (const passage of passages) {
    const code = codeGroups(passage.code);
    if (code.length > 0 && asked.includes(` ${code.join(' ')} `)) for (const group of code) groups.add(group);
  }
  return groups;
}

function textTerms(retrieval: RetrievalResult, question = ''): TextTerm[] {
  const named = namedCodeGroups(question, retrieval.passages);
  return retrieval.terms
    .filter((term) => term.lexeme.length >= 2 && !named.has(/^[0-9]+$/.test(term.lexeme) ? String(Number(term.lexeme)) : term.lexeme))
    .map((term) => ({ pattern: termPattern(term.lexeme), weight: term.weight, carried: term.carried }));
}

/**
 * Share of the terms' weight a text holds (carried terms count at their reduced weight); a term only
 * its context holds (the document's title, the headings above it) counts for CONTEXT_SHARE of its weight.
 */
function termShare(text: string, terms: readonly TextTerm[], context = ''): number {
  const total = terms.reduce((sum, term) => sum + term.weight, 0);
  if (total <= 0) return 0;
  const held = terms.reduce(
    (sum, term) => sum + (term.pattern.test(text) ? term.weight : context && term.pattern.test(context) ? term.weight * CONTEXT_SHARE : 0),
    0,
  );
  return held / total;
}

/** What a passage's text is read under: its document's title and code, and the headings above it. */
const passageContext = (passage: Passage) => [passage.code, passage.title, ...passage.headingPath].join(' \u0000 ');

/** The question's own terms (not carried from earlier questions) a text holds, by index. */
function ownTermsHeld(text: string, terms: readonly TextTerm[]): number[] {
  return terms.flatMap((term, i) => (!term.carried && term.pattern.test(text) ? [i] : []));
}

/**
 * What kind of answer a question asks for (question-kind.ts reads the kinds from its wording), how a
 * text that gives it reads, and how to say the library does not give it.
 */
interface Intent {
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

/** An introduction announcing several items ("two broad areas:", "the following:"): one item alone does not complete it. */
const COUNTED = /\b(two|three|four|five|six|seven|eight|nine|ten|both|several|following|these|various|number of)\b/i;

/** An introduction of what something needs or must have, each item of which is an answer of its own. */
const NEEDS_INTRO = /\b(needs?|must|should|requires?|required|means?)\b[^:]*:\s*$/i;

/** A sentence that leans on the one before it ("They sit on top of …", "It came into force …"). */
const LEANS_ON_PREVIOUS = /^(They|Their|It|Its|This|These|Those|Such|He|She)\b/;
/** Sections that introduce a document rather than state its requirements. */
const SCOPE_SECTION = /\b(purpose|scope|introduction|overview|about|background|summary|context)\b/i;
/** Sections that state requirements or duties. */
const DUTY_SECTION = /\b(duties|duty|requirements?|responsibilit\w*|obligations?|what (the law|it) requires|key points)\b/i;
/** A sentence saying that something does not apply: never the answer to what is required. */
const NOT_APPLYING =
  /\b(does|do|did) not (normally |usually |generally |ordinarily )?apply\b|\bnot (normally |usually )?applicable\b|\bare excluded\b|\bis excluded\b/i;
const ASKS_APPLICATION = /\b(apply|applies|application|scope|cover|covers|excluded|exempt)\b/i;
/** Another document named in a passage's text, where it sends the reader: "HSG274 Part 2", "HTM 04-01 Part B", "BS 7671". */
const CODE_IN_TEXT = /\b(?:HTM|HBN|HSG|INDG|BS(?: EN)?(?: ISO)?|ISO|ACoP|HSR|L)\s?\d[\w.-]*(?:\s+Part\s+[A-Z0-9]+)?/;

/** A candidate for the lead: a whole sentence (with the one before it when it leans on it), a list item after its introduction, or a table row said as a sentence. */
interface LeadCandidate {
  text: string;
  /** What the citation quotes: the sentence, the list item, the row read with its header. */
  quote: string;
  passage: number;
  elementId: string;
  /** The passage sentences (or the table row) it quotes, so the bullets do not repeat them. */
  keys: string[];
  share: number;
  own: number[];
  intents: number;
  /** The kinds it gives. */
  gives: Set<Intent['kind']>;
  crossReference: boolean;
  /** From a section the question does not ask about (the document's history, its common failings). */
  aside?: boolean;
  /** A table row (leads best when it gives what the question asks for: "6 months", "Designated Person"). */
  row?: boolean;
  /** A list item read after its introduction. */
  item?: boolean;
  /** A list item defining the very term a definition question asks about: it leads like a sentence. */
  defines?: boolean;
  section: string;
}

const sentenceKey = (elementId: string, text: string) => `${elementId}\u0000${text}`;

/**
 * A capitalised opening word in lower case for the middle of a sentence ("Maximum interval" →
 * "maximum interval"), but not a name ("Water Safety Group", "Part C", "HTM 04-01").
 */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]+(?:[\s,;:–—-]+[a-z(]|[\s,;:]*$)/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** What a header worded as a question (or a participle) asks for, as the subject of a sentence: "How often, and where it is set" → "the interval". */
const QUESTION_HEADERS: readonly [RegExp, string][] = [
  [/^how (often|frequently|regularly)\b/i, 'the interval'],
  [/^how long\b/i, 'the period'],
  // A header that is a participle ("Kept for", "Retained for") says how long, not what.
  [/^(?:kept|retained|held|stored|keep)(?:\s+for)?$/i, 'the retention period'],
  [/^when\b/i, 'the time'],
  [/^who\b/i, 'the person responsible'],
  [/^where\b/i, 'the place'],
  [/^(what|which|how|why)\b/i, 'the requirement'],
];

/** A header as the subject of a sentence: "Maximum interval" → "the maximum interval"; "How often …" → "the interval". */
function headerPhrase(header: string): string | null {
  const text = header.trim();
  if (text.length === 0) return null;
  const asked = QUESTION_HEADERS.find(([pattern]) => pattern.test(text));
  if (asked) return asked[1];
  return `the ${lowerFirst(text)}`;
}

/**
 * A table row said as a sentence, with the columns that answer the question: "For equipment used
 * for lifting people, the maximum interval between thorough examinations is 6 months."
 */
function rowSentence(header: readonly string[], cells: readonly string[], terms: readonly TextTerm[], intents: readonly Intent[]): string {
  const [first = '', ...rest] = cells;
  const columns = rest.map((cell, i) => ({ cell, header: header[i + 1] ?? '', i })).filter((column) => column.cell.length > 0);
  const answering = columns.filter((column) => intents.some((intent) => intent.answers(column.cell)));
  const matching = columns.filter((column) => termShare(`${column.header} ${column.cell}`, terms) > 0);
  const chosen = (answering.length > 0 ? answering : matching.length > 0 ? matching : columns).slice(0, 2);
  if (chosen.length === 0) return first;
  // "What it does" / "What the role does": the cell says what the row's subject does, as a sentence about it.
  const [doing] = chosen;
  if (chosen.length === 1 && doing && /^what\b.*\b(?:does|do)$/i.test(doing.header.trim())) {
    const said = doing.cell
      .split(/;\s*/)
      .map((clause) => dutySentence(first, clause))
      .filter((text): text is string => text !== null)
      .map((text, i) => (i === 0 ? text : pronounFor(first, text)));
    if (said.length > 0) return said.join(' ').replace(/\.$/, '');
  }
  const clauses = chosen.map((column) => {
    const phrase = headerPhrase(column.header);
    // The head noun is the last word before a preposition: "Maximum interval between examinations" → interval;
    // a header worded as a question names one thing ("the interval").
    const head = column.header.trim().split(/\s+(?:between|of|for|in|per|to|by|at|on|under|from|with)\s+/i)[0] ?? '';
    const asked = QUESTION_HEADERS.some(([pattern]) => pattern.test(column.header.trim()));
    const verb = !asked && /[^s]s$/i.test(head.split(/\s+/).at(-1) ?? '') ? 'are' : 'is';
    // A cell of several sentences is quoted after a colon as written; one phrase reads on in lower case.
    const several = /[.;]\s+[A-Z]/.test(column.cell);
    const cell = several ? column.cell : lowerFirst(column.cell);
    return phrase ? `${phrase} ${verb}${several ? ':' : ''} ${cell.replace(/[.;]$/, '')}` : cell.replace(/[.;]$/, '');
  });
  // "Sentinel outlets: temperature" → "sentinel outlets (temperature)".
  const subject = lowerFirst(first).replace(/:\s*([^:]+)$/, ' ($1)');
  // A cell that opens with a participle says what is done to the row's subject: "Checked monthly. Hot
  // water reaches …" → "Sentinel outlets (temperature) are checked monthly. Hot water reaches …".
  const [only] = chosen;
  if (chosen.length === 1 && only && /^[A-Z][a-z]+ed\b/.test(only.cell)) {
    const thing = first.replace(/:.*$/, '').trim();
    // "Calorifiers and stored hot water" is plural whatever its last word.
    const verb = /[^s]s$/i.test(thing.split(/\s+/).at(-1) ?? '') || /\s(and|&)\s/i.test(thing) ? 'are' : 'is';
    const named = first.charAt(0).toUpperCase() + subject.slice(1);
    return `${named} ${verb} ${only.cell.charAt(0).toLowerCase()}${only.cell.slice(1).replace(/[.;]$/, '')}`;
  }
  return `For ${subject}, ${clauses.join(', and ')}`;
}

/** The introduction of a list as the answer can say it: "It covers:" → "HTM 02-01 Part B covers:"; null when it cannot stand alone. */
function standaloneIntro(intro: string, passage: Passage): string | null {
  const text = intro.trim();
  if (text.length > INTRO_MAX_CHARACTERS) return null;
  if (!/^Its?\s/.test(text)) return LEANS_ON_PREVIOUS.test(text) ? null : text;
  // "It" is the document in its purpose and scope, and the subject of a section headed by a name ("The Ventilation Safety Group").
  const heading = passage.headingPath.at(-1) ?? '';
  const label =
    passage.source === 'attachment'
      ? 'the attached file'
      : SCOPE_SECTION.test(passage.headingPath.join(' ')) && passage.headingPath.length <= 1
        ? passage.code
        : heading.split(/\s+/).length <= 6 && !SCOPE_SECTION.test(heading) && !DUTY_SECTION.test(heading) && /^(The\s+)?[A-Z]/.test(heading)
          ? heading.replace(/^The\s+/, 'the ')
          : null;
  if (label === null) return null;
  if (/^It\s/.test(text)) return `${label.charAt(0).toUpperCase()}${label.slice(1)} ${text.slice(3)}`;
  const its = /^Its\s+(.+?)\s+(are|is|include|includes)\b(.*)$/.exec(text);
  return its ? `The ${its[1]} of ${label} ${its[2]}${its[3]}` : null;
}

/**
 * A list item defining a term the question asks about, said as a sentence: "**Dangerous
 * occurrences** — listed near-miss events …" → "Dangerous occurrences are listed near-miss events
 * …"; null when the item is not "Term — explanation" or the question does not name the term.
 */
function termDefinition(text: string, question: string): string | null {
  const match = /^\s*(?:\d+\.\s*)?\**([A-Z][^—–:.*]{2,60}?)\**\s+[—–]\s+([a-z].{20,})$/s.exec(text.trim());
  if (!match?.[1] || !match[2]) return null;
  const term = match[1].trim();
  const words = term.toLowerCase().match(/[a-z]{3,}/g) ?? [];
  // The question names the term: each of its words, or the same stem ("occurrence" for "occurrences").
  const asked = question.toLowerCase().match(/[a-z]{3,}/g) ?? [];
  const named = words.length > 0 && words.every((word) => asked.some((a) => a.slice(0, 5) === word.slice(0, 5)));
  if (!named) return null;
  const plural = /[^su]s$/i.test(term.split(/\s+/).at(-1) ?? '');
  return `${term} ${plural ? 'are' : 'is'} ${match[2]
    .trim()
    .replace(/[;,]\s*(?:and|or)?$/, '')
    .replace(/[^.]$/, '$&.')}`;
}

/** Words ending in "s" that do not open a clause with a verb. */
const NOT_VERBS = new Set([
  'its',
  'his',
  'hers',
  'ours',
  'theirs',
  'was',
  'has',
  'as',
  'thus',
  'always',
  'perhaps',
  'sometimes',
  'across',
  'unless',
  'besides',
  'towards',
  'afterwards',
  'regardless',
  'nevertheless',
  'whereas',
  'less',
  'various',
  'numerous',
]);

/**
 * A list item said as a sentence of the answer's own, or null when it is a fragment: the label of a
 * "Label. Sentence." item is left off; an instruction is said as what the document asks of the
 * organisation; a statement with a verb stands as it is.
 */
function itemAsSentence(text: string, passage: Passage): string | null {
  const body = text.trim().replace(/^[A-Z][^.:;]{0,40}\.\s+(?=[A-Z])/, '');
  // After a label ("Flushing. Flush little-used outlets …") the document writes a whole sentence.
  const labelled = body !== text.trim();
  if (body.length < 40 || !/^[A-Z]/.test(body) || !/[.)]$/.test(body) || /:\s*$/.test(body)) return null;
  const first = (body.split(/\s+/)[0] ?? '').toLowerCase();
  // "Employer / Duty Holder. Owns the duty to …": the body goes on from its label, which is its subject.
  const itemLabel = labelled ? /^([A-Z][^.:;]{0,40})\./.exec(text.trim())?.[1] : undefined;
  if (itemLabel && /^[a-z-]+s$/.test(first) && !/(ss|us|is|ous|ys)$/.test(first) && !NOT_VERBS.has(first)) {
    return dutySentence(itemLabel, body);
  }
  const label = passage.source === 'attachment' ? 'Your attached file' : passage.code;
  if (BASE_VERBS.has(first)) return `${label} asks the organisation to ${body.charAt(0).toLowerCase()}${body.slice(1)}`;
  const verb = /\b(is|are|must|should|shall|has|have|will|may|need|needs)\b/;
  return labelled || verb.test(body.split(',')[0] ?? '') || (/^(The|A|An|Each|Every|All|No)\s/.test(body) && verb.test(body)) ? body : null;
}

function leadCandidates(
  passages: readonly Passage[],
  terms: readonly TextTerm[],
  intents: readonly Intent[],
  question: string,
): LeadCandidate[] {
  const candidates: LeadCandidate[] = [];
  const describe = (text: string, context: string) => {
    const gives = new Set(intents.filter((intent) => intent.answers(text)).map((intent) => intent.kind));
    return {
      share: termShare(text, terms, context),
      own: ownTermsHeld(text, terms),
      intents: gives.size,
      gives,
      crossReference: isCrossReference({ text }),
    };
  };
  passages.forEach((passage, index) => {
    const context = passageContext(passage);
    const aside = offQuestionSection(passage.headingPath, question);
    const section = passage.headingPath.join(' › ');
    for (const element of passage.elements) {
      if (element.type === 'table') {
        const [header = [], ...rows] = tableRows(element.text);
        for (const cells of rows) {
          const quote = rowText(header, cells);
          candidates.push({
            text: rowSentence(header, cells, terms, intents),
            quote,
            passage: index,
            elementId: element.id,
            keys: [sentenceKey(element.id, quote)],
            row: true,
            aside,
            section,
            ...describe(quote, context),
          });
        }
        continue;
      }
      const sentences = passage.sentences.filter((s) => s.elementId === element.id);
      // "Dangerous occurrences — listed near-miss events …" defines what a definition question asks about.
      if (element.type === 'list_item' && intents.some((intent) => intent.kind === 'definition')) {
        const definition = termDefinition(element.text, question);
        if (definition) {
          candidates.push({
            text: definition,
            quote: element.text,
            passage: index,
            elementId: element.id,
            keys: sentences.map((s) => sentenceKey(element.id, s.text)),
            item: true,
            defines: true,
            aside,
            section,
            ...describe(element.text, context),
          });
          continue;
        }
      }
      // A list item is read after the paragraph introducing its list ("Little-used outlets need: Flushing
      // at least weekly"); an item never leads alone (the answer does not open with a copied list item).
      if (element.type === 'list_item') {
        const position = passage.elements.indexOf(element);
        let introElement: PassageElement | undefined;
        for (let i = position - 1; i >= 0; i--) {
          const before = passage.elements[i];
          if (before?.type !== 'list_item') {
            introElement = before;
            break;
          }
        }
        const lastSentence = introElement ? passage.sentences.filter((s) => s.elementId === introElement?.id).at(-1)?.text : undefined;
        const intro =
          introElement?.type === 'paragraph' && lastSentence && /:\s*$/.test(lastSentence) ? standaloneIntro(lastSentence, passage) : null;
        if (intro === null) {
          // An item with no introduction leads only as a whole sentence the answer can say: a statement
          // ("The board accepts …"), or a requirement written as an instruction ("Governance. Appoint a
          // Designated Person …" → "HTM 06-01 asks the organisation to appoint a Designated Person …").
          if (introElement?.type === 'paragraph' && /:\s*$/.test(lastSentence ?? '')) continue;
          for (const s of sentences) {
            const text = itemAsSentence(s.text, passage);
            if (text === null) continue;
            candidates.push({
              text,
              quote: s.text,
              passage: index,
              elementId: element.id,
              keys: [sentenceKey(element.id, s.text)],
              item: true,
              aside,
              section,
              ...describe(s.text, context),
            });
          }
          continue;
        }
        // One item answers an introduction of what something needs ("Little-used outlets need:"), not a
        // list of topics or areas ("The Regulations cover two broad areas:").
        if (COUNTED.test(intro) || !NEEDS_INTRO.test(intro)) continue;
        for (const s of sentences)
          candidates.push({
            text: `${intro} ${s.text.replace(/[;,]\s*(and|or)?$/, '')}`,
            quote: s.text,
            passage: index,
            elementId: element.id,
            keys: [sentenceKey(element.id, s.text)],
            item: true,
            aside,
            section,
            ...describe(s.text, context),
          });
        continue;
      }
      sentences.forEach((s, i) => {
        // Whole sentences only: not an introduction ending in ":", a table, or a list fragment in lower case.
        if (s.text.length < 20 || /:\s*$/.test(s.text) || s.text.includes(' | ') || /^[a-z]/.test(s.text)) return;
        const previous = i > 0 && LEANS_ON_PREVIOUS.test(s.text) ? sentences[i - 1] : undefined;
        // "It covers …" at the start of a document's purpose and scope means the document.
        const named = !previous && /^It\s/.test(s.text) && SCOPE_SECTION.test(section) && passage.source === 'library';
        const text = previous ? `${previous.text} ${s.text}` : named ? `${passage.code} ${s.text.slice(3)}` : s.text;
        const keys = [sentenceKey(element.id, s.text), ...(previous ? [sentenceKey(element.id, previous.text)] : [])];
        candidates.push({
          text,
          quote: previous ? text : s.text,
          passage: index,
          elementId: element.id,
          keys,
          aside,
          section,
          ...describe(text, context),
        });
      });
    }
  });
  return candidates;
}

/** How much a candidate is worth as the lead for these intents. */
function leadValue(candidate: LeadCandidate, intents: readonly Intent[], question: string): number {
  const kinds = new Set(intents.map((intent) => intent.kind));
  const wantsDuties = kinds.has('duties') || kinds.has('who');
  return (
    candidate.share *
    (intents.length === 0 || candidate.intents > 0 ? 1 : kinds.has('who') ? WHO_MISSING : INTENT_MISSING) *
    (LEANS_ON_PREVIOUS.test(candidate.text) ? LEANING_FACTOR : 1) *
    (candidate.row && candidate.intents === 0 ? ROW_LEAD : 1) *
    (candidate.item && !candidate.defines ? ITEM_LEAD : 1) *
    (candidate.intents > 1 ? 1 + MORE_KINDS * (candidate.intents - 1) : 1) *
    (candidate.aside ? ASIDE_LEAD : 1) *
    (candidate.crossReference ? CROSS_REFERENCE_LEAD : 1) *
    (wantsDuties && SCOPE_SECTION.test(candidate.section) && !DUTY_SECTION.test(candidate.section) ? SCOPE_LEAD : 1) *
    (NOT_APPLYING.test(candidate.text) && !ASKS_APPLICATION.test(question) ? NOT_APPLYING_LEAD : 1)
  );
}

/**
 * The lead: the passage text that best answers the question — weighted by the question's terms, and
 * giving what it asks for (an interval, a role, a temperature) when it asks for one — then at most
 * two more sentences, each answering a part of the question the lead has not yet covered.
 */
function leadLines(question: string, retrieval: RetrievalResult): LeadCandidate[] {
  const terms = textTerms(retrieval, question);
  const intents = intentsOf(question);
  const ownWeight = terms.reduce((sum, term) => sum + (term.carried ? 0 : term.weight), 0);
  const value = (candidate: LeadCandidate) => leadValue(candidate, intents, question);
  const all = leadCandidates(retrieval.passages, terms, intents, question);
  // A question that is nothing but a document's code is answered by the document's opening.
  if (terms.every((term) => term.weight <= 0)) return all.filter((candidate) => !candidate.row).slice(0, 1);
  const candidates = all
    // A who-answer need not repeat the subject ("Appoint a Designated Person …" under the document's heading on it).
    .filter(
      (candidate) => candidate.share > 0 && (ownWeight <= 0 || candidate.own.length > 0 || (candidate.gives.has('who') && !candidate.row)),
    )
    .sort((a, b) => value(b) - value(a) || a.passage - b.passage);
  const first = candidates[0];
  // Passages none of whose sentences holds the question's own terms (matched through headings or
  // the earlier question's context) still lead with their best sentence.
  if (!first) return [...all].sort((a, b) => b.share - a.share || a.passage - b.passage).slice(0, 1);
  const chosen = [first];
  const covered = new Set(first.own);
  const given = new Set(first.gives);
  let length = first.text.length;
  while (chosen.length < LEAD_SENTENCES) {
    const next = candidates.find((candidate) => {
      if (candidate.aside || chosen.some((entry) => entry.elementId === candidate.elementId && entry.text === candidate.text)) return false;
      if (chosen.some((entry) => entry.elementId === candidate.elementId && !entry.row)) return false;
      // One item of a list in the lead: a second would repeat its introduction.
      if (candidate.item && chosen.some((entry) => entry.item && entry.passage === candidate.passage)) return false;
      if (NOT_APPLYING.test(candidate.text) && !ASKS_APPLICATION.test(question)) return false;
      const gained = candidate.own.reduce((sum, i) => sum + (covered.has(i) ? 0 : (terms[i]?.weight ?? 0)), 0);
      // A sentence giving a part of the question the lead does not yet answer (its temperature beside its interval) is held to a lower bar.
      const newKind = [...candidate.gives].some((kind) => !given.has(kind));
      if (candidate.share < first.share * (newKind ? STATED_CUT : LEAD_CUT) || length + candidate.text.length > LEAD_MAX_CHARACTERS)
        return false;
      return (ownWeight > 0 && gained / ownWeight >= LEAD_NEW_TERMS && !candidate.row) || newKind;
    });
    if (!next) break;
    chosen.push(next);
    for (const i of next.own) covered.add(i);
    for (const kind of next.gives) given.add(kind);
    length += next.text.length;
  }
  // A definition reads on: the sentence after the first, from the same paragraph ("The toolkit is … . Each organisation …").
  if (intents.some((intent) => intent.kind === 'definition') && !first.row && !first.item) {
    const passage = retrieval.passages[first.passage];
    const own = passage?.sentences.filter((s) => s.elementId === first.elementId) ?? [];
    const at = own.findIndex((s) => first.quote.endsWith(s.text));
    const following = at >= 0 ? own[at + 1] : undefined;
    if (
      following &&
      !/:\s*$/.test(following.text) &&
      !chosen.some((entry) => entry.keys.includes(sentenceKey(first.elementId, following.text)))
    )
      chosen.splice(1, 0, {
        ...first,
        text: following.text,
        quote: following.text,
        keys: [sentenceKey(first.elementId, following.text)],
      });
  }
  return chosen;
}

/** A section as the answer names it: the last heading above the passage. */
function sectionName(passage: Passage): string {
  return passage.headingPath.at(-1) ?? '';
}

/**
 * What the question asks for that the chosen passages do not give (an interval, a temperature, a
 * period), with the passage that says where it is set when one does: the answer says so first,
 * rather than leave the gap or fill it with "see the current text".
 */
function missingFacts(question: string, retrieval: RetrievalResult, lead: readonly LeadCandidate[]) {
  const terms = textTerms(retrieval, question);
  const intents = intentsOf(question).filter((intent) => intent.missing);
  if (intents.length === 0) return [];
  const all = leadCandidates(retrieval.passages, terms, intents, question).filter((candidate) => candidate.share > 0);
  const best = Math.max(0, ...all.map((candidate) => candidate.share));
  return intents
    .filter((intent) => !lead.some((entry) => entry.gives.has(intent.kind)))
    .filter((intent) => !all.some((candidate) => candidate.gives.has(intent.kind) && candidate.share >= best * STATED_CUT))
    .map((intent) => {
      // The passage that talks about it without giving it: the one naming another document first.
      const talking = all
        .filter((candidate) => !candidate.row && !candidate.item && intent.topic?.test(candidate.text))
        .sort((a, b) => Number(CODE_IN_TEXT.test(b.text)) - Number(CODE_IN_TEXT.test(a.text)) || b.share - a.share);
      return { intent, where: talking[0] ?? null };
    });
}

/** The documents an answer's passages come from, as a reader names them: "HTM 04-01 Part B and HSG274". */
function documentNames(passages: readonly Passage[]): string {
  const names = [...new Set(passages.map((passage) => (passage.source === 'attachment' ? 'your attached file' : passage.code)))];
  return names.length <= 1 ? (names[0] ?? 'the library') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A roles table: its first column names roles, its others say who appoints them and what they do. */
interface RolesTable {
  passage: number;
  elementId: string;
  header: string[];
  rows: string[][];
  appointedBy: number;
  does: number;
}

function rolesTables(passages: readonly Passage[]): RolesTable[] {
  const tables: RolesTable[] = [];
  passages.forEach((passage, index) => {
    for (const element of passage.elements) {
      if (element.type !== 'table') continue;
      const [header = [], ...rows] = tableRows(element.text);
      const rolesHeader = /^(roles?|who|post|position|duty ?holder|person)\b/i.test(header[0] ?? '');
      const appointedBy = header.findIndex((cell, i) => i > 0 && /appoint/i.test(cell));
      const does = header.findIndex((cell, i) => i > 0 && /\b(what|does|do|responsib\w*|duties|role)\b/i.test(cell));
      if (!rolesHeader && appointedBy < 0) continue;
      tables.push({ passage: index, elementId: element.id, header, rows, appointedBy, does });
    }
  });
  return tables;
}

/** A role's name as written in running text: "Authorising Engineer (LV)" → "authorising engineer". */
function roleWords(role: string): string[] {
  return (
    role
      .replace(/\([^)]*\)/g, ' ')
      .toLowerCase()
      .match(/[a-z]{3,}/g) ?? []
  );
}

/** Whether the question names this role ("Who appoints the Authorising Engineer…"). */
function namesRole(question: string, role: string): boolean {
  const words = roleWords(role);
  const asked = ` ${(question.toLowerCase().match(/[a-z]+/g) ?? []).join(' ')} `;
  return words.length > 0 && asked.includes(` ${words.join(' ')} `);
}

/** A role as running text names it: without an abbreviation after a comma or dash ("Authorising Engineer (Ventilation), AE(V)"). */
function shortRole(role: string): string {
  return role
    .replace(/\s+[—–]\s+.*$/, '')
    .replace(/,\s*[A-Z]{2,}\([^)]*\)\s*$/, '')
    .trim();
}

/** "The X" for a role, without doubling an article the table already wrote. */
function theRole(role: string): string {
  return /^(the|a|an|all|every|each|any)\s/i.test(role) ? role : `the ${role}`;
}

/** A cell said after "appointed by": "Designated Person / management, in writing" → "the Designated Person / management, in writing". */
function appointer(cell: string): string {
  const text = cell.replace(/[.;]$/, '').trim();
  return /^[A-Z][a-z]+ [A-Z]/.test(text) && !/^The\b/.test(text) ? `the ${text}` : /^The\b/.test(text) ? `t${text.slice(1)}` : text;
}

function joinWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The first sentences of a who-question from a roles table: the role the question names, who
 * appoints it and what it does; or else every role the document names, each with who appoints it.
 * Returns the sentences (with their markers) and the tables it has said in full.
 */
function whoLead(
  question: string,
  retrieval: RetrievalResult,
  citer: Citer,
): { text: string; tables: RolesTable[]; named: boolean } | null {
  const tables = rolesTables(retrieval.passages);
  if (tables.length === 0) return null;
  const named = tables.flatMap((table) =>
    table.rows.filter((cells) => namesRole(question, cells[0] ?? '')).map((cells) => ({ table, cells })),
  );
  const sentences: string[] = [];
  /** Each sentence said about a named role, with the index of the entry in `sentences` saying it. */
  const saidOfRole = new Map<string, number>();
  if (named.length > 0 && named.length <= 2) {
    for (const { table, cells } of named) {
      const role = cells[0] ?? '';
      const passage = retrieval.passages[table.passage];
      if (!passage) continue;
      const marker = citer.mark(table.passage, table.elementId, rowText(table.header, cells));
      const by = appointedBy(table, cells);
      const does = table.does > 0 ? cells[table.does] : undefined;
      const opening = theRole(role).replace(/^t/, 'T');
      if (by) sentences.push(`${quoteAsData(`${opening} is appointed by ${appointer(by)}`)}. ${marker}`);
      else if (/\bappoint/i.test(question)) {
        // Who appoints it is not in its row: say so, with what another role's row says about it ("recommends Authorised Persons").
        const words = roleWords(role);
        // The role by its name or by its abbreviation ("Authorising Engineer (Ventilation), AE(V)").
        const abbreviation = /\b([A-Z]{2,}\([A-Z]+\))/.exec(role)?.[1];
        const names = [words.join('\\s+'), ...(abbreviation ? [abbreviation.replace(/[()]/g, '\\$&')] : [])];
        const mentions = new RegExp(`(?:\\b${names.join('|\\b')})s?(?![\\w(])`, 'i');
        const other = tables
          .flatMap((entry) => entry.rows.map((row) => ({ entry, row })))
          .filter(({ row }) => row !== cells && words.length > 0)
          .flatMap(({ entry, row }) =>
            row
              .slice(1)
              .flatMap((cell) => cell.split(/;\s*/))
              .filter((clause) => mentions.test(clause) && /\b(appoint|recommend|nominat|select)\w*/i.test(clause))
              .map((clause) => ({ entry, row, clause })),
          )[0];
        const clause = other ? `${other.clause.charAt(0).toLowerCase()}${other.clause.slice(1).replace(/[.;]$/, '')}` : '';
        const otherMarker = other ? citer.mark(other.entry.passage, other.entry.elementId, rowText(other.entry.header, other.row)) : marker;
        const otherRole = other ? theRole(shortRole(other.row[0] ?? '')) : '';
        // Another row says who appoints it ("Designated Person | … appoints the AE(V)"), or only who recommends it.
        const text =
          other && /\bappoints?\b/i.test(other.clause)
            ? `${otherRole.charAt(0).toUpperCase()}${otherRole.slice(1)} appoints ${theRole(shortRole(role))}: ${passage.code}'s roles table says that ${otherRole} ${clause}`
            : `${passage.code} does not state who appoints ${theRole(shortRole(role))}${other ? `; its roles table says that ${otherRole} ${clause}` : ''}`;
        sentences.push(`${quoteAsData(text)}. ${otherMarker}`);
      }
      // What the role is and does, as sentences about it ("Statutory status under …" when no one appoints it).
      const held = !by && table.appointedBy > 0 ? (cells[table.appointedBy] ?? '') : '';
      const all = [held, does ?? '']
        .flatMap((cell) => cell.split(/;\s*/))
        .map((clause) => dutySentence(shortRole(role), clause))
        .filter((text): text is string => text !== null);
      // What another document's table already said of the role is not said again: that sentence is cited to both.
      const fresh = all.filter((text) => !saidOfRole.has(text));
      const repeated = new Set(all.map((text) => saidOfRole.get(text)).filter((at): at is number => at !== undefined));
      for (const at of repeated) sentences[at] = `${sentences[at]}${marker}`;
      if (fresh.length === 0) continue;
      for (const text of fresh) saidOfRole.set(text, sentences.length);
      sentences.push(`${fresh.map((text, i) => (i === 0 && !by ? text : pronounFor(shortRole(role), text))).join(' ')} ${marker}`);
    }
    return sentences.length > 0 ? { text: sentences.join(' '), tables: [], named: true } : null;
  }
  // Every role of the most relevant roles table (the first: passages come best first).
  const table = tables[0];
  const passage = table ? retrieval.passages[table.passage] : undefined;
  if (!table || !passage) return null;
  const roles = table.rows.map((cells) => shortRole(cells[0] ?? '')).filter((role) => role.length > 0);
  const appointments = table.rows.filter((cells) => appointedBy(table, cells) !== null);
  // "Who is accountable …": the role whose row holds the accountability (or the legal duty) is named first.
  const holds = /\baccountab/i.test(question)
    ? /\baccountab\w*/i
    : /\b(responsib|in charge)/i.test(question)
      ? /\b(accountab\w*|legal dut\w*|statutory)\b/i
      : null;
  const holder = holds
    ? table.rows
        .flatMap((cells) =>
          cells
            .slice(1)
            .flatMap((cell) => cell.split(/;\s*/))
            .filter((clause) => holds.test(clause))
            .map((clause) => ({ cells, clause })),
        )
        .at(0)
    : undefined;
  // Who the holder is, when another cell says so in brackets: "EAWR 1989 (employers, self-employed, …)".
  const whoItIs = holder?.cells
    .slice(1)
    .map((cell) => /\(([^)]{3,120})\)/.exec(cell)?.[1])
    .find((inside) => inside !== undefined && PEOPLE.test(inside));
  const said = holder ? dutySentence(shortRole(holder.cells[0] ?? ''), holder.clause) : null;
  const saidWithWho =
    said && whoItIs && !said.includes(whoItIs)
      ? said.replace(roleSubject(shortRole(holder?.cells[0] ?? '')), (subject) => `${subject} (${whoItIs})`)
      : said;
  if (holder && saidWithWho)
    sentences.push(
      `${quoteAsData(`Under ${passage.code}, ${saidWithWho.charAt(0).toLowerCase()}${saidWithWho.slice(1)}`)} ${citer.mark(table.passage, table.elementId, rowText(table.header, holder.cells))}`,
    );
  const marker = citer.mark(table.passage, table.elementId, table.header.join(' | '));
  sentences.push(
    `${quoteAsData(`${passage.code} names ${roles.length === 1 ? 'one role' : `${roles.length} roles`}: ${joinWords(roles.map(theRole))}`)}. ${marker}`,
  );
  if (appointments.length > 0) {
    const said = appointments
      .slice(0, MAX_ROLES)
      .map((cells) => `${theRole(cells[0] ?? '')} by ${appointer(appointedBy(table, cells) ?? '')}`);
    sentences.push(`${quoteAsData(`They are appointed as follows: ${said.join('; ')}`)}. ${marker}`);
  }
  return { text: sentences.join(' '), tables: [table], named: false };
}

/**
 * Who appoints a role, from the table's "Appointed by" column; null when the cell says something
 * else (a duty holder's "Statutory status under …", "Not appointed", "—").
 */
function appointedBy(table: RolesTable, cells: readonly string[]): string | null {
  const cell = table.appointedBy > 0 ? (cells[table.appointedBy] ?? '').trim() : '';
  if (cell.length <= 1 || /^(statutory|not\b|n\/a|none|by law|under\b|[—–-])/i.test(cell) || HELD.test(cell)) return null;
  return cell;
}

/** A table as a Markdown table: the header, then each row with the citation of that row in its last cell. */
function markdownTable(header: readonly string[], rows: readonly { cells: readonly string[]; marker: string }[]): string {
  const width = Math.max(header.length, ...rows.map((row) => row.cells.length));
  const cell = (text: string | undefined) => quoteAsData(text ?? '').replace(/\|/g, '/') || ' ';
  const line = (cells: readonly (string | undefined)[], marker = '') =>
    `| ${Array.from({ length: width }, (_, i) => `${cell(cells[i])}${marker && i === width - 1 ? ` ${marker}` : ''}`).join(' | ')} |`;
  return [
    line(header),
    `| ${Array.from({ length: width }, () => '---').join(' | ')} |`,
    ...rows.map((row) => line(row.cells, row.marker)),
  ].join('\n');
}

/** A whole roles table as the answer shows it. */
function rolesTableText(table: RolesTable, citer: Citer): string {
  return markdownTable(
    table.header,
    table.rows.map((cells) => ({ cells, marker: citer.mark(table.passage, table.elementId, rowText(table.header, cells)) })),
  );
}

/** A piece of a passage the answer quotes under its document: a line, a list (with its introduction when it can stand alone), a table. */
type Piece =
  | { kind: 'line'; text: string; passage: number; elementId: string; quote: string }
  | {
      kind: 'list';
      intro: { text: string; elementId: string; quote: string } | null;
      /** Items; a nested one belongs to the item before it that ends with ":". */
      items: { text: string; elementId: string; nested: boolean }[];
      passage: number;
    }
  | { kind: 'table'; header: string[]; rows: string[][]; passage: number; elementId: string };

interface LineContext {
  terms: readonly TextTerm[];
  globalBest: number;
  quoted: Set<string>;
  question: string;
  /** Table elements already shown whole. */
  shownTables: ReadonlySet<string>;
}

/**
 * The quotable pieces of a passage: its lists (kept as lists), its tables (kept as tables: the rows
 * that match, or the whole table when it answers as a whole), its matching sentences — only those
 * that carry the question's terms well (relative to the passage's best and to the best anywhere),
 * not already quoted in the lead, not saying what does not apply, and not mere pointers to other documents.
 */
function passagePieces(passage: Passage, index: number, context: LineContext): Piece[] {
  const pieces: Piece[] = [];
  if (offQuestionSection(passage.headingPath, context.question)) return pieces;
  const best = Math.max(0, ...passage.sentences.map((s) => s.score));
  const strong = (s: PassageSentence) => s.score > 0 && s.score >= best * SENTENCE_CUT && s.score >= context.globalBest * GLOBAL_CUT;
  const fresh = (s: PassageSentence) =>
    !context.quoted.has(sentenceKey(s.elementId, s.text)) &&
    !isCrossReference({ text: s.text }) &&
    (!NOT_APPLYING.test(s.text) || ASKS_APPLICATION.test(context.question));
  const listItems = passage.sentences.filter((s) => s.listItem);
  const anyStrongItem = listItems.some(strong);
  let list: Extract<Piece, { kind: 'list' }> | null = null;
  let pendingIntro: { text: string; elementId: string; quote: string } | null = null;
  let count = 0;
  // After an item ending with ":", the items under it are quoted whole: a list stays a list.
  let under = false;
  for (const element of passage.elements) {
    if (element.type !== 'list_item') {
      list = null;
      under = false;
    }
    if (element.type === 'table') {
      pendingIntro = null;
      if (context.shownTables.has(element.id)) continue;
      const [header = [], ...rows] = tableRows(element.text);
      const read = rows.map((cells) => ({ cells, share: termShare(cells.join(' '), context.terms) }));
      const bestRow = Math.max(0, ...read.map((row) => row.share));
      // A table whose header holds the question's terms as well as any row ("Colour | Waste stream")
      // answers it as a whole, as does one no row of which matches (reached through its heading);
      // otherwise the rows that match about as well as the best one.
      const whole = bestRow <= 0 || termShare(header.join(' '), context.terms) >= bestRow;
      const matching = whole ? read : read.filter((row) => row.share >= bestRow * ROW_CUT);
      const kept = matching.slice(0, whole ? TABLE_ROWS_WHOLE : TABLE_ROWS).map((row) => row.cells);
      if (kept.length > 0) {
        pieces.push({ kind: 'table', header, rows: kept, passage: index, elementId: element.id });
        count += 1;
      }
      continue;
    }
    const sentences = passage.sentences.filter((s) => s.elementId === element.id);
    if (element.type === 'list_item') {
      // A list none of whose items matches (reached through its introduction) is quoted from its start.
      const nested = under && /^[a-z]/.test(element.text.trim());
      if (!nested) under = false;
      // A lower-case item whose parent item or introduction is not quoted is a fragment out of context.
      if (!nested && /^[a-z]/.test(element.text.trim()) && (list ? list.intro === null : pendingIntro === null)) continue;
      // Items under an introduction are the list the introduction announces: it is quoted whole.
      const whole = nested || !anyStrongItem || (list ? list.intro !== null : pendingIntro !== null);
      const keep = (whole ? sentences : sentences.filter(strong)).filter(fresh);
      if (keep.length === 0) continue;
      if (!nested && /:\s*$/.test(keep.at(-1)?.text ?? '')) under = true;
      if (!list) {
        list = { kind: 'list', intro: pendingIntro, items: [], passage: index };
        pendingIntro = null;
        pieces.push(list);
        count += 1;
      }
      for (const s of keep) if (nested || list.items.length < LIST_ITEMS) list.items.push({ text: s.text, elementId: element.id, nested });
      continue;
    }
    pendingIntro = null;
    // An introduction ending in ":" heads the list after it when it can stand alone ("It covers:" → "HTM 02-01 Part B covers:").
    const last = sentences.at(-1);
    const rest = last && /:\s*$/.test(last.text) ? sentences.slice(0, -1) : sentences;
    if (last && rest !== sentences) {
      const intro = standaloneIntro(last.text, passage);
      if (intro !== null) pendingIntro = { text: intro, elementId: element.id, quote: last.text };
    }
    const chosen = rest.filter(strong).filter(fresh).slice(0, SENTENCES_PER_PARAGRAPH);
    // A sentence that leans on the one before it ("They …") is quoted with it.
    const quoted = chosen.flatMap((s) => {
      const previous = rest[rest.indexOf(s) - 1];
      return previous && LEANS_ON_PREVIOUS.test(s.text) && !chosen.includes(previous) && fresh(previous) ? [previous, s] : [s];
    });
    if (quoted.length > 0) {
      const text = quoted.map((s) => sentence(s.text)).join(' ');
      pieces.push({ kind: 'line', text, passage: index, elementId: element.id, quote: quoted.map((s) => s.text).join(' ') });
      count += 1;
    }
    if (count >= PIECES_PER_PASSAGE) break;
  }
  return pieces;
}

/** A document's pieces as Markdown: lines and lists as bullets, tables as tables (each separated by a blank line). */
function renderPieces(pieces: readonly Piece[], citer: Citer, shownRows: Set<string> = new Set()): string {
  const blocks: string[] = [];
  let bullets: string[] = [];
  const flush = () => {
    if (bullets.length > 0) blocks.push(bullets.join('\n'));
    bullets = [];
  };
  for (const piece of pieces) {
    if (piece.kind === 'line') bullets.push(`- ${piece.text} ${citer.mark(piece.passage, piece.elementId, piece.quote)}`);
    else if (piece.kind === 'list') {
      const indent = piece.intro ? '  ' : '';
      if (piece.intro) bullets.push(`- ${quoteAsData(piece.intro.text)}`);
      for (const item of piece.items) {
        const text = `${quoteAsData(item.text)} ${citer.mark(piece.passage, item.elementId, item.text)}`;
        bullets.push(`${indent}${item.nested ? '  ' : ''}- ${text}`);
      }
    } else {
      // A row another document's table already gave (the same figures in a code and its guidance) is not repeated.
      const rows = piece.rows.filter((cells) => !shownRows.has(cells.join('|')));
      if (rows.length === 0) continue;
      for (const cells of rows) shownRows.add(cells.join('|'));
      flush();
      blocks.push(
        markdownTable(
          piece.header,
          rows.map((cells) => ({ cells, marker: citer.mark(piece.passage, piece.elementId, rowText(piece.header, cells)) })),
        ),
      );
    }
  }
  flush();
  return blocks.join('\n\n');
}

/** How an attached file is named in an answer (its title comes from the file, so it is quoted as data). */
function attachmentLabel(passage: Passage): string {
  return `Your attached file — ${quoteAsData(passage.title)}`;
}

/** A group of bullets is headed by its source: the document's code and title, or the attached file. */
function groupLabel(passage: Passage): string {
  return passage.source === 'attachment' ? attachmentLabel(passage) : `${passage.code} — ${quoteAsData(passage.title)}`;
}

function sourceLabel(passage: Passage): string {
  if (passage.source === 'attachment') return attachmentLabel(passage);
  const text = passage.edition.trim();
  // An edition with its own aside ("1989 (memorandum HSR25 3rd ed. 2015)") follows a comma, not nested brackets.
  const edition = text.length <= 1 ? '' : text.includes('(') ? `, ${text}` : ` (${text})`;
  const superseded =
    passage.status === 'superseded' ? ` (superseded${passage.supersededByCode ? ` — see ${passage.supersededByCode}` : ''})` : '';
  return `${passage.code} — ${passage.title}${edition}${superseded}`;
}

/** Passages grouped by document, in the order the documents first appear. */
function byDocument(passages: readonly Passage[]): { passage: Passage; indexes: number[] }[] {
  const groups: { passage: Passage; indexes: number[] }[] = [];
  passages.forEach((passage, index) => {
    const group = groups.find((entry) => entry.passage.documentId === passage.documentId);
    if (group) group.indexes.push(index);
    else groups.push({ passage, indexes: [index] });
  });
  return groups;
}

/** The sources: one line per document, with the markers of every passage of it the answer cites. */
function sourcesSection(passages: readonly Passage[], citer: Citer, body: string): string {
  const lines = byDocument(passages)
    .map(({ passage, indexes }) => ({
      passage,
      // Only the citations the answer's text uses.
      markers: citer.list.flatMap((cite, k) => (indexes.includes(cite.passage) && body.includes(placeholder(k)) ? [placeholder(k)] : [])),
    }))
    .filter((entry) => entry.markers.length > 0)
    .map(({ passage, markers }) => `- ${sourceLabel(passage)} ${markers.join('')}`);
  return `**Sources**\n\n${lines.join('\n')}`;
}

/** Numbers the placeholders in order of first use and lists exactly the citations used, each quoting the text that supports its claim. */
function finalise(body: string, passages: readonly Passage[], citer: Citer): ComposedAnswer {
  const numbers = new Map<number, number>();
  const numbered = body.replace(/\uE000(\d+)\uE001/g, (_, raw: string) => {
    const k = Number(raw);
    let n = numbers.get(k);
    if (n === undefined) {
      n = numbers.size + 1;
      numbers.set(k, n);
    }
    return `[${n}]`;
  });
  // Runs of markers read in ascending order ("[1][3]", not "[3][1]").
  const ordered = numbered.replace(/(?:\[\d+\])+/g, (run) =>
    (run.match(/\d+/g) ?? [])
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => `[${n}]`)
      .join(''),
  );
  const citations: Citation[] = [...numbers.entries()].flatMap(([k, n]) => {
    const cite = citer.list[k];
    const passage = cite ? passages[cite.passage] : undefined;
    return cite && passage ? [{ ...citationOf(passage, n), element_ids: [cite.elementId], quote: cite.quote }] : [];
  });
  return { text: ordered, citations, answered: true };
}

/** A passage as the citation numbered n: its elements and their text, quoted (the provider engine cites whole passages this way). */
export function citationOf(passage: Passage, n: number): Citation {
  return {
    n,
    source: passage.source,
    document_id: passage.documentId,
    code: passage.code,
    title: passage.title,
    edition: passage.edition,
    status: passage.status,
    element_ids: passage.elements.map((element) => element.id),
    quote: passage.elements.map((element) => element.text).join('\n'),
    superseded_by: passage.supersededBy,
  };
}

/** What the pieces need to know: the terms, the best sentence score anywhere, what the lead already quotes and which tables it shows. */
function lineContext(
  question: string,
  retrieval: RetrievalResult,
  lead: readonly LeadCandidate[],
  shownTables: ReadonlySet<string> = new Set(),
): LineContext {
  return {
    question,
    terms: textTerms(retrieval, question),
    globalBest: Math.max(0, ...retrieval.passages.flatMap((passage) => passage.sentences.map((s) => s.score))),
    quoted: new Set(lead.flatMap((entry) => entry.keys)),
    shownTables,
  };
}

/** Sections that list the records to keep. */
const RECORDS_SECTION = /\b(records?|record[- ]keeping|documentation|log ?books?|evidence)\b/i;

/**
 * The duties (or the records) a document lists under its duties or requirements (or records)
 * section, as a list (most relevant items when it is long, in the document's order), introduced by
 * the answer: "CQC Reg 20 sets out these duties:", "LOLER 1998 lists these records:".
 */
function kindList(
  question: string,
  retrieval: RetrievalResult,
  citer: Citer,
  kind: 'duties' | 'records',
): { text: string; keys: string[] } | null {
  const section = kind === 'duties' ? DUTY_SECTION : RECORDS_SECTION;
  for (const [index, passage] of retrieval.passages.entries()) {
    if (!section.test(sectionName(passage)) || offQuestionSection(passage.headingPath, question)) continue;
    const items = passage.sentences.filter((s) => s.listItem && (!NOT_APPLYING.test(s.text) || ASKS_APPLICATION.test(question)));
    if (items.length < 2) continue;
    const kept =
      items.length <= LIST_ITEMS
        ? items
        : [...items]
            .sort((a, b) => b.score - a.score)
            .slice(0, LIST_ITEMS)
            .sort((a, b) => items.indexOf(a) - items.indexOf(b));
    const label = passage.source === 'attachment' ? 'Your attached file' : passage.code;
    // An item ending with ":" keeps the items under it beneath it (a list stays a list).
    const lines = kept.map((s, i) => {
      const nested = /^[a-z]/.test(s.text) && i > 0 && kept.slice(0, i).some((before) => /:\s*$/.test(before.text));
      const text = /:\s*$/.test(s.text) || nested ? quoteAsData(s.text) : sentence(s.text);
      return `${nested ? '  ' : ''}- ${text} ${citer.mark(index, s.elementId, s.text)}`;
    });
    const intro = kind === 'duties' ? 'sets out these duties' : 'lists these records';
    return { text: `${label} ${intro}:\n\n${lines.join('\n')}`, keys: kept.map((s) => sentenceKey(s.elementId, s.text)) };
  }
  return null;
}

function composeAnswerText(question: string, retrieval: RetrievalResult): ComposedAnswer {
  const { passages } = retrieval;
  const citer = new Citer();
  const kinds = new Set(intentsOf(question).map((intent) => intent.kind));
  let lead = leadLines(question, retrieval);
  const parts: string[] = [];

  // What is asked and not stated is said first, with where the passages say it is set.
  const missing = missingFacts(question, retrieval, lead);
  if (missing.length > 0) {
    const what = joinWords(missing.map((entry) => entry.intent.missing ?? ''));
    const wheres = missing.flatMap((entry) => (entry.where ? [entry.where] : []));
    const where = wheres[0];
    const wherePassage = where ? passages[where.passage] : undefined;
    const named = where ? CODE_IN_TEXT.exec(where.text)?.[0] : undefined;
    const opening =
      where && wherePassage
        ? `The library's text does not state ${what}${named ? ':' : ';'} ${wherePassage.code}${sectionName(wherePassage) ? ` (${sectionName(wherePassage)})` : ''} ${named ? `refers it to ${named}.` : 'says:'}`
        : `The library's text of ${documentNames(passages)} does not state ${what}.`;
    const support = where && wherePassage ? ` ${sentence(where.text)} ${citer.mark(where.passage, where.elementId, where.quote)}` : '';
    parts.push(`${quoteAsData(opening)}${support}`);
    if (where) lead = lead.filter((entry) => entry.elementId !== where.elementId || entry.text !== where.text);
  }

  // A who-question names the roles (and who appoints them) from a roles table before anything else.
  const who = kinds.has('who') ? whoLead(question, retrieval, citer) : null;
  // A duties question is answered by the duty list itself, before any scope; the lead does not repeat its items.
  const duties =
    (kinds.has('records') ? kindList(question, retrieval, citer, 'records') : null) ??
    (kinds.has('duties') ? kindList(question, retrieval, citer, 'duties') : null);
  if (duties) lead = lead.filter((entry) => !entry.keys.some((key) => duties.keys.includes(key)));
  // A named role's answer is its row; the lead adds only another statement of who does what.
  if (who?.named) lead = lead.filter((entry) => entry.gives.has('who') && !entry.row);
  const leadText = lead
    .filter((entry) => !(who && entry.row && who.tables.some((table) => table.elementId === entry.elementId)))
    .filter((entry) => !(who && entry.row))
    .map((entry) => `${sentence(entry.text)} ${citer.mark(entry.passage, entry.elementId, entry.quote)}`)
    .join(' ');
  // A specific fact asked for (an interval, a period, a figure) that the lead gives comes before the list.
  const factFirst =
    lead[0] !== undefined &&
    ['interval', 'period', 'deadline', 'temperature', 'figure'].some((kind) => lead[0]?.gives.has(kind as Intent['kind']));
  if (duties && !factFirst && !/^\s*who\b/i.test(question)) parts.push(duties.text);
  if (who) {
    // A duty-holder statement in prose ("Under the Order the responsible person must …") answers before the list of roles.
    const holderFirst = !who.named && lead[0] !== undefined && !lead[0].row && lead[0].gives.has('who');
    if (holderFirst && leadText.length > 0) parts.push(leadText);
    parts.push(who.text);
    if (!holderFirst && leadText.length > 0) parts.push(leadText);
    for (const table of who.tables) parts.push(rolesTableText(table, citer));
  } else if (leadText.length > 0) {
    parts.push(leadText);
  }
  if (duties && !parts.includes(duties.text)) parts.push(duties.text);
  if (parts.length === 0) {
    parts.push(
      passages.every((passage) => passage.source === 'attachment')
        ? 'Your attached file holds these passages on the question.'
        : 'The library holds these passages on the question.',
    );
  }

  const shown = new Set((who?.tables ?? []).map((table) => table.elementId));
  const context = lineContext(question, retrieval, lead, shown);
  for (const key of duties?.keys ?? []) context.quoted.add(key);
  const groups: string[] = [];
  const shownRows = new Set<string>();
  for (const { passage, indexes } of byDocument(passages)) {
    const pieces = indexes.flatMap((index) => {
      const member = passages[index];
      return member ? passagePieces(member, index, context) : [];
    });
    const text = renderPieces(pieces, citer, shownRows);
    if (text.length > 0) groups.push(`*${groupLabel(passage)}*\n\n${text}`);
  }
  if (groups.length > 0) parts.push(`**Key requirements**\n\n${groups.join('\n\n')}`);
  parts.push(sourcesSection(passages, citer, parts.join('\n\n')));
  return finalise(parts.join('\n\n'), passages, citer);
}

/** Verbs a roles table writes a duty with, in their base form ("Advise on …"): the draft says the role "will" do it. */
const BASE_VERBS = new Set(
  'act advise agree apply appoint approve arrange assess audit authorise carry chair check commission communicate control coordinate co-ordinate decide define deliver design develop ensure escalate establish evaluate fund give hold identify implement include inspect install interpret investigate issue keep lead liaise maintain make manage monitor notify operate oversee plan prepare procure provide receive record report resource review run set sign specify supervise support take test train update use verify'.split(
    ' ',
  ),
);
/** Words that make a duty a thing the role has ("Overall accountability …", "Statutory status …"). */
const HELD =
  /^(?:\S+\s+){0,2}?(accountability|responsibility|authority|status|control|oversight|duty|duties|management|charge|ownership|leadership)\b/i;

/**
 * A duty from a roles table said as a full sentence about its role: "Independent adviser" → "The
 * Authorising Engineer is an independent adviser."; "audits the arrangements" → "The … audits the
 * arrangements."; "Advise on policy" → "The … will advise on policy."
 */
function dutySentence(role: string, clause: string): string | null {
  const text = quoteAsData(clause)
    .replace(/[.;,:]+$/, '')
    .trim();
  if (text.length < 3) return null;
  // "Authorising Engineer (Water) — AE(W)": the name, without its abbreviation after a dash.
  const subject = roleSubject(role);
  const lower = lowerFirst(text);
  const words = lower.split(/\s+/);
  const first = (words[0] ?? '').toLowerCase();
  const second = (words[1] ?? '').toLowerCase();
  const plural = isPluralRole(subject);
  const be = plural ? 'are' : 'is';
  // The table's verb agrees with one role; "The Responsible Person and deputy manages" becomes "… manage".
  const agreeing = plural ? lower.replace(/^\S+/, (verb) => baseVerb(verb)) : lower;
  if (/^(is|are|has|have|must|should|shall|will|may|can|does)$/.test(first)) return `${subject} ${agreeing}.`;
  if (BASE_VERBS.has(first)) return `${subject} will ${lower}.`;
  // "Appointed in writing", "Accountable for …", "Independently audits …".
  if (/ed$/.test(first) && !/(eed)$/.test(first) && words.length > 1) return `${subject} ${be} ${lower}.`;
  if (/^(for|to|on|in|with|under|at|by|from)$/.test(second) && !/s$/.test(first)) return `${subject} ${be} ${lower}.`;
  if (/ly$/.test(first) && /[a-z]s$/.test(second))
    return `${subject} ${plural ? lower.replace(/^(\S+\s+)(\S+)/, (_, adverb: string, verb: string) => adverb + baseVerb(verb)) : lower}.`;
  if (/^[a-z-]+(?:s|es)$/.test(first) && !/(ss|us|is)$/.test(first) && BASE_VERBS.has(baseVerb(first))) return `${subject} ${agreeing}.`;
  // A verb in the third person ("owns the duty", "holds the register"); "duties …" and "status …" are things held.
  if (
    /^[a-z-]+s$/.test(first) &&
    !/(ss|us|is)$/.test(first) &&
    lower.split(/\s+/).length > 1 &&
    !/^(duties|status|responsibilities|arrangements)$/.test(first)
  )
    return `${subject} ${agreeing}.`;
  if (HELD.test(lower)) return `${subject} ${plural ? 'have' : 'has'} ${lower}.`;
  if (/^(the|a|an|one|any|each)\b/.test(first)) return `${subject} ${be} ${lower}.`;
  return `${subject} is ${/^[aeiou]/i.test(lower) ? 'an' : 'a'} ${lower}.`;
}

/** Words naming who a duty falls on: "employers, self-employed, employees in control", "the person in control of premises". */
const PEOPLE = /\b(?:employers?|employees?|self-employed|persons?|people|owners?|occupiers?|in control|organisations?|providers?|board)\b/i;

/** "The Authorising Engineer" for "Authorising Engineer (Water) — AE(W)". */
const roleSubject = (role: string) => theRole(role.replace(/\s+[—–]\s+.*$/, '')).replace(/^t/, 'T');
/** Roles that are several people: "the Water Safety Group members", "the Responsible Person and deputy". */
const isPluralRole = (subject: string) => /\b(teams|groups|persons|staff|managers|officers|members|and)\b/i.test(subject);

/** A verb in the third person as its base form: "manages" → "manage", "carries" → "carry", "is" → "are". */
function baseVerb(verb: string): string {
  const irregular: Record<string, string> = { is: 'are', has: 'have', does: 'do' };
  if (irregular[verb]) return irregular[verb];
  if (!/^[a-z-]+s$/.test(verb) || /(ss|us|is)$/.test(verb)) return verb;
  return verb
    .replace(/ies$/, 'y')
    .replace(/(ches|shes|sses|xes|oes)$/, (ending) => ending.slice(0, -2))
    .replace(/([^e])s$/, '$1')
    .replace(/es$/, 'e');
}

/** A later sentence about the same role opens with its pronoun: "The Authorising Engineer audits …" → "It audits …". */
function pronounFor(role: string, sentence: string): string {
  const subject = roleSubject(role);
  if (!sentence.startsWith(`${subject} `)) return sentence;
  return `${isPluralRole(subject) ? 'They' : 'It'} ${sentence.slice(subject.length + 1)}`;
}

/** A role's duties from its roles-table row, each a full sentence with the row's citation. */
function roleSentences(table: RolesTable, cells: readonly string[]): string[] {
  const role = cells[0] ?? '';
  const sentences: string[] = [];
  const by = appointedBy(table, cells);
  if (by) sentences.push(quoteAsData(`${theRole(role).replace(/^t/, 'T')} is appointed by ${appointer(by)}.`));
  cells.forEach((cell, i) => {
    if (i === 0 || (i === table.appointedBy && by)) return;
    for (const clause of cell.split(/;\s*|\.\s+(?=[A-Z])/)) {
      const said = dutySentence(role, clause);
      if (said) sentences.push(said);
    }
  });
  return sentences;
}

/** Role names as the library writes them: "Designated Person", "Authorising Engineer", "Water Safety Group", "Duty Holder". */
const ROLE_NOUN =
  '(?:Person|Persons|Engineer|Manager|Officer|Group|Holder|Dutyholder|Director|Lead|Committee|Board|Adviser|Advisor|Microbiologist|Controller|Executive|Provider|Employer|Team|Contractor|Practitioner|Owner|Nurse)';
const ROLE_AT_START = new RegExp(`^((?:[A-Z][\\w'()-]*\\s+){0,4}${ROLE_NOUN}(?:\\s*\\([^)]*\\))?)\\s*(?:[.:—–-]|,)\\s*`);
const ROLE_IN_TEXT = new RegExp(
  `\\b(?:The\\s+)?((?:[A-Z][\\w'-]*\\s+){1,3}${ROLE_NOUN})\\s+(?:must|should|shall|is|are|has|have|appoints|ensures|takes|holds|reviews|signs|approves|advises|keeps|leads|chairs)\\b`,
);

interface Duty {
  role: string;
  text: string;
  passage: number;
  elementId: string;
  quote: string;
}

function normaliseRole(role: string): string {
  return role
    .replace(/\s+/g, ' ')
    .replace(/^The\s+/, '')
    .trim();
}

/** Duties under the named roles the passages' prose defines: "Role — duty" items and "The Role must…" sentences, as full sentences. */
function proseRoleDuties(passages: readonly Passage[]): Duty[] {
  const duties: Duty[] = [];
  passages.forEach((passage, index) => {
    for (const element of passage.elements) {
      if (element.type === 'table') continue;
      for (const s of passage.sentences.filter((entry) => entry.elementId === element.id)) {
        const start = ROLE_AT_START.exec(s.text);
        if (start?.[1]) {
          const role = normaliseRole(start[1]);
          const rest = s.text.slice(start[0].length).trim();
          const text = rest.length > 0 ? dutySentence(role, rest) : null;
          if (text) duties.push({ role, text, passage: index, elementId: element.id, quote: s.text });
          continue;
        }
        const within = ROLE_IN_TEXT.exec(s.text);
        if (within?.[1] && /^[A-Z]/.test(s.text))
          duties.push({ role: normaliseRole(within[1]), text: sentence(s.text), passage: index, elementId: element.id, quote: s.text });
      }
    }
  });
  return duties;
}

const MONITORING = /\b(monitor\w*|record\w*|log\w*|audit\w*|review\w*|inspect\w*|test\w*|check\w*|report\w*|evidence)\b/i;

/** Verbs that open a request for a written piece rather than a question. */
const DRAFT_VERBS = 'draft|write|prepare|create|produce|compose';

/** A drafting verb first (after "please", "could you"…), then a kind of written piece named. */
const DRAFT_REQUEST = new RegExp(
  `^\\s*(?:(?:please|can you|could you|would you|help me)\\s+)*(?:${DRAFT_VERBS})\\b(?:\\s+(?:me|us))?\\s.*\\b(?:polic(?:y|ies)|sections?|procedures?|statements?|plans?|paragraphs?|clauses?|checklists?|templates?|terms of reference|protocols?|guidelines?|SOPs?|briefings?)\\b`,
  'i',
);

/**
 * Whether a question is a request for a written piece ("Draft the responsibilities section of a
 * water safety policy…", "Could you write a procedure for…"). Such a request is answered as a draft
 * whichever mode the composer was in: answered as a question it finds nothing that answers "draft".
 */
export function asksForDraft(question: string): boolean {
  return DRAFT_REQUEST.test(question);
}

/** Words that ask for a draft rather than say what it is about. */
const DRAFT_WORDS = /\b(draft|write|prepare|create|produce|compose|outline|me|us|please|section|template|policy|procedure|document)\b/gi;

/** The subject of a draft request, for retrieval: "Draft the responsibilities section of a water safety policy" → "responsibilities … water safety". */
export function draftSubject(question: string): string {
  // "…for a community hospital" names the setting, not the topic: its words would pull in documents
  // about hospitals rather than about the subject of the draft.
  const topic = question.replace(/\s+for\s+(?:a|an|the|our|my|your)\s+[^,;.?!]*[.?!]?\s*$/i, '');
  const subject = topic.replace(DRAFT_WORDS, ' ').replace(/\s+/g, ' ').trim();
  return subject.split(' ').length >= 2 ? subject : question;
}

/** The draft's title from the request: "Draft the responsibilities section of …" → "Responsibilities section of …". */
function draftTitle(question: string): string {
  const title = question
    .trim()
    .replace(/[.?!]+$/, '')
    .replace(new RegExp(`^(please\\s+)?(${DRAFT_VERBS}|outline)\\s+(me\\s+|us\\s+)?((a|an|the)\\s+)?`, 'i'), '')
    .trim();
  const text = title.length > 0 ? title : question.trim();
  return quoteAsData(text.charAt(0).toUpperCase() + text.slice(1));
}

/** What a draft is about, from the request: "… section of our medical gas pipeline policy" → "medical gas pipeline". */
function draftTopic(question: string): string | null {
  // "… section on flushing little-used outlets for a care home" → "flushing little-used outlets".
  const about =
    /\b(?:section|policy|procedure|plan|statement)\s+(?:on|about|covering)\s+([^,.;?!]+?)(?:\s+for\s+(?:a|an|the|our|my|your)\s+[^,.;?!]*)?[.?!]?\s*$/i.exec(
      question,
    );
  if (about?.[1] && about[1].split(/\s+/).length <= 8) return quoteAsData(about[1].trim());
  const match =
    /\b(?:of|for|in|on)\s+(?:(?:our|a|an|the|my|your|this)\s+)?([^,.;?!]+?)\s+(?:polic(?:y|ies)|procedures?|plans?|documents?|statements?|protocols?|guidelines?)\b/i.exec(
      question,
    );
  const topic = match?.[1]?.trim();
  return topic && topic.split(/\s+/).length <= 8 ? quoteAsData(topic) : null;
}

function composeDraftText(question: string, retrieval: RetrievalResult): ComposedAnswer {
  const { passages } = retrieval;
  const citer = new Citer();
  const terms = textTerms(retrieval, draftSubject(question));
  // With a roles table, the draft is the most relevant such document's (passages come best first):
  // nothing from documents on neighbouring subjects.
  // A roles section is drafted from a roles table; a section on a subject ("… on flushing little-used outlets") from its requirements.
  const rolesDraft = /\b(roles?|responsibilit\w*|who|accountabilit\w*)\b/i.test(question);
  const allTables = rolesDraft ? rolesTables(passages) : [];
  // The roles table most about the subject (its document's title and headings and its own text), an operational part before a design part.
  const ranked = allTables
    .map((table, i) => {
      const passage = passages[table.passage];
      const text = [passage ? passageContext(passage) : '', table.rows.map((cells) => cells.join(' ')).join(' ')].join(' ');
      const phase = passage ? documentPhase({ title: passage.title }) : null;
      return {
        table,
        i,
        value: termShare(text, terms) * (phase === 'design' ? DESIGN_DRAFT : phase === 'operation' ? OPERATION_DRAFT : 1),
      };
    })
    .sort((a, b) => b.value - a.value || a.i - b.i);
  const owner = ranked[0] ? passages[ranked[0].table.passage]?.documentId : undefined;
  const tables = allTables.filter((table) => passages[table.passage]?.documentId === owner);
  const ownDocuments = new Set(tables.map((table) => passages[table.passage]?.documentId));
  const inScope = (index: number) => tables.length === 0 || ownDocuments.has(passages[index]?.documentId);
  const sources = passages.filter((_, index) => inScope(index));
  const topic = draftTopic(question) ?? quoteAsData(sources[0]?.title ?? 'this subject');
  const names = documentNames(sources);
  const sections: string[] = [`## Draft: ${draftTitle(question)}`];
  sections.push(
    `*A starting draft assembled from ${passages.some((passage) => passage.source === 'attachment') ? 'the passages of the library and your attached file' : 'the library passages'} cited below. Adapt the roles and names to your organisation and have it approved through your usual governance route.*`,
  );

  // Purpose: what the section is for, and what the guidance itself is for (its opening).
  const scopeIndex = passages.findIndex((passage, index) => inScope(index) && SCOPE_SECTION.test(sectionName(passage)));
  const opening = leadLines('', {
    ...retrieval,
    passages: passages.map((passage, index) =>
      index === scopeIndex || (scopeIndex < 0 && inScope(index)) ? passage : { ...passage, sentences: [], elements: [] },
    ),
  }).filter((entry) => !entry.row && !entry.item);
  const purpose = opening.map((entry) => `${sentence(entry.text)} ${citer.mark(entry.passage, entry.elementId, entry.quote)}`).join(' ');
  sections.push(
    rolesDraft
      ? `### 1. Purpose\n\nThis section sets out who is responsible for the ${topic} arrangements and what each role does, following ${names}.${purpose ? ` ${purpose}` : ''}`
      : `### 1. Purpose\n\nThis section sets out how the organisation manages ${topic}, following ${names}.${purpose ? ` ${purpose}` : ''}`,
  );
  sections.push(
    rolesDraft
      ? `### 2. Scope\n\nIt applies to everyone who manages, works on or uses the ${topic} arrangements in the organisation's premises, including contractors working under its control.`
      : `### 2. Scope\n\nIt applies to ${topic} across the organisation's premises, and to everyone who carries out or oversees that work, including contractors working under its control.`,
  );

  const quotedKeys = new Set(opening.flatMap((entry) => entry.keys));
  const roleTexts = new Set<string>();
  if (tables.length > 0) {
    const seen = new Set<string>();
    const blocks = tables.flatMap((table) =>
      table.rows.slice(0, MAX_ROLES * 2).flatMap((cells) => {
        const role = cells[0] ?? '';
        if (seen.has(role.toLowerCase())) return [];
        seen.add(role.toLowerCase());
        const said = roleSentences(table, cells);
        if (role.length === 0 || said.length === 0) return [];
        const marker = citer.mark(table.passage, table.elementId, rowText(table.header, cells));
        for (const text of said) roleTexts.add(text);
        return [{ role, lines: said.map((text, i) => `${i + 1}. ${text} ${marker}`) }];
      }),
    );
    sections.push(
      `### 3. Roles and responsibilities\n\n${blocks.map((block, r) => `**3.${r + 1} ${quoteAsData(block.role)}**\n\n${block.lines.join('\n')}`).join('\n\n')}`,
    );
  } else {
    const roles: { role: string; duties: Duty[] }[] = [];
    for (const duty of rolesDraft ? proseRoleDuties(passages) : []) {
      const key = duty.role.toLowerCase();
      let entry = roles.find((role) => role.role.toLowerCase() === key);
      if (!entry) {
        if (roles.length >= MAX_ROLES) continue;
        entry = { role: duty.role, duties: [] };
        roles.push(entry);
      }
      if (entry.duties.length < DUTIES_PER_ROLE && !entry.duties.some((existing) => existing.text === duty.text)) entry.duties.push(duty);
    }
    for (const role of roles) for (const duty of role.duties) roleTexts.add(duty.text);
    if (roles.length > 0) {
      const blocks = roles.map(
        (role, r) =>
          `**3.${r + 1} ${quoteAsData(role.role)}**\n\n${role.duties.map((duty, i) => `${i + 1}. ${duty.text} ${citer.mark(duty.passage, duty.elementId, duty.quote)}`).join('\n')}`,
      );
      sections.push(`### 3. Roles and responsibilities\n\n${blocks.join('\n\n')}`);
    } else {
      const context = lineContext(question, retrieval, opening);
      // Whole sentences only: a list item that is a fragment ("Little-used outlets, which are …") is left out.
      const lines = passages
        .flatMap((passage, index) => passagePieces(passage, index, context))
        .flatMap((piece) =>
          piece.kind === 'line'
            ? [{ text: piece.text, passage: piece.passage, elementId: piece.elementId, quote: piece.quote }]
            : piece.kind === 'list'
              ? piece.items
                  .filter((item) => {
                    const owner = passages[piece.passage];
                    return owner !== undefined && itemAsSentence(item.text, owner) !== null;
                  })
                  .map((item) => ({ text: sentence(item.text), passage: piece.passage, elementId: item.elementId, quote: item.text }))
              : [],
        )
        .slice(0, 10)
        .map((line) => {
          roleTexts.add(line.text);
          return { text: line.text, mark: citer.mark(line.passage, line.elementId, line.quote) };
        });
      sections.push(
        `### 3. ${rolesDraft ? 'Duties' : 'Requirements'}\n\n${lines.map((line, i) => `${i + 1}. ${line.text} ${line.mark}`).join('\n')}`,
      );
    }
  }

  // Monitoring and records: what the same documents say about checking and recording, on the draft's subject.
  const monitoring = passages
    .flatMap((passage, index) =>
      !inScope(index)
        ? []
        : passage.sentences
            // Whole sentences on the subject only: not the purpose's sentences again, nor a list fragment in lower case.
            .filter(
              (s) =>
                MONITORING.test(s.text) && !s.text.includes(' | ') && !/:\s*$/.test(s.text) && /^[A-Z]/.test(s.text) && s.text.length >= 20,
            )
            .filter((s) => !quotedKeys.has(sentenceKey(s.elementId, s.text)))
            .filter((s) => !NOT_APPLYING.test(s.text) && !isCrossReference({ text: s.text }))
            .filter((s) => !s.listItem || itemAsSentence(s.text, passage) !== null)
            .map((s) => ({
              text: sentence(s.text),
              passage: index,
              elementId: s.elementId,
              quote: s.text,
              score: s.score + termShare(s.text, terms),
            })),
    )
    // The most relevant first; sort is stable, so equals keep the passages' order.
    .sort((a, b) => b.score - a.score)
    .filter((line) => !roleTexts.has(line.text))
    .filter((line, i, all) => all.findIndex((other) => other.text === line.text) === i)
    .slice(0, MONITORING_ITEMS);
  sections.push(
    `### 4. Monitoring and records\n\n${
      monitoring.length > 0
        ? monitoring.map((line, i) => `${i + 1}. ${line.text} ${citer.mark(line.passage, line.elementId, line.quote)}`).join('\n')
        : `The organisation keeps records of ${rolesDraft ? 'appointments, audits and reviews under this section' : 'this work'}, and reviews the section at least when ${names} or the organisation's arrangements change.`
    }`,
  );
  sections.push(sourcesSection(passages, citer, sections.join('\n\n')));
  return finalise(sections.join('\n\n'), passages, citer);
}

function describeSearch(retrieval: RetrievalResult): string {
  const scope = retrieval.includeInternal ? "the regulatory library and your organisation's internal documents" : 'the regulatory library';
  const filters = [
    retrieval.filters.category.length > 0 ? `category ${retrieval.filters.category.join(', ')}` : null,
    retrieval.filters.domain.length > 0 ? `domain ${retrieval.filters.domain.join(', ')}` : null,
    retrieval.filters.subDomain.length > 0 ? `subdomain ${retrieval.filters.subDomain.join(', ')}` : null,
  ].filter((part): part is string => part !== null);
  return filters.length > 0 ? `${scope}, limited to ${filters.map(quoteAsData).join('; ')}` : `${scope}, with no filters`;
}

/** The plain answer when the library holds nothing relevant: what was searched and where to look instead. */
export function nothingRelevantText(retrieval: RetrievalResult): string {
  const filtered = retrieval.filters.category.length + retrieval.filters.domain.length + retrieval.filters.subDomain.length > 0;
  const suggestions = [
    filtered ? 'Clear or widen the category, domain and subdomain filters and ask again.' : null,
    'Rephrase the question with the name or code of the regulation or guidance you have in mind.',
    'Browse or search the Regulatory Wiki.',
    retrieval.includeInternal
      ? "Check your organisation's own policies and procedures, or ask the team responsible for them."
      : "Include your organisation's internal documents, or check its own policies and procedures.",
    'For clinical, HR or other questions outside healthcare regulation and estates compliance, ask the service responsible.',
  ].filter((line): line is string => line !== null);
  return [
    'I could not find anything in the library that answers this question, so I have not answered it: I only answer from the documents the library holds, and I will not guess at a regulation, edition, clause or interval.',
    `I searched ${describeSearch(retrieval)}.`,
    `You could:\n\n${suggestions.map((line) => `- ${line}`).join('\n')}`,
  ].join('\n\n');
}

/** The whole answer for retrieved passages, deterministic for the same passages. */
export function composeAnswer(options: { question: string; mode: ChatMode; retrieval: RetrievalResult }): ComposedAnswer {
  const { question, mode, retrieval } = options;
  if (retrieval.passages.length === 0) return { text: nothingRelevantText(retrieval), citations: [], answered: false };
  return mode === 'draft' ? composeDraftText(question, retrieval) : composeAnswerText(question, retrieval);
}

/** Every passage handed to composition, numbered in retrieval order, for the audit record of an answer. */
export function sourceRecords(retrieval: RetrievalResult): ChatSourceRecord[] {
  return retrieval.passages.map((passage, i) => ({
    n: i + 1,
    source: passage.source,
    document_id: passage.documentId,
    code: passage.code,
    edition: passage.edition,
    element_ids: passage.elements.map((element) => element.id),
    score: Math.round(passage.score * 1000) / 1000,
  }));
}

/** Small chunks at word boundaries, so the answer streams like a generated one. */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
    if (current.length > 0 && current.length + piece.length > CHUNK_CHARACTERS) {
      chunks.push(current);
      current = '';
    }
    current += piece;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export interface BuiltinEngineOptions {
  db: Database;
  organisationId: string;
  question: string;
  mode?: ChatMode;
  /** Earlier questions of the conversation, oldest first. */
  history?: readonly string[];
  filters?: Partial<ChatFilters>;
  includeInternal?: boolean;
  /** Files of the conversation in scope for the question, already checked to be the asker's in this conversation. */
  attachments?: readonly AttachmentSource[];
  signal?: AbortSignal;
  /** Told what was retrieved before the first token (for recording sources and timing). */
  onRetrieval?: (retrieval: RetrievalResult) => void;
  /** A semantic ranking to fuse with the lexical one (the provider engine's, or the evaluation's). */
  semantic?: RetrievePassagesOptions['semantic'];
}

/**
 * Streams an answer as token events, then its citations, then done. When the signal aborts, the
 * stream ends at once without citations or done: the caller keeps the tokens it has and marks the
 * answer stopped.
 */
export async function* answerWithBuiltinEngine(options: BuiltinEngineOptions): AsyncGenerator<ChatEngineEvent> {
  const { signal } = options;
  const mode = options.mode ?? 'answer';
  if (signal?.aborted) return;
  const retrieval = await retrievePassages({
    db: options.db,
    organisationId: options.organisationId,
    question: mode === 'draft' ? draftSubject(options.question) : options.question,
    history: options.history,
    filters: options.filters,
    includeInternal: options.includeInternal,
    attachments: options.attachments,
    semantic: options.semantic,
    purpose: mode,
  });
  options.onRetrieval?.(retrieval);
  const answer = composeAnswer({ question: options.question, mode, retrieval });
  let sent = 0;
  for (const chunk of chunkText(answer.text)) {
    if (signal?.aborted) return;
    yield { type: 'token', text: chunk };
    // Let other requests and an abort in between get a turn on long answers.
    if (++sent % 16 === 0) await yieldToEventLoop();
  }
  if (signal?.aborted) return;
  yield { type: 'citations', citations: answer.citations };
  yield { type: 'done' };
}
