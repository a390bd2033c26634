import { quoteAt } from './locate.ts';
import { claimFindings } from './requirements-claims.ts';
import { colourFindings } from './requirements-colours.ts';
import { conditionFindings } from './requirements-conditions.ts';
import { countFindings } from './requirements-counts.ts';
import { codeFindings } from './requirements-codes.ts';
import { enforcerFindings } from './requirements-enforcers.ts';
import { forceFindings } from './requirements-force.ts';
import { cycleFindings } from './requirements-cycles.ts';
import { denialFindings } from './requirements-denials.ts';
import { dutyFindings } from './requirements-duties.ts';
import { modalityFindings } from './requirements-modality.ts';
import { reachFindings } from './requirements-reach.ts';
import { needFindings } from './requirements-needs.ts';
import { scopeFindings } from './requirements-scope.ts';
import { timingFindings } from './requirements-timing.ts';
import { describe, type Quantity } from './requirements-quantities.ts';
import { type LibraryStatement, libraryStatements, policyStatements, SUBJECT_REACH, type Statement } from './requirements-statements.ts';
import { ACTIVITIES, differentActivities, isDoing, overlap, subjectOf, titleStems } from './requirements-subjects.ts';
import { sentences } from './requirements-text.ts';
import { reliedDocuments } from './roles-sources.ts';
import { CONTROL_HEADING, isControlDetails, lines } from './structure-fields.ts';
import { isLegislation } from './roles-topic.ts';
import { inHealthcare } from './setting.ts';
import { libraryExpansion, libraryExpansions } from './terms-acronyms.ts';
import type {
  Citation,
  FindingEvidence,
  FindingLocation,
  LibraryDocument,
  Policy,
  PolicyElement,
  ReviewFindingDraft,
  ReviewLibrary,
} from './types.ts';

/**
 * How closely a library statement's subject must match the policy's to be about the same thing.
 * Intervals and periods are stated for many activities, so they need more words in common than
 * temperatures, amounts and deadlines.
 */
const MIN_SHARED: Record<Quantity['kind'], number> = {
  interval: 3,
  period: 3,
  temperature: 2,
  mass: 2,
  dose: 3,
  voltage: 3,
  pressure: 3,
  headcount: 3,
  deadline: 2,
  duration: 2,
  age: 2,
  volume: 2,
};
const MIN_SCORE = 0.6;
/**
 * Voltages are stated of a few bands ("low voltage (LV)"), pressures and headcounts of the
 * threshold of what the Regulations cover or whom a duty binds, and volumes of the space a person has in a room, often late in a
 * long sentence whose other words are about something else: the words in common are enough, whatever share of the sentence they are.
 */
const SCORE_FREE: ReadonlySet<Quantity['kind']> = new Set(['voltage', 'pressure', 'headcount', 'volume']);
/** A passage that states the same figure is a candidate source with fewer words in common, when its document is about the subject. */
const MIN_INSTRUMENT_SHARED = 2;
/** Library statements within this much of the best match count as equally relevant. */
const NEAR_BEST = 0.15;

/** Stated figures and rules that contradict what the library states. */
export function requirementFindings(policy: Policy, citations: Citation[], library: ReviewLibrary): ReviewFindingDraft[] {
  const documents = sourceDocuments(policy, citations, library);
  // Figures are compared with the whole current library: the right instrument for a figure is
  // often one the policy does not cite (a retention period set by other regulations).
  const statements = currentStatements(library);
  // What a sentence says of a duty's legal force is judged against the law itself: a cited or relied-on
  // document's nearest sentence does not also judge the same words ("Fire safety training is optional").
  const { findings: force, withContext } = forceFindings(policy, citations, library);
  const narrower = [
    ...claimFindings(policy, documents),
    ...colourFindings(policy, documents),
    ...dutyFindings(policy, documents),
    ...countFindings(policy, documents),
    ...cycleFindings(policy, documents),
    ...conditionFindings(policy, documents),
    ...needFindings(policy, documents),
    ...timingFindings(policy, documents),
    ...scopeFindings(policy, documents, citations),
  ];
  const findings = [
    ...modalityFindings(policy, documents).filter(outside(force)),
    ...narrower,
    // Words a narrower comparison found wrong are that finding ("can wait until …" against "without delay").
    ...force.filter(outside(narrower)),
    ...enforcerFindings(policy, citations, library),
    ...codeFindings(policy, citations, library),
  ];
  // A denial of what the library states, where no narrower comparison has found the sentence wrong.
  const found = new Set(findings.map((finding) => finding.location?.element));
  findings.push(...denialFindings(policy, library).filter((finding) => !found.has(finding.location?.element)));
  // A duty narrowed to some cases, where no other comparison has found those words wrong ("only where five or more …").
  findings.push(...reachFindings(policy, documents, library).filter(outside(findings)));
  // A denial or choice read with the sentence before it ("… can skip this"), where no other reading has found those words.
  findings.push(...withContext.filter(outside(findings)));
  const located = new Set(findings.map((finding) => locationKey(finding.location)));
  // A figure inside words a narrower comparison already found wrong ("only where ten or more people are employed") is that finding.
  const taken = findings.flatMap((finding) => (finding.location ? [finding.location] : []));
  const setting = {
    healthcare: inHealthcare(policy),
    relied: new Set(reliedDocuments(policy, citations, library).map((document) => document.id)),
  };
  const lawsCited = lawsByElement(citations);
  const split = new Map<PolicyElement, { text: string; start: number }[]>();
  const sentencesOf = (element: PolicyElement) => {
    const known = split.get(element);
    if (known) return known;
    // A table's rows are its statements: a law named in one row is not another row's.
    const found = element.type === 'table' ? lines(element.text) : sentences(element.text);
    split.set(element, found);
    return found;
  };
  return [
    ...findings,
    ...wrongFigures(policy, statements, setting, { located, taken }, library)
      .filter((wrong) => !anotherLaw(wrong, lawsCited, sentencesOf(wrong.element)))
      .map(figureFinding),
  ];
}

