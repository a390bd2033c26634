import { TOLD_AS_HISTORY } from './requirements-conditions.ts';
import { DUTY, DUTY_SECTION, NOT_RULES } from './requirements-modality.ts';
import { ACTIVITIES, subjectOf } from './requirements-subjects.ts';
import { factualError, PAST_RULE, policySentences, sectionNumberLength, sentences } from './requirements-text.ts';
import type { LibraryDocument, LibraryElement, Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/**
 * One comparison of reach: a policy that narrows to some cases what the library states for every
 * case of its kind ("A construction phase plan is required only for projects that are notifiable"
 * against "A construction phase plan … is required for every project"; "Allergen information is
 * provided for pre-packed items only" against "Allergen information must be available for every
 * dish").
 *
 * The policy's side is a clause with "only" and the case it narrows to: "only where / when / if /
 * for / to / after / before / once …", or "for … only" at the clause's end. Left alone:
 * - a clause told as history ("until 2023 …"): it states no rule now;
 * - a permission narrowed ("may be used only when …"), or a case that is itself a safeguard ("only
 *   to authorised carriers"): each keeps a rule rather than weakening one;
 * - "not only", which narrows nothing, and a thing not said to be done or needed ("a fire door
 *   works only when closed"), which states no duty;
 * - "applies only to" an instrument: scope's comparison (requirements-scope.ts).
 *
 * The library's side is a sentence of a document the policy relies on that states the thing for
 * all: with a word for every case ("every", "all", "wherever", "whenever", "regardless", "not only"
 * …), or as a duty with no case of its own ("must", "is required", or any sentence of a section of
 * duties: "Follow up in writing"), and not one that weighs what may be done ("… may all be appropriate
 * safety measures for one person and an unlawful restriction for another"). It sits in a section that says what is done (not what the
 * document is, whom it binds or how it changed). The clause's words before its case must be mostly
 * in that sentence, one of them a word few of the library's sentences use (or nearly all of them,
 * four or more), and the case's words mostly not. The policy agrees with the library, and nothing
 * is reported, when a library sentence names the same case ("every trench must be excavated after
 * a check of the cable register" against "trenches are excavated only after the register is
 * checked"), or states the same limit in a sentence of its own ("an injury to a patient is
 * reportable only where it arose from a work activity").
 */

/** "only where …", "only needed when …", "only be carried out after …": the case, from its opening word. */
const ONLY_CASE =
  /\bonly\s+(?:(?:be\s+)?(?:[a-z]+ed|needed|done|made|given|run|kept|seen|set|met)\s+(?:out\s+)?)?(?=(?:where|wherever|when|whenever|if|for|to|after|before|once)\s)/gi;
/** "for pre-packed items only": a case before a closing "only". */
const CASE_ONLY = /\b(?:for|to)\s+[^,;:()]{3,60}?\s+only\b(?!\s+(?:where|wherever|when|whenever|if|for|to|after|before|once)\b)/gi;
/** A clause that allows rather than requires, or denies the narrowing, or limits an instrument's scope. */
const NOT_NARROWING = /\b(?:may|can|could|might|permitted|allowed|authori[sz]ed|not|never|appl(?:y|ies|ied))\b/i;
/** A library sentence stating the thing for every case in so many words. */
const UNIVERSAL =
  /\b(?:every|all|each|any|wherever|whenever|always|everyone|everybody|regardless|whatever|throughout)\b|\bnot\s+(?:only|just)\b/i;
/** A library sentence that allows or weighs rather than requires: "… may all be appropriate safety measures for one person". */
const PERMITS = /\b(?:may|might)\b/i;
/** Sections that say what a document is and whom it binds, not what is done. */
const ABOUT_SECTION = /purpose|scope|overview|summary|related|who it applies/i;
/** A library sentence about the document itself: "Key topics include …", "It describes …". */
const ABOUT_ITSELF =
  /^(?:key\s+topics|topics|it|this\s+(?:document|guidance|code|standard)|they)\b|^(?:ACoP\s+)?[A-Z][A-Za-z()]{0,8}\s?\d[\w.-]*(?:\s+Part\s+\w+)?\s+(?:is|are|was|sets|gives|covers|describes)\b/i;
/** A clause that says something is done or needed ("is carried out", "need to be recorded", "is reportable"), not what a thing does. */
const DONE = /\b(?:is|are|was|were|be|been)\s+(?:[a-z]+\s+)?[a-z]{3,}(?:ed|en|wn|ne|de|lt|nt|ght|able|ible)\b|\bneeds?\b|\brequired\b/i;
/**
 * A case that is itself a safeguard: a permission, a justification, a competence or an eligibility
 * ("only to authorised carriers", "only where there is a lawful basis", "only where the role is
 * eligible"), or the last step of an order of preference ("only where horizontal movement is not
 * enough"). Narrowing to it keeps a rule rather than weakening one.
 */
const SAFEGUARD =
  /\b(?:authori[sz]\w*|registered|licen[cs]\w*|permit\w*|approv\w*|justif\w*|exceptional|lawful|legal|necessary|essential|reason|competent|trained|qualified|consent\w*|agreed|instructions?|safe|eligib\w*|entitled|appropriate|applicable|relevant|insufficient|cannot|impractic\w*|last\s+resort)\b|\bnot\s+(?:enough|sufficient|possible|practicable|reasonably\s+practicable)\b/i;
/** A library sentence limited by a case of its own, or saying not all: no duty for every case, and perhaps the policy's own limit. */
const LIMITED = /(?<!\bnot\s)\bonly\b|\bnot\s+(?:every|all|each|any|always)\b|\b(?:unless|except)\b/i;
/** Verbs that say a thing is required or done, not what it is: they match any duty. */
const GENERIC = new Set([
  'need',
  'requi',
  'carri',
  'provi',
  'made',
  'make',
  'given',
  'give',
  'offer',
  'under',
  'compl',
  'out',
  'take',
  'used',
]);

/** Of the words shared, at least one is used by few of the library's sentences (a word such as "risk" or "new" matches anything). */
const RARE_SHARE = 0.01;
/** The clause's words before its case: at least this many, mostly in the library's sentence. */
const MIN_SHARED = 2;
const MIN_SCORE = 0.6;
/** Without a rare word, nearly all of the clause's words, and this many: "fire risk assessment … every building" is still the same thing. */
const MIN_SHARED_COMMON = 4;
const MIN_SCORE_COMMON = 0.8;
/** The case's words the library's sentence may hold before it reads as naming the same case. */
const MAX_CASE_SAID = 0.5;
/** How far back and on a clause is read around its "only". */
const CLAUSE_REACH = 200;

/** A library sentence stating a thing for every case: in so many words, or as a duty with no case of its own. */
interface Universal {
  text: string;
  subject: Set<string>;
  document: LibraryDocument;
  element: LibraryElement;
}

interface Narrowing {
  /** Where the clause starts and its case ends, in the sentence. */
  start: number;
  end: number;
  narrowed: Set<string>;
  narrowedTo: Set<string>;
  /** The case, as the policy words it. */
  words: string;
}

/** Policy sentences that narrow to some cases a duty the library states for every case. */
export function reachFindings(policy: Policy, documents: LibraryDocument[], library: ReviewLibrary): ReviewFindingDraft[] {
  const relied = documents.map(universalsOf);
  const universals = relied.flatMap((reading) => reading.universals);
  if (universals.length === 0) return [];
  const limits = relied.flatMap((reading) => reading.limits);
  const rare = rarity(library);
  const findings: ReviewFindingDraft[] = [];
  for (const { element, text, start } of policySentences(policy)) {
    if ((element.type !== 'paragraph' && element.type !== 'list_item') || TOLD_AS_HISTORY.test(text)) continue;
    for (const narrowing of narrowingsOf(text)) {
      const source = bestUniversal(narrowing, universals, rare);
      if (!source || limits.some((limit) => statesLimit(narrowing, limit))) continue;
      findings.push(
        factualError(element, { start: start + narrowing.start, end: start + narrowing.end }, source, () => ({
          expected: `${source.text} (${source.document.code})`,
          explanation: `The policy applies this only ${narrowing.words}, but ${source.document.code} sets no such limit: "${source.text}."`,
          suggestion: `Remove the limit "only ${narrowing.words}" and follow ${source.document.code}.`,
        })),
      );
      break;
    }
  }
  return findings;
}

/** The clauses of a sentence that narrow something to a case. */
function* narrowingsOf(text: string): Generator<Narrowing> {
  const cases: { at: number; from: number; to: number; end?: number }[] = [];
  for (const match of text.matchAll(ONLY_CASE)) {
    const from = match.index + match[0].length;
    cases.push({ at: match.index, from, to: caseEnd(text, from) });
  }
  for (const match of text.matchAll(CASE_ONLY)) {
    cases.push({
      at: match.index,
      from: match.index,
      to: match.index + match[0].length - 'only'.length,
      end: match.index + match[0].length,
    });
  }
  for (const { at, from, to, end = to } of cases) {
    const start = Math.max(clauseOpening(text, at), sectionNumberLength(text));
    const before = text.slice(start, at);
    if (NOT_NARROWING.test(before) || /\bnot\s+$/i.test(before)) continue;
    const words = text.slice(from, to).trim();
    if (SAFEGUARD.test(words) || !DONE.test(text.slice(start, from))) continue;
    const narrowed = meaningful(subjectOf(`${before} ${text.slice(at, from).replace(/\bonly\b/i, '')}`));
    const narrowedTo = meaningful(subjectOf(words));
    if (narrowed.size < MIN_SHARED || narrowedTo.size === 0) continue;
    yield { start, end, narrowed, narrowedTo, words };
  }
}

/** Where the clause holding a position opens: after the last ";", ":" or ", " before it, within reach. */
function clauseOpening(text: string, at: number): number {
  const floor = Math.max(0, at - CLAUSE_REACH);
  const before = text.slice(floor, at);
  const cut = Math.max(before.lastIndexOf('; '), before.lastIndexOf(': '), before.lastIndexOf(', '));
  return cut < 0 ? floor : floor + cut + 2;
}

/** Where a case ends: at the next ",", ";", ":" or bracket, within reach. */
function caseEnd(text: string, from: number): number {
  const rest = text.slice(from, from + CLAUSE_REACH);
  const cut = rest.search(/[,;:()]|\s(?:and|but)\s/);
  return from + (cut < 0 ? rest.length : cut);
}

function meaningful(stems: Set<string>): Set<string> {
  return new Set([...stems].filter((word) => !GENERIC.has(word)));
}

/** The library sentence that states for all what the clause narrows, the closest first. */
function bestUniversal(narrowing: Narrowing, universals: readonly Universal[], rare: (stem: string) => boolean): Universal | null {
  let best: Universal | null = null;
  let bestScore = 0;
  for (const universal of universals) {
    const shared = [...narrowing.narrowed].filter((word) => universal.subject.has(word));
    if (shared.length < MIN_SHARED || shared.every((word) => ACTIVITIES.has(word))) continue;
    const score = shared.length / narrowing.narrowed.size;
    if (score < MIN_SCORE || score <= bestScore) continue;
    if (!shared.some(rare) && (shared.length < MIN_SHARED_COMMON || score < MIN_SCORE_COMMON)) continue;
    const caseSaid = [...narrowing.narrowedTo].filter((word) => universal.subject.has(word)).length;
    if (caseSaid / narrowing.narrowedTo.size > MAX_CASE_SAID) continue;
    best = universal;
    bestScore = score;
  }
  return best;
}

/** Whether a library sentence with a limit of its own is about the same thing and names the same case: the policy repeats the library. */
function statesLimit(narrowing: Narrowing, limit: Set<string>): boolean {
  const shared = [...narrowing.narrowed].filter((word) => limit.has(word)).length;
  const caseSaid = [...narrowing.narrowedTo].filter((word) => limit.has(word)).length;
  return shared >= MIN_SHARED && caseSaid / narrowing.narrowedTo.size >= MAX_CASE_SAID;
}

const rarities = new WeakMap<ReviewLibrary, (stem: string) => boolean>();

/** Whether a stem is used by few of the current library's sentences, read once per library. */
function rarity(library: ReviewLibrary): (stem: string) => boolean {
  const known = rarities.get(library);
  if (known) return known;
  let total = 0;
  const uses = new Map<string, number>();
  for (const document of library.documents) {
    if (document.status !== 'current') continue;
    const read = universalsOf(document);
    total += read.sentences;
    for (const [stem, count] of read.uses) uses.set(stem, (uses.get(stem) ?? 0) + count);
  }
  const limit = Math.max(1, total * RARE_SHARE);
  const rare = (stem: string) => (uses.get(stem) ?? 0) <= limit;
  rarities.set(library, rare);
  return rare;
}

interface DocumentReading {
  universals: Universal[];
  /** The words of the sentences that state a limit of their own ("reportable only where …"). */
  limits: Set<string>[];
  /** How many sentences the document has, and how many of them use each stem. */
  sentences: number;
  uses: Map<string, number>;
}

const readings = new WeakMap<LibraryDocument, DocumentReading>();

/** A document's sentences stating a thing for all cases, and its stems' uses, read once per document. */
function universalsOf(document: LibraryDocument): DocumentReading {
  const known = readings.get(document);
  if (known) return known;
  const reading: DocumentReading = { universals: [], limits: [], sentences: 0, uses: new Map() };
  for (const element of document.elements) {
    if (element.type === 'heading') continue;
    const rules = !element.headingPath.some((heading) => NOT_RULES.test(heading) || ABOUT_SECTION.test(heading));
    const inDuties = element.headingPath.some((heading) => DUTY_SECTION.test(heading));
    // Bold read as plain text, so that "**Recording.** Originally …" is two sentences and the second a history.
    for (const { text: raw } of sentences(element.text.replace(/\*+/g, ''))) {
      const text = raw.trim();
      const subject = subjectOf(text);
      reading.sentences++;
      for (const stem of subject) reading.uses.set(stem, (reading.uses.get(stem) ?? 0) + 1);
      if (!rules || element.type === 'table' || ABOUT_ITSELF.test(text) || PAST_RULE.test(text)) continue;
      if (LIMITED.test(text)) reading.limits.push(subject);
      else if (!PERMITS.test(text) && (UNIVERSAL.test(text) || inDuties || DUTY.test(text)))
        reading.universals.push({ text, subject, document, element });
    }
  }
  readings.set(document, reading);
  return reading;
}
