import { isLegislation } from './roles-topic.ts';
import { sentencesWithCitations } from './requirements-force.ts';
import { factualError, proseSentences, sectionNumberLength } from './requirements-text.ts';
import type { Citation, LibraryDocument, LibraryElement, Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/**
 * The body a policy says enforces a document it cites, in the same sentence, against the bodies the
 * document's own entry says enforce it: "Regulation 18 is enforced by the Health and Safety
 * Executive" against "… enforced by CQC through its civil powers". Said only where every document
 * the sentence cites names its enforcers and none of them is a body the sentence names: a library
 * sentence on enforcement that names other bodies as well only widens what is accepted.
 */

/** The bodies that enforce the laws the library holds, each by the ways it is written. */
const ENFORCERS: readonly { key: string; name: string; pattern: string }[] = [
  { key: 'cqc', name: 'CQC', pattern: 'Care\\s+Quality\\s+Commission|CQC' },
  { key: 'hse', name: 'HSE', pattern: 'Health\\s+and\\s+Safety\\s+Executive|HSE' },
  { key: 'local', name: 'local authorities', pattern: '(?:local\\s+)?(?:council|local\\s+authorit(?:y|ies))(?:\\s+building\\s+control)?' },
  {
    key: 'fire',
    name: 'the fire and rescue authority',
    pattern: '(?:local\\s+)?fire\\s+(?:and\\s+rescue\\s+)?(?:authorit(?:y|ies)|services?)',
  },
  { key: 'ico', name: 'the Information Commissioner', pattern: "Information\\s+Commissioner(?:['’]s\\s+Office)?|ICO" },
  { key: 'ehrc', name: 'the EHRC', pattern: 'Equality\\s+and\\s+Human\\s+Rights\\s+Commission|EHRC' },
  { key: 'ea', name: 'the Environment Agency', pattern: 'Environment\\s+Agency' },
  { key: 'police', name: 'the police', pattern: 'police' },
  { key: 'dvsa', name: 'the DVSA', pattern: 'Driver\\s+and\\s+Vehicle\\s+Standards\\s+Agency|DVSA' },
  { key: 'bsr', name: 'the Building Safety Regulator', pattern: 'Building\\s+Safety\\s+Regulator|BSR' },
  { key: 'mhra', name: 'the MHRA', pattern: 'Medicines\\s+and\\s+Healthcare\\s+products\\s+Regulatory\\s+Agency|MHRA' },
  { key: 'water', name: 'the water undertaker', pattern: 'water\\s+(?:undertaker|supplier|company)' },
];

const BODY = ENFORCERS.map(({ pattern }) => `(?:${pattern})`).join('|');
/** One body, or two or three joined by commas, "and" or "or". */
const BODIES = `(?:the\\s+)?(?:${BODY})(?:\\s*(?:,|\\band\\b|\\bor\\b)\\s*(?:the\\s+)?(?:${BODY})){0,2}`;
/** The policy saying who enforces something: "is enforced by HSE", "which CQC enforces", "HSE is the enforcing authority". */
const ENFORCER_CLAIM = new RegExp(
  `\\benforced\\s+(?:in\\s+England\\s+)?by\\s+(${BODIES})\\b|(?<![\\w-])(${BODIES})\\s+(?:enforces|is\\s+the\\s+enforcing\\s+authority)\\b`,
  'i',
);
/** A denial before the claim: "is not enforced by HSE but by …". */
const DENIED = /\b(?:not|no|never|nor|neither)\b/i;
/** A library sentence on enforcement. */
const ENFORCEMENT = /\benforc/i;

/** The words of a law's title that say what it is about, in order: "hazardous waste", "fire safety". */
function subjectWords(title: string): string[] {
  return (
    title
      .replace(/\(SI[^)]*\)/g, '')
      .toLowerCase()
      .match(/[a-z]+/g) ?? []
  )
    .filter((word) => !GENERIC_TITLE_WORDS.has(word))
    .map(stem);
}

function yearOf(title: string): number {
  return Number(/\b(?:1[89]|20)\d\d\b/.exec(title)?.[0] ?? 9999);
}

/** Each enforcer's names as a whole phrase, compiled once. */
const ENFORCER_NAMES = ENFORCERS.map(({ key, pattern }) => ({ key, named: new RegExp(`(?<![\\w-])(?:${pattern})(?![\\w-])`, 'i') }));

/** The enforcers a text names, by key. */
function bodiesIn(text: string): Set<string> {
  return new Set(ENFORCER_NAMES.filter(({ named }) => named.test(text)).map(({ key }) => key));
}