/** The laws a policy names, by the element each is named in. */
function lawsByElement(citations: Citation[]): Map<number, Citation[]> {
  const laws = new Map<number, Citation[]>();
  for (const citation of citations) {
    if (!isLegislation(citation.document)) continue;
    laws.set(citation.location.element, [...(laws.get(citation.location.element) ?? []), citation]);
  }
  return laws;
}

/**
 * Whether a figure the policy says a law sets ("The 2005 Order requires … only where ten or more
 * people are employed") was found wrong against another law's figure (COSHH's "five or more"):
 * the other law's figure is for its own duty, and says nothing of what the named law requires.
 */
function anotherLaw(wrong: WrongFigures, laws: Map<number, Citation[]>, split: { text: string; start: number }[]): boolean {
  if (!laws.has(wrong.location.element)) return false;
  const sentence = split.find(({ start, text }) => wrong.location.start < start + text.length + 1);
  if (!sentence) return false;
  const end = sentence.start + sentence.text.length;
  const named = (laws.get(wrong.location.element) ?? []).filter(({ location }) => location.start >= sentence.start && location.start < end);
  if (named.length === 0) return false;
  return wrong.figures.every(
    ({ source }) => isLegislation(source.document) && !named.some((citation) => citation.document.id === source.document.id),
  );
}

/** Figures of one sentence that the library contradicts: reported together, as one finding. */
interface WrongFigures {
  element: PolicyElement;
  location: FindingLocation;
  /** Each contradicted figure's own words and the library passage it contradicts. */
  figures: { said: string; source: LibraryStatement }[];
}

function wrongFigures(
  policy: Policy,
  statements: LibraryStatement[],
  setting: Setting,
  found: { located: Set<string>; taken: FindingLocation[] },
  library: ReviewLibrary,
): WrongFigures[] {
  const wrong: WrongFigures[] = [];
  const contradictionOf = memoisedContradiction(statements, setting);
  let checked = 0;
  const spelt = spellingOut(library);
  for (const [at, element] of policy.elements.entries()) {
    // Document control speaks of the policy itself ("Biennial review"), never of a duty's figure.
    if (isControlDetails(element) || element.headingPath.some((heading) => CONTROL_HEADING.test(heading))) continue;
    const stated = policyStatements(element, policy.elements[at - 1]).map(spelt);
    const figures = figuresOf(stated);
    for (const said of stated) {
      if (++checked > MAX_STATEMENTS_CHECKED) return wrong;
      const contradicted = contradictionOf(said);
      if (!contradicted) continue;
      if (alsoStated(said, contradicted.match, figures.get(figureKey(contradicted.match.quantity)))) continue;
      const { location, quote } = quoteAt(element, said.offset, said.offset + quotedLength(said));
      if (found.located.has(locationKey(location)) || found.taken.some((other) => overlaps(other, location))) continue;
      found.located.add(locationKey(location));
      const previous = wrong.at(-1);
      if (previous && sameSentence(previous.location, location, element.text)) {
        previous.location = { ...previous.location, end: location.end };
        previous.figures.push({ said: quote, source: contradicted.source });
      } else wrong.push({ element, location, figures: [{ said: quote, source: contradicted.source }] });
    }
  }
  return wrong;
}

/** Words after a figure that go on to something else: ", submitting by …", ", which has been …", ", by the national deadline …". */
const FIGURE_AFTERWORD = /,\s+(?:which|who|where|by|after|before|once|[a-z]+ing)\b/i;

/** How much of a figure's clause its finding quotes: up to where the words after the figure go on to something else. */
function quotedLength(said: Statement): number {
  // Read within a subject's reach of the figure: a clause without breaks may be very long.
  const after = said.clause.slice(said.quantity.end, said.quantity.end + SUBJECT_REACH);
  const cut = after.search(FIGURE_AFTERWORD);
  return cut < 0 ? said.clause.length : said.quantity.end + cut;
}

