/**
 * What a question asks for, read from its wording and grammar, and whether a passage answers that.
 *
 * Retrieval and the built-in engine's composition share this module:
 * - `questionKinds(question)` says which kinds of answer are wanted (a question can ask for several:
 *   "how often … and at what temperature?" is `frequency` and `figure`), the setting the asker is in
 *   (care home, hospital, primary care), the phase (design and installation, or operation and
 *   maintenance) and the nation, each null when the question does not say.
 * - `answersKind(kind, passage)` says whether a passage (its text and the headings above it) holds
 *   that kind of answer: a roles table or a duty-holder statement for `who`, an interval statement
 *   for `frequency`, a number with its unit for `figure`, a records or retention statement for
 *   `records`, a duty list for `duties`, a definition for `definition`. `kindsAnswered` gives all of
 *   them at once.
 * - `disappliesTo(text, understanding)` says whether a passage states that its document does not
 *   apply to the asker's setting or nation ("these Regulations do not normally apply to care
 *   homes"); `documentPhase` and `phaseConflicts` say whether a document is the design part when the
 *   question is about operation, or the reverse; `documentExcludesNation` reads a document's
 *   `applies_to` front matter.
 *
 * The rules are general: words that ask for a kind of answer in any question, and shapes of text
 * that give it in any document. No rule names a document or a question of an evaluation set.
 */

/** The kinds of answer a question can ask for. */
import { type Outside, outsideOf } from './outside.ts';

export type QuestionKind = 'who' | 'frequency' | 'figure' | 'records' | 'duties' | 'definition' | 'draft' | 'provision' | 'list';

/** Where the asker works, when the question says. */
export type Setting = 'care-home' | 'hospital' | 'primary-care';
/** Designing, installing and commissioning something, or running, maintaining and checking it. */
export type Phase = 'design' | 'operation';
export type Nation = 'England' | 'Wales' | 'Scotland' | 'Northern Ireland';

export interface QuestionUnderstanding {
  kinds: Set<QuestionKind>;
  setting: Setting | null;
  phase: Phase | null;
  nation: Nation | null;
  /** What puts the question outside the library's scope (question/outside.ts): rules abroad, pay and tax, office software. */
  outside: Outside | null;
  /** The sides of a contrast the question takes (low voltage, not high): a title for the opposite side is for the other phase. */
  sides: readonly { asked: RegExp; opposite: RegExp }[];
}

/** A passage as these rules read it: its text and, when known, the headings above it (outermost first). */
export interface KindPassage {
  text: string;
  headingPath?: readonly string[];
  /** The element's type when known ('table' for a table: rows on lines, cells between ' | '). */
  type?: string;
}

// ——— Question kinds ———————————————————————————————————————————————————————————————————————

/** Who holds a duty: "who …", "responsible", "accountable", "appoints", "roles", "duty holder", "in charge of". */
const ASKS_WHO =
  /(?:^|[.?!;,]\s*|\band\s+)who\b|\bwhose\s+(?:job|duty|responsibility|role)\b|\b(?:responsib(?:le|ility|ilities)|accountab(?:le|ility)|appoint(?:s|ed|ing|ment)?|roles?|duty[- ]?holders?|in charge of|reports? to|sign(?:s|ed)? off)\b/i;
/** Who wrote, published or funded a document: its author or issuer ("who actually published the 2016 code?"). */
export const ASKS_AUTHOR =
  /\bwho\s+(?:actually\s+|originally\s+|first\s+)?(?:published|issued|wrote|written|produced|developed|funded|prepared|commissioned|brought\s+(?:it\s+)?out|puts?\s+(?:it\s+)?out|publishes|issues|authored)\b|\bwhich\s+(?:body|organisation|organization|department|agency|group)\s+(?:published|issued|produced|wrote|developed|funded|prepared)\b|\bwho\s+(?:is|was|were)\s+(?:the\s+)?(?:publisher|issuer|author)s?\b/i;
/** How often: "how often", "frequency", "interval", "how regularly", "every how many", "periodic". */
const ASKS_FREQUENCY =
  /\bhow\s+(?:often|frequently|regularly)\b|\b(?:frequenc(?:y|ies)|intervals?|periodic(?:ally)?|how many times)\b|\bwhen\s+(?:must|should|do|does|are|is)\b[^?]*\b(?:test(?:ed)?|check(?:ed)?|inspect(?:ed)?|examin(?:ed|ation)|servic(?:ed|ing)|review(?:ed)?|flush(?:ed)?|repeat(?:ed)?|renew(?:ed)?)\b/i;
