import { type Quantity, quantitiesIn } from './requirements-quantities.ts';
import { activityNear, figureSubjectOf, stem, subjectOf } from './requirements-subjects.ts';
import { PAST_RULE, sectionNumberLength, sentences } from './requirements-text.ts';
import type { LibraryDocument, LibraryElement, PolicyElement } from './types.ts';

/** A figure stated about a subject, in a clause of a library passage or of the policy. */
export interface Statement {
  quantity: Quantity;
  subject: Set<string>;
  /** The words of what a deadline runs from ("of becoming aware"), held in `subject` too: not missed when the policy does not say them. */
  anchor?: Set<string>;
  /** The clause, and where it starts in its element's text. */
  clause: string;
  offset: number;
  /** What a table row's figure is about (its first cell), or "". */
  context: string;
  /**
   * A table row's figure's subject by its own cell alone: the row's first cell may name a wider
   * heading ("Scald protection where vulnerable people bathe") than the cell's own words do
   * ("Water at bath outlets no hotter than 44 °C").
   */
  cellSubject?: Set<string>;
  /**
   * A library row's figure's subject by each example its first cell lists in brackets, with its
   * column's heading ("patient hoists" and "Maximum interval between thorough examinations" for
   * "Equipment used for lifting people (patient hoists, passenger and bed lifts, …) | 6 months"): a
   * policy naming one of the examples names the row.
   */
  exampleSubjects?: Set<string>[];
  /** The whole clause when several figures share it and `clause` is this figure's own part. */
  sentence?: string;
  /** The activity words next to the figure (checked, reported, …). */
  activity: Set<string>;
  /** For a duration, the temperature it is held at ("65 °C held for at least 10 minutes"): a time and temperature pair is one process. */
  heldAt?: number;
  /**
   * Where the figure applies when the text says: "healthcare" for a figure given for healthcare
   * premises ("(55 °C in healthcare premises)"), "general" for one beside such a bracket.
   */
  setting?: 'general' | 'healthcare';
}

export interface LibraryStatement extends Statement {
  document: LibraryDocument;
  element: LibraryElement;
}

/** Clauses of running text: sentences, cut at semicolons and at a comma before a new clause. */
const CLAUSE_BREAK = /[.!?](?=\s+[A-Z0-9])|;|:\s|,\s+(?=(?:and|but|or|unless|while|whereas|with|so that)\s)/g;

/** A sentence about the document itself, not a rule: "This is the part most … use daily", "This guidance is …". */
const ABOUT_ITSELF =
  /^(?:this|it)\s+(?:is|was)\s+(?:the|a|an)\s+(?:\w+\s+)?(?:part|document|guidance|section|volume|standard|code|regulation)\b/i;

export function libraryStatements(document: LibraryDocument): LibraryStatement[] {
  return document.elements.flatMap((element) => {
    // A figure of the rule as it was ("Originally … only where five or more people were employed") is
    // no rule now, nor one in a sentence about the document itself ("This is the part most … teams use daily").
    const past =
      element.type === 'table'
        ? []
        : sentences(element.text).filter((sentence) => PAST_RULE.test(sentence.text) || ABOUT_ITSELF.test(sentence.text));
    return statementsOf(element.type, element.text, false)
      .filter((statement) => !past.some(({ start, text }) => statement.offset >= start && statement.offset < start + text.length))
      .map((statement) => ({ ...statement, document, element }));
  });
}

/**
 * A policy element's figures; `before` is the paragraph before it in the same section, whose last
 * sentence a definite reference at the element's start reads its subject from ("7.1 Subject access
 * requests are free …" then "7.2 Each request is answered within 40 calendar days").
 */
export function policyStatements(element: PolicyElement, before?: PolicyElement): Statement[] {
  const earlier = before && before.type === 'paragraph' && sameSection(before, element) ? before.text.slice(-SUBJECT_REACH) : '';
  return statementsOf(element.type, element.text, true, earlier, element.headerless === true);
}

const sameSection = (a: PolicyElement, b: PolicyElement) => a.headingPath.join('\n') === b.headingPath.join('\n');