const overlaps = (a: FindingLocation, b: FindingLocation) => a.element === b.element && a.start < b.end && b.start < a.end;

/** A finding whose words none of `others` already covers (one without a place covers nothing). */
const outside =
  (others: readonly ReviewFindingDraft[]) =>
  ({ location }: ReviewFindingDraft): boolean =>
    !location || !others.some(({ location: other }) => !!other && overlaps(other, location));

/** Whether a figure's location follows an earlier one's in the same sentence of the element. */
function sameSentence(before: FindingLocation, location: FindingLocation, text: string): boolean {
  if (before.element !== location.element || before.end > location.start) return false;
  return location.start - before.end <= MERGE_GAP && !/[.;!?]\s/.test(text.slice(before.end, location.start));
}

/** How far apart two contradicted figures of one sentence may be to be reported as one finding. */
const MERGE_GAP = 200;

/** The statements of one figure kept per element to compare subjects with: a cap against hostile repetition. */
const MAX_SAME_FIGURE = 20;

/** The most policy figures compared with the library: far more than any real policy states. */
const MAX_STATEMENTS_CHECKED = 5_000;

const locationKey = (location: ReviewFindingDraft['location']) => (location ? `${location.element}:${location.start}` : '');

/** A figure as a key: its kind and value (to a millionth), so that the same figure said twice is one key. */
const figureKey = (quantity: Quantity) => `${quantity.kind}:${Math.round(quantity.value * 1e6)}`;

interface Figures {
  count: number;
  clauses: Set<string>;
  bySentence: Map<string, number>;
  /** The statements of the figure in other sentences than the first. */
  statements: Statement[];
}

/**
 * Whether the passage also states the library's figure for the same thing, so that the two figures
 * are about different things: in the same clause, or in another sentence about the library's subject.
 * A figure of its own part of the same sentence ("monthly … and yearly …") is about another thing.
 */
function alsoStated(said: Statement, library: LibraryStatement, same: Figures | undefined): boolean {
  if (same === undefined) return false;
  if (!said.sentence || same.clauses.has(said.clause)) return true;
  // Another sentence's figure is the library's rule when it is about the library's subject, and not
  // less than the contradicted one is: "the limit for employees is 20 mSv" is not about the lens of the eye.
  const ours = overlap(library.subject, said.subject).score;
  return same.statements.some((other) => {
    if (other.sentence === said.sentence) return false;
    const theirs = overlap(library.subject, other.subject).score;
    return theirs >= MIN_SCORE && (theirs > ours || ours < MIN_SCORE);
  });
}

/** An element's statements by figure: how many, in which clauses and sentences, so each check is one look-up. */
function figuresOf(stated: readonly Statement[]): Map<string, Figures> {
  const figures = new Map<string, Figures>();
  for (const statement of stated) {
    const key = figureKey(statement.quantity);
    let entry = figures.get(key);
    if (!entry) {
      entry = { count: 0, clauses: new Set(), bySentence: new Map(), statements: [] };
      figures.set(key, entry);
    }
    entry.count++;
    entry.clauses.add(statement.clause);
    if (entry.statements.length < MAX_SAME_FIGURE) entry.statements.push(statement);
    if (statement.sentence !== undefined) entry.bySentence.set(statement.sentence, (entry.bySentence.get(statement.sentence) ?? 0) + 1);
  }
  return figures;
}

/** contradiction() remembered for each figure and subject met: a policy that repeats a sentence compares it once. */
function memoisedContradiction(statements: LibraryStatement[], setting: Setting): (said: Statement) => Contradiction | null {
  const seen = new Map<string, Contradiction | null>();
  return (said) => {
    const key = `${said.quantity.kind}:${said.quantity.value}:${said.quantity.bound ?? ''}:${[...said.activity].sort().join(' ')}:${[...said.subject].sort().join(' ')}`;
    if (!seen.has(key)) seen.set(key, contradiction(said, statements, setting));
    return seen.get(key) ?? null;
  };
}

const statementsByLibrary = new WeakMap<ReviewLibrary, LibraryStatement[]>();

/** The figures the current library states, read once per library. */
function currentStatements(library: ReviewLibrary): LibraryStatement[] {
  let statements = statementsByLibrary.get(library);
  if (!statements) {
    statements = library.documents.filter((document) => document.status === 'current').flatMap(libraryStatements);
    statementsByLibrary.set(library, statements);
  }
  return statements;
}

/** The documents the policy relies on and the others of their subdomains. */
function sourceDocuments(policy: Policy, citations: Citation[], library: ReviewLibrary): LibraryDocument[] {
  const relied = reliedDocuments(policy, citations, library);
  const subdomains = new Set(relied.map((document) => `${document.domain}/${document.subdomain}`));
  return library.documents.filter(
    (document) => document.status === 'current' && subdomains.has(`${document.domain}/${document.subdomain}`),
  );
}