/** A figure: a temperature, a limit, a maximum or minimum, a level, a pressure (not "pressure systems"), "how long", "how hot", "how many". */
const ASKS_FIGURE =
  /\b(?:temperatures?|limits?|maximum|minimum|max|min|thresholds?|figures?|(?<!\b(?:board|senior|executive|management|local|national|team|ward|service|director|trust|organisational|entry)[- ])levels?|values?|pressures?(?!\s+(?:systems?|vessels?|equipment|plant|ulcers?|sores?|relief|injur))|concentrations?|rates?|percentages?|distances?|heights?|widths?|capacity|ratios?|how\s+(?:long|hot|cold|warm|high|low|much|many|far|quickly|soon|big|large|wide)|what\s+(?:degree|number)|degrees|°)/i;
/** Records: "records", "log book", "documentation", "retention", "how long … kept / retained", "how long do we keep / hang on to …". */
const ASKS_RECORDS =
  /\b(?:records?|record[- ]keeping|log\s?books?|logs?|documentation|documented|retention|retain(?:ed)?|kept|archiv(?:e|ed|ing)|paperwork|evidence)\b|\bhow long\b[^?.]{0,40}\b(?:keep|keeping|hang on to|hold on to|store)\b/i;
/** Duties and requirements: "duties", "obligations", "requirements", "what must … do", "comply". */
const ASKS_DUTIES =
  /\b(?:duties|duty|obligations?|requirements?|require[sd]?|comply|compliance|have to do|must\s+(?:\w+\s+){0,4}do|what\s+(?:must|should)\b)/i;
/** A definition: "define", "definition", "meaning of", "what does … mean", "what is meant by". */
const ASKS_DEFINITION_WORDS =
  /\b(?:define|defined|definition|meaning of|what is meant by|stands? for)\b|\bwhat\s+(?:does|do)\b[^?]*\bmean\b/i;