function statementsOf(type: string, text: string, inPolicy: boolean, earlier = '', headerless = false): Statement[] {
  return type === 'table' ? tableStatements(text, inPolicy, headerless) : clauseStatements(text, 0, '', null, inPolicy, earlier);
}

/**
 * A table row's figures, each about the row's first cell and its own clause of the cell. In a
 * policy's monitoring table (with a method, lead or reporting column) a bare frequency is how often
 * the monitoring happens, not the activity's own interval, so it is left out.
 */
function tableStatements(text: string, inPolicy: boolean, headerless = false): Statement[] {
  const statements: Statement[] = [];
  const lines = text.split('\n');
  // A table its file says has no header row has values in its first row too; the row is still read
  // as labels for the columns, as a header left unmarked in a Word file is one.
  const header = (lines[0] ?? '').split(' | ');
  const monitoring = inPolicy && header.some((cell) => /method|lead|reported|monitored/i.test(cell));
  let offset = headerless ? 0 : (lines[0] ?? '').length + 1;
  for (const line of headerless ? lines : lines.slice(1)) {
    const cells = line.split(' | ');
    let cellStart = offset;
    cells.forEach((cell, column) => {
      if (column > 0) {
        const bare = monitoring ? null : bareKind(header[column] ?? '');
        const found = clauseStatements(
          cell,
          cellStart,
          inPolicy ? policyRowContext(cells[0] ?? '', header[column] ?? '') : rowContext(cells, column),
          bare,
          inPolicy,
        );
        const examples = inPolicy ? [] : exampleSubjects(cells[0] ?? '', header[column] ?? '');
        if (examples.length > 0) for (const statement of found) statement.exampleSubjects = examples;
        statements.push(...(monitoring ? found.filter((statement) => !isBare(statement)) : found));
      }
      cellStart += cell.length + 3;
    });
    offset += line.length + 1;
  }
  return statements;
}

/**
 * What a library row's figure in a column is about: the first cell, and the cells between it and
 * the column that name rather than measure ("Visitors | Noise exposure | 80 dB"). A policy row's
 * middle cells often say what is done rather than what the figure measures, so there only the
 * first cell counts.
 */
function rowContext(cells: readonly string[], column: number): string {
  const naming = cells.slice(1, column).filter((cell) => quantitiesIn(cell).length === 0 && !/\d/.test(cell));
  // Read as one phrase when quoted: "Members of the public, effective dose: 1 mSv".
  return [cells[0] ?? '', ...naming.map(lowerFirst)]
    .filter((cell) => cell.trim().length > 0)
    .join(', ')
    .trim();
}

/** A cell's words read on in a phrase: its first capital lowered ("Effective dose" → "effective dose"). */
const lowerFirst = (cell: string) => cell.replace(/^\p{Lu}(?=\p{Ll})/u, (capital) => capital.toLowerCase());

/**
 * What a policy row's figure is about: its first cell, and its column's heading where that names
 * what is done ("Mobile hoists and slings | Thorough examination: Once a year"); a heading that
 * only says the figure is a figure ("Frequency", "Date") adds nothing.
 */
function policyRowContext(first: string, heading: string): string {
  return /\d/.test(heading) ? first : `${first}, ${lowerFirst(heading)}`;
}

/** A bracket of examples in a row's first cell: words and commas, no figures ("(patient hoists, passenger and bed lifts, stairlifts)"). */
const EXAMPLES_BRACKET = /\(([^()\d]{3,200})\)/;
/** At most this many examples of one bracket are read. */
const MAX_EXAMPLES = 8;

/** Each example of a first cell's bracket, with the column heading's words. */
function exampleSubjects(first: string, heading: string): Set<string>[] {
  const bracket = EXAMPLES_BRACKET.exec(first)?.[1];
  if (!bracket || !/,/.test(bracket)) return [];
  const measured = figureSubjectOf(heading);
  return bracket
    .split(/,\s*|\s+or\s+/)
    .slice(0, MAX_EXAMPLES)
    .map((example) => figureSubjectOf(example))
    .filter((example) => example.size > 0)
    .map((example) => new Set([...example, ...measured]));
}