/**
 * The library statement a policy figure contradicts: the statements of the same kind most
 * clearly about the same subject all set a stricter figure, and none of them agrees.
 */
/** A contradicted figure: the library passage it was matched with, and the passage to cite (the same, or the instrument's own). */
interface Contradiction {
  match: LibraryStatement;
  source: LibraryStatement;
}

function contradiction(said: Statement, statements: LibraryStatement[], setting: Setting): Contradiction | null {
  const candidates = statements
    .filter((statement) => statement.quantity.kind === said.quantity.kind && !differentActivities(statement.activity, said.activity))
    // A band's end is compared with a band's: a floor or a ceiling says something else.
    .filter((statement) => statement.quantity.range === said.quantity.range)
    .filter((statement) => statement.heldAt === said.heldAt)
    .filter((statement) => !oppositeBounds(statement.quantity, said.quantity) && appliesIn(statement, setting))
    .map((statement) => ({
      statement,
      ...sameProcess(statement, said, setting, containedMatch(statement, said, subjectMatch(statement, said, setting))),
    }))
    .filter((match) => match.shared >= MIN_INSTRUMENT_SHARED);
  const minScore = SCORE_FREE.has(said.quantity.kind) ? 0 : MIN_SCORE;
  let matches = withoutResiduals(
    candidates.filter((match) => match.score >= minScore && sameSubject(match, said.quantity.kind)),
    said.subject,
  );
  if (matches.length === 0) return null;
  // A period counted from an event ("6 years after the conclusion of treatment") is the rule of the
  // library's period counted from the same event, when one is among the matches: another record's
  // period ("health records kept for 40 years") is another rule.
  const from = periodAnchor(said);
  const anchored = from ? matches.filter((match) => [...from].every((word) => subjectOf(passageOf(match.statement)).has(word))) : [];
  if (anchored.length > 0) matches = anchored;
  const best = Math.max(...matches.map((match) => match.score));
  const relevant = matches.filter((match) => match.score >= best - NEAR_BEST);
  if (!relevant.every((match) => weaker(said.quantity, match.statement.quantity))) return null;
  const chosen = relevant.sort((a, b) => b.score - a.score || b.shared - a.shared)[0];
  return chosen ? { match: chosen.statement, source: instrumentFor(chosen, candidates, said.subject) } : null;
}

/** The event a period is counted from, right after its figure: "after the conclusion of treatment", "from the date of the last entry". */
const PERIOD_FROM = /^[^,;.]{0,20}?\b(?:after|from|following)\s+([^,;.]{3,80})/i;
/** At least this many of the event's words name it. */
const MIN_ANCHOR_WORDS = 2;

/** The words naming what a policy period is counted from, or null when it names no event. */
function periodAnchor(said: Statement): Set<string> | null {
  if (said.quantity.kind !== 'period') return null;
  const event = PERIOD_FROM.exec(said.clause.slice(said.quantity.end))?.[1];
  const words = event ? [...subjectOf(event)].filter((word) => !ACTIVITIES.has(word)) : [];
  return words.length >= MIN_ANCHOR_WORDS ? new Set(words) : null;
}

/**
 * How closely a library statement is about the policy figure's subject: by the statement's whole
 * subject or, in a table, by its own cell's. A document the policy relies on is the policy's
 * subject too, so its title's words ("legionella") count as said when the sentence says every
 * other word of the statement's subject: a policy on a document's subject does not repeat it in
 * every sentence.
 */
function subjectMatch(statement: LibraryStatement, said: Statement, setting: Setting): { shared: number; score: number } {
  const title = setting.relied.has(statement.document.id) ? documentStems(statement.document) : undefined;
  const best = { shared: 0, score: 0 };
  for (const subject of [statement.subject, statement.cellSubject, ...(statement.exampleSubjects ?? [])]) {
    // A cell's own words must name a thing, not only what is done to it ("functional test").
    if (!subject || (subject === statement.cellSubject && namedShared(subject, said.subject) < MIN_INSTRUMENT_SHARED)) continue;
    // A passage of a relied document that names only what is done ("Inspection and servicing: at
    // intervals of about 6 months") is about the document's subject, when the policy's sentence
    // does what it says and names the subject by words of the title ("the fire alarm systems are
    // inspected and serviced"). It is a match then, never a closer one than a passage that names
    // the thing itself.
    const doneAsSaid = namesNothing(subject) && [...subject].every((word) => said.subject.has(word));
    const named = title && doneAsSaid ? [...title].filter((word) => said.subject.has(word) && !isDoing(word)) : [];
    const titled = named.length >= MIN_INSTRUMENT_SHARED;
    const own = withoutUnsaidAnchor(titled ? new Set([...subject, ...named]) : subject, statement.anchor, said.subject);
    const found = title && saysBeyondTitle(own, said.subject, title) ? overlap(own, said.subject, title) : overlap(own, said.subject);
    if (titled) found.score = Math.min(found.score, MIN_SCORE);
    if (found.score > best.score || (found.score === best.score && found.shared > best.shared)) Object.assign(best, found);
  }
  return best;
}