/** "What is a …" / "What are …": a definition when it asks for nothing more specific. */
const WHAT_IS = /^\s*(?:so\s+)?what\s+(?:is|are|'s)\b/i;
/** Which provision of an instrument: "which section of the act", "what regulation covers", "which reg", "what part of". */
const ASKS_PROVISION =
  /\b(?:which|what)\s+(?:\w+\s+){0,2}?(?:sections?|regulations?|regs?|parts?|clauses?|articles?|schedules?|paragraphs?|chapters?)\b(?!\s+(?:of\s+)?(?:the\s+)?(?:building|site|hospital|trust|ward|estate|team|organisation|policy|plan|form|report|register|schedule of))/i;
/** A provision named by its number: "section 8", "s.34", "regulation 10", "reg 29", "Part L", "Article 9", "Schedule 1", "Section 722". */
const PROVISION_TEXT =
  /\b(?:sections?|s\.|regulations?|regs?\.?|parts?|articles?|schedules?|clauses?|paragraphs?|chapters?)\s*\d+[A-Za-z]?\b/i;

/** A list: "what types …", "what are all the categories …", "which illnesses …", "what services does X cover". */
const ASKS_LIST =
  /\b(?:what|which)\s+(?:are\s+(?:all\s+)?the\s+|(?:\w+\s+){0,2}?)(?:types|kinds|sorts|categories|parts|services|sources|levels|notices|illnesses|diseases|events|laws|measures|steps|methods|options|groups|classes|stages|elements)\b/i;
/** A passage that lists: a list or a table, or a sentence of four items or more. */
const LISTS = (passage: KindPassage) =>
  passage.type === 'list_item' || passage.type === 'list' || passage.type === 'table' || (passage.text.match(/,\s/g)?.length ?? 0) >= 3;

/** A draft: a writing verb first (after "please", "can you"…), then a written piece. */
const ASKS_DRAFT =
  /^\s*(?:(?:please|can you|could you|would you|help me(?: to)?|i need you to)\s+)*(?:draft|write|prepare|create|produce|compose|outline)\b(?:\s+(?:me|us))?\s.*\b(?:polic(?:y|ies)|sections?|procedures?|statements?|plans?|paragraphs?|clauses?|checklists?|templates?|terms of reference|protocols?|guidelines?|SOPs?|briefings?|letters?|documents?)\b/i;

// ——— Setting, phase, nation ——————————————————————————————————————————————————————————————————

const CARE_HOME =
  /\b(?:care homes?|nursing homes?|residential (?:care|homes?)|adult social care|social care settings?|care settings?|supported living|extra[- ]care|hospices?)\b/i;
const HOSPITAL =
  /\b(?:hospitals?|(?:nhs|acute|foundation) trusts?|trusts?|wards?|theatres?|operating (?:theatres?|departments?)|acute (?:care|settings?)|in-?patients?|critical care|intensive care|icu|a&e|emergency departments?)\b/i;
const PRIMARY_CARE =
  /\b(?:gp (?:practices?|surgeries|surgery)|general practices?|dental practices?|dentists?|dental surgeries|primary care|health centres?|pharmac(?:y|ies))\b/i;

/** Designing, building, installing, commissioning, specifying: the design phase. */
const DESIGN_WORDS =
  /\b(?:design(?:s|ed|ing|ers?)?|install(?:s|ed|ing|ation|ations)?|commission(?:ed|ing)?|new[- ]build|building projects?|capital (?:projects?|schemes?)|specif(?:y|ying|ied|ication)|construct(?:ion|ing|ed)?|refurbish(?:ment|ing)?|plann(?:ing)? (?:a|the|new)|layout|validation|verification|new (?:buildings?|builds?|units?|wards?|rooms?|suites?|premises|facilit(?:y|ies)|extensions?|hospitals?|homes?))\b/i;
/** Running, maintaining, testing, inspecting, monitoring, managing; a policy or procedure is run, not built. */
const OPERATION_WORDS =
  /\b(?:operat(?:e|es|ed|ing|ion|ions|ional)|maint(?:ain|ains|ained|aining|enance)|manag(?:e|es|ed|ing|ement)|test(?:s|ed|ing)?|check(?:s|ed|ing)?|inspect(?:s|ed|ing|ion|ions)?|monitor(?:s|ed|ing)?|servic(?:e|ed|ing)|flush(?:es|ed|ing)?|day[- ]to[- ]day|routine|ongoing|in use|polic(?:y|ies)|procedures?|permits? to work|records?|log\s?books?|risk assessments?)\b/i;

const NATIONS: readonly [Nation, RegExp][] = [
  ['England', /\b(?:england|english)\b/i],
  ['Wales', /\b(?:wales|welsh)\b/i],
  ['Scotland', /\b(?:scotland|scottish)\b/i],
  ['Northern Ireland', /\bnorthern ir(?:eland|ish)\b/i],
];

/** The setting a text names first, or null. */
export function settingOf(text: string): Setting | null {
  const found: { setting: Setting; at: number }[] = [];
  for (const [setting, pattern] of [
    ['care-home', CARE_HOME],
    ['hospital', HOSPITAL],
    ['primary-care', PRIMARY_CARE],
  ] as const) {
    const match = pattern.exec(text);
    if (match) found.push({ setting, at: match.index });
  }
  return found.sort((a, b) => a.at - b.at)[0]?.setting ?? null;
}

/** The nation a text names first, or null. */
export function nationOf(text: string): Nation | null {
  let best: { nation: Nation; at: number } | null = null;
  for (const [nation, pattern] of NATIONS) {
    const match = pattern.exec(text);
    if (match && (best === null || match.index < best.at)) best = { nation, at: match.index };
  }
  return best?.nation ?? null;
}

/**
 * The phase a question is about: design when it speaks of designing, installing or commissioning and
 * not of running or checking; operation when it speaks of running, maintaining, checking, records or
 * a policy, or asks how often, who holds a duty, what records to keep or what the duties are (an
 * interval, a duty holder, a record and a standing duty are matters of running premises; a question
 * about designing says so: its design words win); null when its words name both, or neither and it
 * asks none of those.
 */
function phaseOf(question: string, kinds: ReadonlySet<QuestionKind>): Phase | null {
  const design = DESIGN_WORDS.test(question);
  const operation = OPERATION_WORDS.test(question);
  if (design !== operation) return design ? 'design' : 'operation';
  if (design) return null;
  return OPERATIONAL_KINDS.some((kind) => kinds.has(kind)) ? 'operation' : null;
}

/** Kinds that make a question operational when its words name no phase. */
const OPERATIONAL_KINDS: readonly QuestionKind[] = ['frequency', 'records', 'who', 'duties', 'draft'];

/** The kinds of answer a question asks for, and the setting, phase and nation it is asked in. */
export function questionKinds(question: string): QuestionUnderstanding {
  const kinds = new Set<QuestionKind>();
  if (ASKS_DRAFT.test(question)) kinds.add('draft');
  // "Who published the 2016 code?" asks for its author, not for the roles it names.
  if (ASKS_WHO.test(question) && !ASKS_AUTHOR.test(question)) kinds.add('who');
  if (ASKS_FREQUENCY.test(question)) kinds.add('frequency');
  if (ASKS_FIGURE.test(question)) kinds.add('figure');
  if (ASKS_RECORDS.test(question)) kinds.add('records');
  if (ASKS_DUTIES.test(question)) kinds.add('duties');
  if (ASKS_PROVISION.test(question)) kinds.add('provision');
  if (ASKS_LIST.test(question)) kinds.add('list');
  // "How long must records be kept?" asks for a period as a record's figure; "how long" alone is a figure.
  const specific = ['who', 'frequency', 'figure', 'records', 'draft'].some((kind) => kinds.has(kind as QuestionKind));
  if (
    ASKS_DEFINITION_WORDS.test(question) ||
    (WHAT_IS.test(question) && !specific && !/\bwhat\s+(?:is|are)\s+the\s+(?:rules?|law)\b/i.test(question))
  ) {
    kinds.add('definition');
  }
  return {
    kinds,
    setting: settingOf(question),
    phase: phaseOf(question, kinds),
    nation: nationOf(question),
    outside: outsideOf(question),
    sides: sidesOf(question),
  };
}

// ——— Passages that answer a kind ————————————————————————————————————————————————————————————

/** Headings of sections on who does what. */
const ROLES_HEADING =
  /\b(?:roles?|responsibilit(?:y|ies)|accountabilit(?:y|ies)|duty[- ]?holders?|management (?:structure|arrangements)|organisation(?:al)? (?:structure|arrangements)|appointments?|who does what|governance)\b/i;
/** A duty-holder statement: someone "is responsible for", "is accountable", "appoints", "must appoint", "in writing". */
const DUTY_HOLDER =
  /\b(?:(?:is|are|remains?|be|being)\s+(?:(?:ultimately|directly|personally|legally|jointly)\s+)?(?:responsible|accountable|answerable)\b|appoint(?:s|ed|ing|ment)?\b|duty[- ]?holders?\b|responsible persons?\b|designated (?:person|officer|manager)s?\b|authoris(?:ed|ing) (?:person|engineer)s?\b|competent persons?\b|chief executive\b|registered manager\b|nominated individual\b|employers?\s+(?:must|shall|has|have)\b|reports? to\b|delegat(?:e|es|ed|ion)\b)/i;

/** A role's title as documents write it: two or more capitalised words ("Designated Person", "Authorising Engineer") or an abbreviation in brackets ("(AP(LV))"). */
const ROLE_TITLE = /\b[A-Z][a-z]+(?:\s+(?:of\s+)?[A-Z][a-z]+)+\b|\([A-Z]{2,}[^)]*\)/;