interface Enforcement {
  keys: Set<string>;
  element: LibraryElement;
  sentence: string;
}

/** Title words that say what kind of law it is, or where, rather than what it is about. */
const GENERIC_TITLE_WORDS = new Set(
  'regulation regulations act order the of and to in at for on etc england wales scotland northern ireland uk regulatory reform amendment si'.split(
    ' ',
  ),
);
/** A law is named by its subject when its title has at least this many subject words, said in order before the claim. */
const MIN_SUBJECT_WORDS = 2;

/** A word compared without its plural: "wastes" and "waste". */
const stem = (word: string) => (word.length > 3 ? word.replace(/s$/, '') : word);

/**
 * Policy sentences naming as enforcer of a law a body the law's entry does not name: a law the
 * sentence cites, or, where it cites none, the current laws its subject names by their titles'
 * words ("Hazardous waste controls … are enforced by the local authority" for the Hazardous Waste
 * (England and Wales) Regulations 2005; "Fire safety in the building …" for each fire safety law).
 */
export function enforcerFindings(policy: Policy, citations: readonly Citation[], library: ReviewLibrary): ReviewFindingDraft[] {
  const findings: ReviewFindingDraft[] = [];
  const laws = lawsBySubject(library);
  for (const { element, text, start, cited } of sentencesWithCitations(policy, citations)) {
    const claim = ENFORCER_CLAIM.exec(text);
    if (!claim || DENIED.test(text.slice(0, claim.index))) continue;
    const claimed = bodiesIn(claim[1] ?? claim[2] ?? '');
    const before = ` ${(
      text
        .slice(0, claim.index)
        .toLowerCase()
        .match(/[a-z]+/g) ?? []
    )
      .map(stem)
      .join(' ')} `;
    const named =
      cited.length > 0 ? cited : laws.filter(({ words }) => before.includes(` ${words.join(' ')} `)).map(({ document }) => document);
    const known = named.map((document) => ({ document, enforcement: enforcementOf(document) }));
    const [first] = known;
    if (
      !first?.enforcement ||
      claimed.size === 0 ||
      known.some(({ enforcement }) => !enforcement || [...claimed].some((key) => enforcement.keys.has(key)))
    )
      continue;
    const { document, enforcement } = first;
    const names = ENFORCERS.filter(({ key }) => enforcement.keys.has(key)).map(({ name }) => name);
    const enforcers = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
    findings.push(
      factualError(
        element,
        // The claim with what it says is enforced, from the sentence's start.
        { start: start + sectionNumberLength(text), end: start + claim.index + claim[0].length },
        { document, element: enforcement.element },
        (quote) => ({
          expected: enforcement.sentence,
          explanation: `The policy says "${quote}", but ${document.code} is enforced by ${enforcers}: "${enforcement.sentence}."`,
          suggestion: `Name the body that enforces ${document.code}: ${enforcers}.`,
        }),
      ),
    );
  }
  return findings;
}

/**
 * The current laws whose titles have subject words enough to be named by them, the principal law on
 * a subject first (the later ones amend or add to it: RRO 2005, then the Fire Safety Act 2021).
 * Read once a library.
 */
function lawsBySubject(library: ReviewLibrary): readonly { document: LibraryDocument; words: string[] }[] {
  let laws = subjects.get(library);
  if (!laws) {
    laws = library.documents
      .filter((document) => document.status === 'current' && isLegislation(document))
      .map((document) => ({ document, words: subjectWords(document.title) }))
      .filter(({ words }) => words.length >= MIN_SUBJECT_WORDS)
      .sort((a, b) => yearOf(a.document.title) - yearOf(b.document.title));
    subjects.set(library, laws);
  }
  return laws;
}

const subjects = new WeakMap<ReviewLibrary, { document: LibraryDocument; words: string[] }[]>();

/**
 * The bodies a document's own entry says enforce it, from its sentences on enforcement (none in a
 * table or a heading), with the first such sentence to quote. Read once a document.
 */
function enforcementOf(document: LibraryDocument): Enforcement | null {
  if (!enforcement.has(document)) enforcement.set(document, readEnforcement(document));
  return enforcement.get(document) ?? null;
}

const enforcement = new WeakMap<LibraryDocument, Enforcement | null>();

function readEnforcement(document: LibraryDocument): Enforcement | null {
  let found: Enforcement | null = null;
  for (const { element, sentence } of proseSentences(document)) {
    if (!ENFORCEMENT.test(sentence)) continue;
    const keys = bodiesIn(sentence);
    if (keys.size === 0) continue;
    if (found) for (const key of keys) found.keys.add(key);
    else found = { keys, element, sentence };
  }
  return found;
}