/** A subject of activities only: "inspection and servicing". */
const namesNothing = (subject: Set<string>) => subject.size > 0 && [...subject].every(isDoing);

/** A library subject without the words of its deadline's anchor that the policy does not say. */
function withoutUnsaidAnchor(subject: Set<string>, anchor: Set<string> | undefined, policy: Set<string>): Set<string> {
  if (!anchor) return subject;
  return new Set([...subject].filter((word) => !anchor.has(word) || policy.has(word)));
}

/** Words after a figure that say from when or where it holds, not what it is about: "… from the date of the incident", "… in the office". */
const WHEN_OR_WHERE = /^\s*(?:from|after|following|in|at|on)\b/i;

/**
 * A policy subject said in few words, every one of them in the library's ("RIDDOR records are kept
 * for 12 months" against "a RIDDOR record for each reportable event … kept for at least three
 * years"), is the library's subject however much more the library says of it. Where the words after
 * the figure say from when or where, the subject is what is said before it.
 */
function containedMatch(
  statement: LibraryStatement,
  said: Statement,
  found: { shared: number; score: number },
): { shared: number; score: number } {
  const before = WHEN_OR_WHERE.test(said.clause.slice(said.quantity.end)) ? subjectOf(said.clause.slice(0, said.quantity.start)) : null;
  const named = [...said.subject].filter((word) => !ACTIVITIES.has(word) && (!before || before.has(word)));
  if (named.length < MIN_INSTRUMENT_SHARED || !named.every((word) => statement.subject.has(word))) return found;
  return { shared: Math.max(found.shared, MIN_SHARED[said.quantity.kind]), score: Math.max(found.score, MIN_SCORE) };
}

/**
 * A duration held at the temperature a document the policy relies on holds it for ("65 °C held for
 * at least 10 minutes" against "holds the wash at 65 °C for one minute") is the same process: the
 * pair names it, whatever words surround it.
 */
function sameProcess(
  statement: LibraryStatement,
  said: Statement,
  setting: Setting,
  found: { shared: number; score: number },
): { shared: number; score: number } {
  if (said.heldAt === undefined || statement.heldAt !== said.heldAt || !setting.relied.has(statement.document.id)) return found;
  return { shared: Math.max(found.shared, MIN_SHARED[said.quantity.kind]), score: Math.max(found.score, MIN_SCORE) };
}

/** How many words two subjects share that name a thing rather than an activity. */
const namedShared = (library: Set<string>, policy: Set<string>) =>
  [...library].filter((word) => policy.has(word) && !ACTIVITIES.has(word)).length;

/**
 * Whether the policy's subject holds the library's words that its document's title does not: every
 * one of them and enough of them, or all but one when the policy also says a word of the title the
 * library's subject holds ("legionella monitoring records" for "legionella control scheme records"
 * in the legionella ACoP the policy cites: the records of its subject).
 */
function saysBeyondTitle(library: Set<string>, policy: Set<string>, title: Set<string>): boolean {
  const beyond = [...library].filter((word) => !title.has(word));
  const held = beyond.filter((word) => policy.has(word)).length;
  if (held === beyond.length && held >= MIN_INSTRUMENT_SHARED) return true;
  const titled = [...library].some((word) => title.has(word) && policy.has(word));
  return titled && held >= 1 && beyond.length - held <= 1 && overlap(library, policy).shared >= MIN_INSTRUMENT_SHARED;
}

const stemsByDocument = new WeakMap<LibraryDocument, Set<string>>();

/** A document's title as stems, read once per document. */
function documentStems(document: LibraryDocument): Set<string> {
  let stems = stemsByDocument.get(document);
  if (!stems) {
    stems = titleStems(document.title);
    stemsByDocument.set(document, stems);
  }
  return stems;
}

/**
 * Enough words in common to be about the same subject: the kind's minimum, or every word of a
 * short library subject that names a thing rather than an activity ("consignment notes").
 */
function sameSubject(match: { statement: LibraryStatement; shared: number; score: number }, kind: Quantity['kind']): boolean {
  if (match.shared >= MIN_SHARED[kind]) return true;
  return match.score === 1 && [...match.statement.subject].filter((word) => !ACTIVITIES.has(word)).length >= MIN_INSTRUMENT_SHARED;
}

/**
 * Whether a library figure applies in the policy's setting: a figure the library gives for
 * healthcare premises (in healthcare guidance, or in a bracket "55 °C in healthcare premises")
 * does not bind other premises, and a general figure the library says healthcare premises exceed
 * does not apply to them.
 */