/** An interval: "weekly", "monthly", "annually", "every 6 months", "at least once a year", "at intervals not exceeding 14 months". */
const INTERVAL =
  /\b(?:hourly|daily|weekly|fortnightly|monthly|quarterly|annually|yearly|biennially|bi-?annually|six[- ]monthly|three[- ]monthly|twelve[- ]monthly|\d+[- ]monthly|\d+[- ]yearly|every\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|eighteen|twenty-?four|few|other)\s*(?:days?|weeks?|months?|years?|hours?)?|each\s+(?:day|week|month|quarter|year|shift)|(?:once|twice|three times)\s+(?:a|per|every|each)\s+(?:day|week|month|quarter|year)|at least (?:once|twice|every|annually|monthly|weekly|yearly)|(?:at|in)\s+intervals?\b|intervals?\s+(?:of|not exceeding|no longer than|set)|per\s+(?:day|week|month|quarter|year|annum)|a\s+(?:day|week|month|year)\b(?=[^.]*\b(?:test|check|inspect|examin|flush|service|clean)))/i;

/** A number with a unit (temperature, percentage, length, pressure, voltage, time…), or a bounded comparison. */
const NUMERIC_LIMIT =
  /\d+(?:[.,]\d+)?\s*(?:[–-]\s*\d+(?:[.,]\d+)?\s*)?(?:°\s?[CF]\b|º\s?[CF]\b|℃|degrees?\b|%|per ?cent\b|mm\b|cm\b|m\b|metres?\b|m²|m2\b|kg\b|kPa\b|bar\b|Pa\b|kV\b|V\b|volts?\b|mA\b|amps?\b|A\b|Ω|ohms?\b|lux\b|dB\b|ppm\b|[mµμ]?Sv\b|m?Gy\b|M?Bq\b|[µμm]g\b|kW\b|MW\b|Hz\b|mg\/l\b|cfu|l\/s\b|litres?\b|minutes?\b|mins?\b|seconds?\b|hours?\b|days?\b|weeks?\b|months?\b|years?\b|air changes|ac\/h\b)|\b(?:not (?:exceed|more than|less than|below|above)|no (?:more|less|higher|lower) than|at least|(?:above|below|under|over)\s+\d)\b/i;