/** A statement that is nothing but its figure ("Quarterly", "At least every two years"). */
function isBare(statement: Statement): boolean {
  const rest = statement.clause.slice(0, statement.quantity.start) + statement.clause.slice(statement.quantity.end);
  return /^\s*(?:at least|at most|no more than)?\s*$/i.test(rest);
}

/** How a table column's bare figures ("2 years") read, from its header. */
function bareKind(header: string): 'interval' | 'period' | null {
  if (/interval|frequency|how often/i.test(header)) return 'interval';
  if (/kept|keep|retention|retain|how long/i.test(header)) return 'period';
  return null;
}

/**
 * How far from a figure its subject is read, either side: a sentence's subject lies within a few
 * hundred characters of its figure, and a clause with no sentence breaks (a hostile one of 400,000
 * characters) must not make every figure read all of it.
 */
export const SUBJECT_REACH = 400;
/** How far before a figure "reduced from" and the like are looked for. */
const FORMER_REACH = 40;

/** Words before a figure that was replaced ("reduced from 50", "fell from 50 to 20"): not a requirement. */
const FORMER_FIGURE = /\b(?:reduced|fell|lowered|raised|increased|cut|changed|down|up)\s+from\s+$/i;

/** A replaced figure with its change: "fell from 150 mSv to", "reduced from 50 to". */
const FORMER_PHRASE = /\b(?:reduced|fell|lowered|raised|increased|cut|changed|down|up)\s+from\s+[\d.,]+\s*(?:[^\s\d]+\s+)?to\b/gi;

/**
 * Words that join two figures' clauses in one sentence ("a monthly test and a yearly one"); not the
 * "and" of an open-ended age or size ("employees aged 18 and over").
 */
const FIGURE_JOIN = /,?\s+(?:and|while|whereas|but)\s+(?!(?:over|above|under|below|older|younger)\b)/g;

/**
 * Where each figure's own part of a sentence runs: a sentence with several figures is cut at the
 * last joining word between each two of them, so that each figure keeps its own subject. The
 * later parts start after the joining word.
 */
function figureParts(clause: string, quantities: readonly Quantity[]): [number, number][] {
  const parts: [number, number][] = [];
  let from = 0;
  let waiting = 0;
  quantities.forEach((quantity, at) => {
    waiting++;
    const next = quantities[at + 1];
    const join = next ? [...clause.slice(quantity.end, next.start).matchAll(FIGURE_JOIN)].at(-1) : undefined;
    if (next && !join) return; // no joining word: the figures share a part
    const to = join ? quantity.end + join.index : clause.length;
    for (; waiting > 0; waiting--) parts.push([from, to]);
    if (join) from = quantity.end + join.index + join[0].length;
  });
  return parts;
}

/**
 * A policy's next step after its figure: "… and then destroyed", ", after which they are archived",
 * or where the thing is put: ", filed with the transfer notes", ", stored in the estates office".
 */
const NEXT_STEP =
  /,?\s+(?:and\s+)?(?:then|thereafter|afterwards)\b|,\s+after which\b|,\s+(?:[a-z]+ed|held|kept|sent)\s+(?:with|in|at|on|by|under|alongside)\b/i;

/** What a deadline runs from, said right after it: "… of becoming aware", "… after the accident", "… from receipt". */
const DEADLINE_ANCHOR = /^\s*(?:of|after|from|following)\b/i;

/** The words only a deadline's anchor says, not the words before the figure. */
function anchorWords(anchor: Set<string>, before: Set<string>): Set<string> | null {
  const own = [...anchor].filter((word) => !before.has(word));
  return own.length > 0 ? new Set(own) : null;
}

/**
 * A clause whose subject is a pronoun for the one before: "They are examined …", "These are kept …",
 * also after a condition of its own ("Where it could put the client at risk, it is reported …").
 */
const PRONOUN_SUBJECT =
  /^(?:(?:where|when|if|once|unless)\b[^,.;]{0,120},\s*)?(?:(?:they|these|those|it|such (?:items|equipment|records))\s+(?:are|is|must|should|will|shall|have|has|may)\b|they\s+[a-z]+)/i;