function appliesIn(statement: LibraryStatement, setting: Setting): boolean {
  if (statement.setting) return (statement.setting === 'healthcare') === setting.healthcare;
  // Healthcare guidance binds healthcare premises, and any policy that adopts it by citing it; a
  // figure it credits to the regulator binds wherever the regulator's guidance does.
  return (
    !HEALTHCARE_GUIDANCE.test(statement.document.code) ||
    setting.healthcare ||
    setting.relied.has(statement.document.id) ||
    GENERAL_SOURCE.test(passageOf(statement))
  );
}

/**
 * The regulator named as a figure's source ("HSE's guidance on scalding … limits …"): its guidance
 * applies to all premises. A code cited for a whole regime ("(HSG274 Part 2)") is not enough, as
 * healthcare guidance gives its own stricter figures within that regime.
 */
const GENERAL_SOURCE = /\bHSE\b/;

/** The passage a library figure is stated in: its table row, or its sentence. */
function passageOf(statement: LibraryStatement): string {
  if (statement.element.type !== 'table') return statement.sentence ?? statement.clause;
  const text = statement.element.text;
  const end = text.indexOf('\n', statement.offset);
  return text.slice(text.lastIndexOf('\n', statement.offset) + 1, end < 0 ? text.length : end);
}

/** An abbreviation in a policy's sentence ("LEV is thoroughly examined …"). */
const ABBREVIATION = /\b[A-Z][A-Z0-9]{1,6}\b/g;

/**
 * A policy statement with the abbreviations its sentence uses spelt out as the library spells them:
 * "LEV is thoroughly examined" is about "local exhaust ventilation", which is how the library's
 * table names it. Each abbreviation is looked up once per review.
 */
function spellingOut(library: ReviewLibrary): (statement: Statement) => Statement {
  const known = new Map<string, Set<string>>();
  const expanded = (abbreviation: string) => {
    let stems = known.get(abbreviation);
    if (!stems) {
      const words = libraryExpansion(abbreviation, library);
      stems = words ? subjectOf(words) : new Set<string>();
      known.set(abbreviation, stems);
    }
    return stems;
  };
  const named = namedInFull(library);
  return (statement) => {
    // Within the reach its subject is read in: a clause without breaks may be very long.
    const { start, end } = statement.quantity;
    // A table row's figure is about its row too: "LEV hood | Examined and tested every other year".
    const near = `${statement.context.slice(0, SUBJECT_REACH)} ${statement.clause.slice(Math.max(0, start - SUBJECT_REACH), end + SUBJECT_REACH)}`;
    const abbreviations = [...new Set(near.match(ABBREVIATION) ?? [])];
    const added = [...abbreviations.flatMap((abbreviation) => [...expanded(abbreviation)]), ...named(near)];
    return added.length === 0 ? statement : { ...statement, subject: new Set([...statement.subject, ...added]) };
  };
}

/** The fewest words an expansion has to be recognised written in full: one word is too common to stand for an acronym. */
const MIN_EXPANSION_WORDS = 2;

/** A text as words in lower case, a possessive's "'s" dropped, for finding names written in full. */
const plainWords = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/**
 * The library's acronyms a text writes out in full, as the stems the acronym adds to a subject: the
 * policy's "Information Commissioner" is the library's "ICO". A name is recognised by the library's
 * own expansion, or, for the office of a named officer ("Information Commissioner's Office"), by
 * the officer's name alone. One search per text, whatever the number of acronyms.
 */