const ANY_NUMBER = /\d/;

const RECORDS_HEADING = /\b(?:records?|record[- ]keeping|documentation|log\s?books?|retention|reporting and records)\b/i;
/** A records statement: records or logs kept, retained, held, available, for a period. */
const RECORDS_TEXT =
  /\b(?:records?|reports?|log\s?books?|logs|documentation|registers?|certificates?|notes?)\b[^.]{0,120}\b(?:kept|keep|keeping|retain(?:ed)?|held|hold|maintain(?:ed)?|available|stored|archived|for (?:at least |a minimum of )?(?:\d+|one|two|three|five|six|ten|forty) (?:years?|months?))\b|\b(?:retention|retain(?:ed)?|keep)\b[^.]{0,80}\b(?:records?|logs?|documents?|notes?)\b|\bfor (?:at least |a minimum of )?(?:\d+|two|three|five|six|ten|forty) years\b/i;

/** Words of keeping: "kept for", "retained", "retention". */
const KEPT = /\b(?:kept|keep|retain(?:ed)?|retention|held for)\b/i;

const DUTIES_HEADING =
  /\b(?:duties|duty|requirements?|obligations?|what (?:you|providers?|employers?|the (?:responsible person|duty holder)) (?:must|should|need to) do|key (?:points|requirements|duties)|responsibilities|compliance)\b/i;
/** A duty: "must", "shall", "is required to", "has a duty to", "should ensure". */
const DUTY_TEXT =
  /\b(?:must|shall|is required to|are required to|(?:has|have|owes?) a (?:general )?duty|duty to|should (?:ensure|make sure|have|keep|carry out)|needs? to (?:ensure|carry out|have))\b/i;

const DEFINITION_HEADING = /\b(?:definitions?|glossary|key terms|terminology|what (?:is|are)|meaning)\b/i;
/** A definition: "X means …", "is defined as", "refers to", "is a … that/which/where". */
const DEFINITION_TEXT =
  /\b(?:means|is defined as|are defined as|refers? to|is the term for|is a (?:[\w-]+\s){0,5}(?:that|which|where|in which|used|for))\b/i;

const headingOf = (passage: KindPassage) => (passage.headingPath ?? []).join(' › ');
/** A table: the element says so, or its text has two or more rows of cells between pipes (as stored, or as markdown). */
const isTable = (passage: KindPassage) =>
  passage.type === 'table' || passage.text.split('\n').filter((line) => line.includes(' | ')).length >= 2;

/** Whether a passage holds the kind of answer asked for. */
export function answersKind(kind: QuestionKind, passage: KindPassage): boolean {
  const { text } = passage;
  const heading = headingOf(passage);
  switch (kind) {
    case 'who':
      // A roles table, a roles section's statement about someone, or a duty-holder statement anywhere.
      return DUTY_HOLDER.test(text) || (ROLES_HEADING.test(heading) && (isTable(passage) || ROLE_TITLE.test(text)));
    case 'frequency':
      return INTERVAL.test(text);
    case 'figure':
      return NUMERIC_LIMIT.test(text) && ANY_NUMBER.test(text);
    case 'records':
      // In a records section, a duty, a table ("Report | Kept for") or an item of its list ("Risk register
      // with evidence of review") is about the records kept.
      return (
        RECORDS_TEXT.test(text) ||
        (RECORDS_HEADING.test(heading) && (DUTY_TEXT.test(text) || isTable(passage) || passage.type === 'list_item' || KEPT.test(text)))
      );
    case 'duties':
      return DUTY_TEXT.test(text) || (DUTIES_HEADING.test(heading) && text.trim().length > 0);
    case 'definition':
      return DEFINITION_TEXT.test(text) || DEFINITION_HEADING.test(heading);
    case 'draft':
      // A draft is written from the roles, duties, monitoring and records a document states.
      return answersKind('who', passage) || answersKind('duties', passage) || answersKind('records', passage);
    case 'provision':
      return PROVISION_TEXT.test(text);
    case 'list':
      return LISTS(passage);
  }
}