/** Who does a thing, by a title in capitals: "by the Maintenance Coordinator", "by an Authorised Person (Water)". */
const AGENT_TITLE = /\bby\s+(?:the\s+|an?\s+)?\p{Lu}[\p{L}'-]*(?:\s+(?:\p{Lu}[\p{L}'-]*|of|and|\([^()]{1,40}\)))*/gu;

/** What a retention figure says is kept, when it is a pronoun for the clause before: "We keep these for twelve months". */
const KEPT_PRONOUN = /^\s*(?:these|those|them|it)\s*$/i;

/** A clause that goes on without its subject: "…, and are examined every 24 months", "; or must be replaced". */
const ELIDED_SUBJECT = /^(?:and|but|or)\s+(?:are|is|must|should|will|shall|have|has|may|were|was|need|needs)\b/i;

/** "Each request is …", "The request is …": a thing named before, taken up by a determiner. */
const DEFINITE_SUBJECT = /^(?:each|every|the|this|that|such an?|such)\s+([a-z]+)\s+(?:is|are|must|should|will|shall|has|have|may)\b/i;

/** Whether a clause opens on a thing the clause before it named ("… requests …" then "Each request is …"). */
function refersBack(clause: string, previous: string): boolean {
  const noun = DEFINITE_SUBJECT.exec(clause)?.[1];
  return noun !== undefined && previous.length > 0 && subjectOf(previous).has(stem(noun.toLowerCase()));
}

/** At most this many words open a line as the label of what follows its colon. */
const LABEL_WORDS = 20;