function namedInFull(library: ReviewLibrary): (text: string) => string[] {
  const acronymsByForm = new Map<string, string[]>();
  for (const [acronym, words] of libraryExpansions(library)) {
    const officer = /^(.+)['’]s\s+\S+$/.exec(words)?.[1];
    for (const form of [words, officer]) {
      const plain = form ? plainWords(form).trim() : '';
      if (plain.split(' ').length < MIN_EXPANSION_WORDS) continue;
      const list = acronymsByForm.get(plain) ?? [];
      if (!list.includes(acronym)) list.push(acronym);
      acronymsByForm.set(plain, list);
    }
  }
  if (acronymsByForm.size === 0) return () => [];
  const forms = [...acronymsByForm.keys()].sort((a, b) => b.length - a.length);
  // The forms hold only letters, digits and spaces: nothing to escape.
  const pattern = new RegExp(`(?<= )(?:${forms.join('|')})(?= )`, 'g');
  return (text) => {
    const found = [...plainWords(text).matchAll(pattern)].flatMap((match) => acronymsByForm.get(match[0]) ?? []);
    return [...new Set(found)].flatMap((acronym) => [...subjectOf(acronym)]);
  };
}

/** The policy's setting: whether it is written for healthcare premises, and the documents it relies on. */
interface Setting {
  healthcare: boolean;
  relied: Set<string>;
}

/** A floor and a ceiling are about different things ("hot at least 50 °C", "cold below 20 °C"). */
function oppositeBounds(library: Quantity, policy: Quantity): boolean {
  return library.bound !== null && policy.bound !== null && library.bound !== policy.bound;
}

/** Guidance written for healthcare premises: health technical memoranda and building notes. */
const HEALTHCARE_GUIDANCE = /^(?:[SW])?(?:HTM|HBN)\b/;

/**
 * The passage to cite for a figure: of the matching passages that state the same figure, the one
 * in the document whose title is most about the subject (the standard on emergency lighting rather
 * than a fire safety guide that repeats its figure), the closest match first among equals.
 */
function instrumentFor(
  chosen: { statement: LibraryStatement; shared: number },
  matches: { statement: LibraryStatement; score: number; shared: number }[],
  subject: Set<string>,
): LibraryStatement {
  const key = figureKey(chosen.statement.quantity);
  const titled = (statement: LibraryStatement) => [...titleStems(statement.document.title)].filter((word) => subject.has(word)).length;
  const own = `${chosen.statement.context} ${chosen.statement.clause}`;
  let source = chosen.statement;
  let sourceTitle = titled(source);
  for (const { statement, shared } of [...matches].sort((a, b) => b.score - a.score || b.shared - a.shared)) {
    if (figureKey(statement.quantity) !== key || statement.quantity.bound !== chosen.statement.quantity.bound) continue;
    // Nearly as close a match as the passage found: the same figure for another subject is not its source.
    if (shared < chosen.shared - INSTRUMENT_SLACK) continue;
    // Guidance that credits its figure to a law in the figure's own clause ("… of local exhaust
    // ventilation (COSHH): at least every 14 months") cites the law's own passage of it.
    if (statement.document !== chosen.statement.document && credits(own, statement.document)) return statement;
    const title = titled(statement);
    if (title > sourceTitle) [source, sourceTitle] = [statement, title];
  }
  return source;
}

/** Whether a clause names a document as its source, by its code without the year ("COSHH" for COSHH 2002). */
function credits(clause: string, document: LibraryDocument): boolean {
  const name = document.code.replace(/\s+(?:\(\d{4}\)|\d{4})$/, '');
  if (name.length < 3 || name === document.code) return false;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(clause);
}

/** How many fewer words in common a better-titled source of the same figure may have. */
const INSTRUMENT_SLACK = 2;

/**
 * A library figure for "other" things (the "12 months for other lifting equipment" beside "6 months
 * for accessories") is not about a subject another matching statement names more fully: the
 * policy's subject is then one of the named ones.
 */
function withoutResiduals<T extends { statement: LibraryStatement }>(matches: T[], policy: Set<string>): T[] {
  const sharedOf = (match: T) => [...match.statement.subject].filter((word) => policy.has(word));
  const shared = matches.map(sharedOf);
  return matches.filter((match, at) => {
    if (!match.statement.subject.has('other')) return true;
    const mine = shared[at] ?? [];
    return !shared.some((other, index) => index !== at && other.length > mine.length && mine.every((word) => other.includes(word)));
  });
}

/** Whether the policy's figure is less strict than the library's. */
function weaker(policy: Quantity, library: Quantity): boolean {
  if (policy.value === library.value) return false;
  switch (policy.kind) {
    case 'interval':
    case 'deadline':
    case 'dose': // a dose figure is a limit or a constraint: a higher one protects less
      return policy.value > library.value;
    case 'period':
    case 'age': // a birthday records are kept until: an earlier one keeps them for less
      return policy.value < library.value;
    case 'voltage': // a band's limit ("up to 1,000 V") defines the band: another limit misdescribes it either way
    case 'pressure': // so does a threshold of what the Regulations cover ("above 0.5 bar")
    case 'headcount': // or of whom a duty binds ("where five or more people are employed")
      return policy.bound !== null && policy.bound === library.bound;
    default: {
      const bound = library.bound ?? policy.bound;
      if (bound === 'min') return policy.value < library.value;
      if (bound === 'max') return policy.value > library.value;
      return false;
    }
  }
}

/** A quoted library passage is cut to its clause when its sentence is longer than this. */
const MAX_QUOTED_SENTENCE = 300;

/**
 * The library's sentence (or table cell) a figure's clause is part of, so the quote reads whole:
 * "Until the next report is made, or 2 years, whichever is later", not "or 2 years, whichever is later".
 */
function wholeSentence(source: LibraryStatement): string {
  const text = source.element.text;
  const at = source.offset;
  // The line or table cell the clause is in, then its sentence there.
  const cell = text.lastIndexOf(' | ', at - 1);
  const cellStart = Math.max(text.lastIndexOf('\n', at - 1) + 1, cell < 0 ? 0 : cell + 3);
  const cellEnd = Math.min(text.length, ...['\n', ' | '].map((mark) => text.indexOf(mark, at)).filter((found) => found >= 0));
  const sentence = sentences(text.slice(cellStart, cellEnd)).findLast((entry) => entry.start <= at - cellStart)?.text ?? '';
  return sentence.length > 0 && sentence.length <= MAX_QUOTED_SENTENCE ? sentence : source.clause;
}

function figureFinding(wrong: WrongFigures): ReviewFindingDraft {
  const { location, quote } = quoteAt(wrong.element, wrong.location.start, wrong.location.end);
  const reasons = wrong.figures.map(({ source }) => {
    // A list item's fragment ends as the list does ("… of critical systems;"): quoted without its mark.
    const said = wholeSentence(source).replace(/[\s;,:]+$/, '');
    const passage = source.context ? `${source.context}: ${said}` : said;
    const { required, figure, verb = 'requires' } = requirement(source);
    return { code: source.document.code, because: `${source.document.code} ${verb} ${required} ("${passage}")`, figure, verb };
  });
  const evidence = new Map<string, FindingEvidence>();
  for (const { source } of wrong.figures) {
    const entry = evidence.get(source.document.id) ?? { documentId: source.document.id, code: source.document.code, elementIds: [] };
    if (!entry.elementIds.includes(source.element.id)) entry.elementIds.push(source.element.id);
    evidence.set(source.document.id, entry);
  }
  const [only] = reasons;
  if (reasons.length === 1 && only) {
    return {
      category: 'factual_error',
      severity: 'high',
      location,
      quote,
      expected: `${only.figure} (${only.code})`,
      explanation: `The policy says "${quote}", but ${only.because}.`,
      suggestion: `Change the figure to ${only.figure}, as ${only.code} ${only.verb === 'requires' ? 'requires' : 'sets it'}.`,
      evidence: [...evidence.values()],
    };
  }
  const parts = wrong.figures.map(({ said }, at) => `for "${said}", ${reasons[at]?.because}`);
  return {
    category: 'factual_error',
    severity: 'high',
    location,
    quote,
    expected: reasons.map(({ figure, code }) => `${figure} (${code})`).join('; '),
    explanation: `The policy says "${quote}", but the library sets stricter figures: ${parts.join('; ')}.`,
    suggestion:
      new Set(reasons.map(({ code }) => code)).size === 1
        ? `Change the figures to ${reasons.map(({ figure }) => figure).join(' and ')}, as ${only?.code} requires.`
        : `Change the figures to ${reasons.map(({ figure, code }) => `${figure} (${code})`).join(' and ')}.`,
    evidence: [...evidence.values()],
  };
}

/** Words before a floor that exclude the figure itself: "more than seven days", "over-seven-day". */
const EXCLUSIVE_FLOOR = /(?:(?<!\b(?:no|not)\s)more than|greater than|\bover-?)\s*$/i;
const EXCLUSIVE_REACH = 20;

/**
 * A library figure as a requirement ("records to be kept for at least 3 years", "action within
 * 72 hours") and as the figure to write ("at least 3 years", "within 72 hours"), with the verb that
 * says how the library sets it where that is not "requires".
 */
function requirement(source: Statement): { required: string; figure: string; verb?: string } {
  const { quantity } = source;
  const value = describe(quantity);
  switch (quantity.kind) {
    case 'voltage': // a band's limit ("low voltage: up to 1,000 V") is a definition, not a duty
      return quantity.bound === 'max'
        ? { verb: 'defines', required: `this band as up to ${value}`, figure: `up to ${value}` }
        : { verb: 'defines', required: `this band by ${value}`, figure: value };
    case 'interval': {
      const figure = `at least every ${value.replace(/^1 /, '')}`;
      return { required: `this to be done ${figure}`, figure };
    }
    case 'period':
      return { required: `records to be kept for at least ${value}`, figure: `at least ${value}` };
    case 'deadline':
      return { required: `action within ${value}`, figure: `within ${value}` };
    case 'age':
      return { required: `records to be kept until ${value}`, figure: value };
    case 'headcount': // whom a duty binds: "where five or more people are employed"
      return { required: `this where ${quantity.value} or more people are employed`, figure: value };
    default: {
      // A floor said as "more than" or "over-" ("over-seven-day injuries") excludes the figure itself.
      const floor = EXCLUSIVE_FLOOR.test(source.clause.slice(Math.max(0, quantity.start - EXCLUSIVE_REACH), quantity.start))
        ? 'more than'
        : 'at least';
      // A dose the library states is a limit ("Members of the public: 1 mSv"): no more than it.
      const ceiling = quantity.bound === 'max' || (quantity.kind === 'dose' && quantity.bound === null);
      const figure = quantity.bound === 'min' ? `${floor} ${value}` : ceiling ? `no more than ${value}` : value;
      return { required: figure, figure };
    }
  }
}