/** The kinds among `kinds` a passage answers. */
export function kindsAnswered(kinds: Iterable<QuestionKind>, passage: KindPassage): Set<QuestionKind> {
  const answered = new Set<QuestionKind>();
  for (const kind of kinds) if (answersKind(kind, passage)) answered.add(kind);
  return answered;
}

/**
 * The kinds retrieval ranks passages by: who, frequency, figure, records and duties (and a draft
 * pulls roles, duties and records). Definitions are in most passages and pull nothing.
 */
export const PULLING_KINDS: ReadonlySet<QuestionKind> = new Set([
  'who',
  'frequency',
  'figure',
  'records',
  'duties',
  'draft',
  'provision',
  'list',
]);

/**
 * Whether a passage answers a kind specifically enough to be ranked forward for it: as answersKind,
 * except that a duty is pulled only from a section on duties or requirements ("Key duties and
 * requirements", "Duty to manage"), since "must" and "should" are in most passages.
 */
export function pullsKind(kind: QuestionKind, passage: KindPassage): boolean {
  if (kind === 'duties') return DUTIES_HEADING.test(headingOf(passage));
  return answersKind(kind, passage);
}

/**
 * Whether a passage answers a kind from the section a reader would look in: who from a roles
 * section, records from a records section; other kinds as pullsKind. A purpose paragraph naming
 * "the responsible person" mentions who without saying who it is.
 */
export function answersInItsSection(kind: QuestionKind, passage: KindPassage): boolean {
  if (kind === 'who') return ROLES_HEADING.test(headingOf(passage)) && answersKind(kind, passage);
  if (kind === 'records') return RECORDS_HEADING.test(headingOf(passage)) && answersKind(kind, passage);
  return pullsKind(kind, passage);
}

// ——— Applicability ——————————————————————————————————————————————————————————————————————————

/** "does not (normally) apply", "is not covered", "falls outside", "are excluded", "out of scope". */
const DISAPPLIES =
  /\b(?:(?:do|does|will|would|should)\s+not|don't|doesn't)\s+(?:\w+ly\s+)?apply\b|\bnot\s+(?:\w+ly\s+)?(?:applicable|covered|within (?:the|its) scope|in scope)\b|\b(?:fall|falls|falling)\s+outside\b|\b(?:are|is)\s+(?:\w+ly\s+)?excluded\b|\bout of (?:its |the )?scope\b/i;

/** The clauses of a sentence up to a turn ("…; but …", "…, however …"): what comes after a "but" may re-include. */
function beforeTurn(sentence: string): string {
  return sentence.split(/[;:]\s*(?:but|however|although|though)\b|,\s*(?:but|however|although|though)\b|\bbut\b/i)[0] ?? sentence;
}

/** The sentences of a text. */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z(“"'])/).filter((sentence) => sentence.trim().length > 0);
}

/**
 * Whether a passage says its document does not apply in the asker's setting or nation: a sentence
 * that disapplies (before any "but") and names that setting or nation ("Hospitals and care homes are
 * not blocks of flats, so these Regulations do not normally apply to them"; "the Order does not apply
 * in Scotland"). Nothing disapplies when the question names no setting and no nation.
 */
export function disappliesTo(text: string, understanding: Pick<QuestionUnderstanding, 'setting' | 'nation'>): boolean {
  const { setting, nation } = understanding;
  if (setting === null && nation === null) return false;
  return sentencesOf(text).some((sentence) => {
    const head = beforeTurn(sentence);
    if (!DISAPPLIES.test(head)) return false;
    if (setting !== null && settingNamed(head, setting)) return true;
    return nation !== null && NATIONS.some(([name, pattern]) => name === nation && pattern.test(head));
  });
}