function clauseStatements(
  text: string,
  base: number,
  context: string,
  bare: 'interval' | 'period' | null,
  inPolicy: boolean,
  earlier = '',
): Statement[] {
  const statements: Statement[] = [];
  let start = 0;
  let previous = earlier;
  let label = '';
  for (const cut of [...text.matchAll(CLAUSE_BREAK), null]) {
    const end = cut ? (cut.index ?? 0) + 1 : text.length;
    const raw = text.slice(start, end);
    const lineStart = start === 0 || raw.slice(0, raw.length - raw.trimStart().length).includes('\n');
    if (lineStart) label = '';
    // A clause's own text, without its end punctuation or a leading section number ("8.2").
    const number = sectionNumberLength(raw.trimStart());
    const lead = raw.length - raw.trimStart().length + number;
    const clause = raw
      .trim()
      .slice(number)
      .replace(/[.;:,]$/, '');
    // In "A instead of B" only B is a requirement; A is the practice it corrects.
    const correctFrom = clause.search(/\binstead of\b/i);
    const quantities = quantitiesIn(clause, bare).filter(
      (quantity) =>
        (correctFrom < 0 || quantity.start >= correctFrom) &&
        !FORMER_FIGURE.test(clause.slice(Math.max(0, quantity.start - FORMER_REACH), quantity.start)),
    );
    const parts = figureParts(clause, quantities);
    // The pronoun's subject, or the subject a clause goes on without, is read from the clause before it.
    const pronoun =
      PRONOUN_SUBJECT.test(clause) ||
      ELIDED_SUBJECT.test(clause) ||
      quantities.some((quantity) => KEPT_PRONOUN.test(heldThing(clause.slice(quantity.start, quantity.end))));
    const antecedent = pronoun || refersBack(clause, previous) ? previous.slice(-SUBJECT_REACH) : label;
    // A policy line that opens with a thing and a colon is about that thing: "Ceiling-track hoists
    // in residents' rooms: thorough examination once a year", "hot water heater: stored at 55 °C".
    // (The library's such lines name a topic, "Autonomy and choice: …", not what its figures are of.)
    if (inPolicy && lineStart && cut?.[0].startsWith(':') && quantities.length === 0 && clause.split(/\s+/).length <= LABEL_WORDS)
      label = clause;
    // A pronoun's clause hands its subject on ("Sentinel outlets are …; they are listed in Appendix
    // 1. They are checked every three months"); a definite one names its own ("The sterilizers are …").
    previous = pronoun ? `${antecedent} ${clause}` : clause;
    quantities.forEach((quantity, at) => {
      const [from, to] = parts[at] as [number, number];
      const own = clause.slice(from, to);
      const shared = from > 0 ? clause.slice(Math.max(0, (quantities[0]?.start ?? 0) - SUBJECT_REACH), quantities[0]?.start ?? 0) : '';
      // A relative clause after the figure (", which can be extended …") speaks of the figure, not its subject.
      // What is done next ("… for 12 months and then destroyed") is another step, not the figure's subject.
      const following = own.slice(quantity.end - from, quantity.end - from + SUBJECT_REACH).split(/,\s+which\b/)[0] ?? '';
      // Nor is who does it, named by a title ("… by the Maintenance Coordinator").
      const after = inPolicy ? (following.split(NEXT_STEP)[0] ?? '').replace(AGENT_TITLE, ' ') : following;
      const before = own.slice(Math.max(0, quantity.start - from - SUBJECT_REACH), quantity.start - from);
      const held = heldThing(clause.slice(quantity.start, quantity.end));
      // Of a policy's figures sharing a clause, one said as an adjective is about the thing it names:
      // "the monthly functional test … at the same visit as the monthly fire alarm test". (The
      // library's sentences keep their whole subject: what a figure there is for is often said around it.)
      const named = inPolicy && quantities.length > 1 ? namedAfter(clause, quantity) : null;
      // What a thing never does is not what its figure is about: "goods lifts that never carry people".
      // Nor is a figure it replaced: "fell from 150 mSv to" says when, not what.
      const words = (named ?? `${antecedent} ${shared} ${before} ${held} ${after}`).replace(NEGATED_WORDS, ' ').replace(FORMER_PHRASE, ' ');
      const subject = figureSubjectOf(`${context.slice(0, SUBJECT_REACH).replace(NEGATED_WORDS, ' ')} ${words}`);
      const cellSubject = context ? figureSubjectOf(words) : undefined;
      // What a deadline runs from ("within 72 hours of becoming aware", "10 days after the accident")
      // is when, not what: its words count where the policy says them too, and are not missed where not.
      const anchor = quantity.kind === 'deadline' && DEADLINE_ANCHOR.test(after) ? anchorWords(subjectOf(after), subjectOf(before)) : null;
      const figure = { ...quantity, bound: boundOfDuty(quantity, own), start: quantity.start - from, end: quantity.end - from };
      const activity = activityNear(own, figure.start, figure.end);
      const setting = settingOf(clause, quantity);
      const heldAt = quantity.kind === 'duration' ? temperatureBeside(quantities, quantity, from, to) : undefined;
      statements.push({
        quantity: figure,
        subject,
        clause: own,
        offset: base + start + lead + from,
        context,
        ...(cellSubject ? { cellSubject } : {}),
        ...(anchor ? { anchor } : {}),
        sentence: clause,
        activity,
        setting,
        ...(heldAt === undefined ? {} : { heldAt }),
      });
    });
    start = end;
  }
  return statements;
}

/** Words saying those a figure describes are outside a duty: "(employers with fewer than five employees are exempt …)". */
const EXEMPT = /\b(?:are|is)\s+exempt\b|\bneed\s+not\b|\bdo(?:es)?\s+not\s+(?:need|have)\s+to\b/i;

/**
 * A headcount's bound as the duty's: those below a ceiling being exempt is the duty binding from
 * that figure up ("fewer than five employees are exempt" is "five or more").
 */
function boundOfDuty(quantity: Quantity, clause: string): Quantity['bound'] {
  return quantity.kind === 'headcount' && quantity.bound === 'max' && EXEMPT.test(clause) ? 'min' : quantity.bound;
}

/** How far from a duration the temperature it is held at is read. */
const HELD_AT_REACH = 40;

/**
 * The temperature a duration is held at, within its own part of the clause: the nearest before it
 * ("65 °C held for at least 10 minutes or 71 °C held for at least 3 minutes"), else the nearest after
 * ("for 10 minutes at 65 °C").
 */