/** Whether a text names this setting or this nation (either, when both are given). */
export function namesPlace(text: string, place: Pick<QuestionUnderstanding, 'setting' | 'nation'>): boolean {
  const { setting, nation } = place;
  return (
    (setting !== null && settingNamed(text, setting)) ||
    (nation !== null && NATIONS.some(([name, pattern]) => name === nation && pattern.test(text)))
  );
}

function settingNamed(text: string, setting: Setting): boolean {
  return (setting === 'care-home' ? CARE_HOME : setting === 'hospital' ? HOSPITAL : PRIMARY_CARE).test(text);
}

/** Sections in which a document says whom it is written for. */
const AUDIENCE_HEADING =
  /^(?:who (?:it|this(?: guidance)?|the guidance) (?:applies to|is for|covers)|purpose and scope|scope(?: and application)?|application|audience)$/i;

/**
 * Whether guidance is written for other settings than the asker's: a question from a care home or
 * a primary-care practice, and guidance whose own audience and scope sections never name that kind
 * of setting (hospital estates guidance, read by a care home). Law and codes of practice bind
 * wherever they apply, so only guidance is read this way; a hospital question excludes nothing
 * (guidance written for healthcare premises names them in many ways).
 */
export function writtenForOtherSettings(
  document: { category: string | null },
  sections: readonly { text: string; headingPath: readonly string[] }[],
  understanding: Pick<QuestionUnderstanding, 'setting'>,
): boolean {
  const { setting } = understanding;
  if (setting === null || setting === 'hospital' || document.category !== 'Guidance') return false;
  const audience = sections.filter((section) => AUDIENCE_HEADING.test((section.headingPath[0] ?? '').trim()));
  return audience.length > 0 && !audience.some((section) => settingNamed(section.text, setting));
}

/**
 * A document's phase from its title (and a part code's title words): "design, installation,
 * validation" is design; "operational management", "management, operation, maintenance" is
 * operation; null when the title says neither or both.
 */
export function documentPhase(document: { title: string }): Phase | null {
  const title = document.title;
  const design = /\b(?:design|installation|commissioning|specification|construction|planning)\b/i.test(title);
  const operation = /\b(?:operational|operation|maintenance|managing|routine testing)\b/i.test(title);
  if (design && !operation) return 'design';
  if (operation && !design) return 'operation';
  return null;
}

/** Whether a document is for the other phase than the one the question is about (design parts for an operational question, and the reverse). */
export function phaseConflicts(document: { title: string }, understanding: Pick<QuestionUnderstanding, 'phase'>): boolean {
  const phase = documentPhase(document);
  return understanding.phase !== null && phase !== null && phase !== understanding.phase;
}

/** Qualifiers that split a subject into sibling documents: a question naming one side is not about a document titled for the other. */
const CONTRASTS: readonly (readonly [RegExp, RegExp])[] = [
  [/\blow[- ]voltage\b|\bLV\b/i, /\bhigh[- ]voltage\b|\bHV\b/i],
  [/\badults?\b/i, /\b(?:child(?:ren)?|paediatric|neonatal)\b/i],
];

/** The side of each contrast the question names alone (low voltage and not high voltage). */
function sidesOf(question: string): { asked: RegExp; opposite: RegExp }[] {
  return CONTRASTS.flatMap(([one, other]) =>
    [
      { asked: one, opposite: other },
      { asked: other, opposite: one },
    ].filter(({ asked, opposite }) => asked.test(question) && !opposite.test(question)),
  );
}

/** Whether a document's title is for the other side of a contrast the question draws (high voltage for a low-voltage question). */
export function titledForOtherSide(document: { title: string }, understanding: Pick<QuestionUnderstanding, 'sides'>): boolean {
  return understanding.sides.some(({ asked, opposite }) => opposite.test(document.title) && !asked.test(document.title));
}

/** Whether a document's front matter (`applies_to`) leaves out the nation the question names. An empty list says nothing. */
export function documentExcludesNation(
  appliesTo: readonly string[] | null | undefined,
  understanding: Pick<QuestionUnderstanding, 'nation'>,
): boolean {
  const { nation } = understanding;
  if (nation === null || !appliesTo || appliesTo.length === 0) return false;
  return !appliesTo.some((entry) => entry.trim().toLowerCase() === nation.toLowerCase());
}