function temperatureBeside(quantities: readonly Quantity[], duration: Quantity, from: number, to: number): number | undefined {
  const temperatures = quantities.filter((quantity) => quantity.kind === 'temperature' && quantity.start >= from && quantity.end <= to);
  const before = temperatures.filter((quantity) => quantity.end <= duration.start && duration.start - quantity.end <= HELD_AT_REACH).at(-1);
  const after = temperatures.find((quantity) => quantity.start >= duration.end && quantity.start - duration.end <= HELD_AT_REACH);
  return (before ?? after)?.value;
}

/**
 * A negation and the few words it governs, and what a thing is said to carry or move only ("which
 * carry food trolleys only") or to carry none of ("carries no people"): what it does not carry is
 * not its subject either.
 */
const NEGATED_WORDS =
  /\b(?:never|not|no longer|without)\s+(?:[a-z]+\s+){0,2}[a-z]+|\b(?:carr(?:y|ies|ying)|lift(?:s|ing)?|mov(?:e|es|ing))\s+(?:no\s+[a-z-]+|(?:[a-z-]+\s+){0,2}[a-z-]+\s+only\b)/gi;

/** A frequency said as an adjective ("monthly", "six-monthly", "annual"). */
const FREQUENCY_ADJECTIVE = /^(?:daily|weekly|fortnightly|monthly|quarterly|annual|yearly|(?:\w+-)(?:weekly|monthly|yearly))$/i;
/** Where the noun phrase after such an adjective ends: a verb, a joining word, a preposition other than "of", or punctuation. */
const PHRASE_END =
  /[,.;:()]|\s(?:is|are|was|were|be|been|has|have|had|must|should|will|shall|can|may|and|or|but|so|which|that|who|at|in|on|by|for|with|to|from|as|when|where|until)\b/i;

/** The thing a frequency adjective names, in a few words ("monthly fire alarm test" → "fire alarm test"); null when the figure is not one. */
function namedAfter(clause: string, quantity: Quantity): string | null {
  if (!FREQUENCY_ADJECTIVE.test(clause.slice(quantity.start, quantity.end).trim())) return null;
  const rest = clause.slice(quantity.end, quantity.end + NAMED_REACH);
  const end = rest.search(PHRASE_END);
  const phrase = (end < 0 ? rest : rest.slice(0, end)).trim();
  return phrase.split(/\s+/).length >= 2 ? phrase : null;
}

/** How far after a frequency adjective the thing it names is read. */
const NAMED_REACH = 60;

/**
 * What a retention figure's own words say is kept: "keeps their health surveillance records for
 * 10 years" holds its subject between the verb and "for". The verb itself is left out, as every
 * retention period has one.
 */
function heldThing(figure: string): string {
  const verb = /^\S+\s+/.exec(figure);
  const to = figure.search(/\sfor\s/);
  return verb && to > verb[0].length ? figure.slice(verb[0].length, to) : '';
}

/** A bracket that gives the figure for healthcare premises: "(55 °C in healthcare premises)", "(at least 55 °C in healthcare)". */
const HEALTHCARE_BRACKET = /^[^()]{0,30}\bin health ?care\b[^()]{0,30}\)/i;

/** Whether a clause gives its figure for healthcare premises, or beside the healthcare one. */
function settingOf(clause: string, quantity: Quantity): Statement['setting'] {
  // Read within a bracket's reach of the figure: a clause without breaks may be very long.
  const before = clause.slice(Math.max(0, quantity.start - SUBJECT_REACH), quantity.start);
  const opened = before.lastIndexOf('(');
  if (opened >= 0 && !before.slice(opened).includes(')') && HEALTHCARE_BRACKET.test(clause.slice(quantity.end, quantity.end + 60))) {
    return 'healthcare';
  }
  if (
    /^\s*\(/.test(clause.slice(quantity.end, quantity.end + 3)) &&
    HEALTHCARE_BRACKET.test(clause.slice(quantity.end, quantity.end + SUBJECT_REACH).replace(/^\s*\(/, ''))
  ) {
    return 'general';
  }
  return undefined;
}
