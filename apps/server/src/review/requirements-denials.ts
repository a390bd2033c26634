import { libraryExpansions } from './terms-acronyms.ts';
import { NOT_RULES } from './requirements-modality.ts';
import { stem, subjectOf } from './requirements-subjects.ts';
import { factualError, policySentences, sentences } from './requirements-text.ts';
import type { LibraryDocument, LibraryElement, Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/**
 * One comparison of denial: a policy clause that denies what a library sentence states, in the
 * library's own words, about the same thing ("Slings do not need their own examination" against
 * "Slings … need their own thorough examination at least every 6 months"; "Religion or belief is
 * not a protected characteristic" against "Religion or belief … is one of the nine protected
 * characteristics").
 *
 * The policy's side is a clause with a denial ("does not need", "is not", "are never", "need no",
 * "not required") after its subject; a reason given after it ("…, because they are not clinical
 * staff") is not part of the claim. The library's side is any sentence of a current document
 * (figures are compared with the whole library for the same reason: the instrument that states a
 * fact is often one the policy does not cite) that states something plainly: no denial, no hedge,
 * no exception of its own. The library sentence must hold the word the policy denies, a word of
 * the policy's subject, and half the clause's words, one of them a word few of the library's
 * sentences use; and no sentence of the library that itself denies it may hold as many of them
 * (the library agreeing with the policy: "Class II equipment needs no earth test").
 */

/** A denial after a subject: "do not need", "is not", "are never", "need no", "no need to", "not required". */
const DENIAL =
  /\b(?:(?:do|does|did)\s+not|don't|doesn't|(?:is|are|was|were)\s+not|isn't|aren't|(?:need|needs)\s+no|(?:is|are)\s+never|never|no\s+need\s+to|not\s+(?:required|needed|necessary)|(?:has|have)\s+no\s+(?:legal\s+|statutory\s+)?(?:duty|obligation|requirement)\s+to)\b/i;
/** Things put together: "stored together", "in the same bag as", "mixed with". */
const TOGETHER = /\b(?:together|in\s+the\s+same\s+\w+\s+(?:as|with)|mixed\s+with)\b/i;
/** Things kept apart, as a library sentence states it. */
const APART = /\b(?:separately|separated|separate\s+from|segregated|segregation|kept\s+apart|apart\s+from)\b/i;
/** What a denial cannot be read as: "not only", "not more than", "whether or not", "not yet". */
const NOT_A_DENIAL = /\bnot\s+(?:only|just|more|less|later|earlier|longer|exceeding|yet|least)\b|\bwhether\s+or\s+not\b/i;
/** Where the claim's clause ends: a reason, a consequence or a contrast after it. */
const CLAUSE_END = /[;:]|,\s+(?:because|as|since|so|but|although|though|while|whereas|which|and\s+so)\b|\s[–—-]\s/i;
/** A policy clause limited in its own words ("not required unless …", "only"): the policy may be stating the library's exception. */
const LIMITED = /\b(?:unless|except|only|until|provided|other\s+than|apart\s+from)\b/i;
/** A clause under a condition of its own ("If any item on the check fails, the equipment is not used"): what the policy does then, not a fact denied. */
const CONDITIONAL = /^\s*(?:\d+(?:\.\d+)*\.?\s+)?(?:if|when|whenever|where|should|once)\b[^,]{3,120},/i;
/** Library sentences that deny (and a denial before a word, "needs no earth test"), hedge, or state a rule under an exception: not plain statements. */
const LIBRARY_DENIAL = /\b(?:not|no|never|none|neither|nor|cannot|without)\b|n't\b/i;
const LIBRARY_HEDGE =
  /\b(?:may|might|could|can|usually|often|typically|generally|normally|sometimes|consider|recommended|good\s+practice|unless|except|only|until|some|if\s+(?:appropriate|necessary))\b/i;
/** A verb a plain statement says its subject with. */
const STATES = /\b(?:is|are|must|shall|needs?|requires?|has|have|applies|covers|counts|includes)\b/i;
/** A label before a dash, colon or cell: what follows names rather than states. */
const LABEL = /^[^.;]{0,60}?(?:\s[–—-]\s|:\s|\s\|\s)/;
/** A denial in a relative or conditional clause describes what it is about ("instruments that are not clean"), and one after "and" is an instruction ("… and do not enter"). */
const DESCRIBING = /\b(?:that|which|who|where|when|if|whose)(?:\s+\S+){0,2}\s*$|\b(?:and|or|then|but|please)\s*$|^\s*$/i;
/** Words of a denial's predicate that say only that something is needed or done: the denied word is the one after them. */
const LIGHT = new Set([
  'need',
  'requi',
  'neces',
  'have',
  'provi',
  'give',
  'given',
  'carri',
  'apply',
  'appli',
  'count',
  'treat',
  'consi',
  'regar',
]);
/** A subject that is the organisation writing the policy: "The Trust", "the practice", "We". */
const ORGANISATION =
  /^(?:\d+(?:\.\d+)*\.?\s+)?(?:(?:the|our)\s+)?(?:trust|practice|home|organi[sz]ation|company|council|board|employer|provider|service|we)$/i;
/** The subject's words read as its head: "further thorough examination", "Equipment connected …". */
const HEAD_WORDS = 2;
/** The clause's words a library sentence holds: at least this share, and at least this many. */
const MIN_COVERAGE = 0.5;
const MIN_SHARED = 3;
/** Of the words shared, at least this many are used by few of the library's sentences. */
const MIN_RARE = 1;
/** A word is rare when at most this share of the library's sentences use it. */
const RARE_SHARE = 0.01;
/** Characters of a policy sentence read: a denial is said in one clause, and untrusted text is bounded. */
const MAX_SENTENCE = 600;
/** Denials compared with the library at most: far more than any real policy makes. */
const MAX_DENIALS = 300;
/** Library sentences compared with one denial at most: the index narrows them to those holding its word. */
const MAX_CANDIDATES = 2_000;

interface LibrarySentence {
  text: string;
  stems: Set<string>;
  plain: boolean;
  document: LibraryDocument;
  element: LibraryElement;
}

interface LibraryIndex {
  sentences: LibrarySentence[];
  /** Plain sentences keeping things apart ("full and empty cylinders segregated"). */
  apart: LibrarySentence[];
  byStem: Map<string, LibrarySentence[]>;
  rare: (stem: string) => boolean;
}

/** A policy clause's denial: its subject's stems, its predicate's, the word denied, and where to quote. */
interface Denial {
  subject: Set<string>;
  /** The subject's first two words (a word and its modifier): what the clause is about. */
  head: string[];
  predicate: Set<string>;
  /** The word denied; '' for things put together ("stored together", "in the same bag as"), which a library sentence keeping them apart contradicts. */
  denied: string;
  start: number;
  end: number;
}

/** Policy clauses that deny what a library sentence states. */
export function denialFindings(policy: Policy, library: ReviewLibrary): ReviewFindingDraft[] {
  const index = indexOf(library);
  if (index.sentences.length === 0) return [];
  const expand = acronymStems(library);
  const findings: ReviewFindingDraft[] = [];
  let compared = 0;
  for (const { element, text, start } of policySentences(policy)) {
    if (element.type === 'heading' || element.type === 'table') continue;
    const denial = denialOf(text.slice(0, MAX_SENTENCE), expand);
    if (!denial) continue;
    if (++compared > MAX_DENIALS) break;
    const source = contradicting(denial, index);
    if (!source) continue;
    const code = source.document.code;
    // A list item's fragment ("slings and other lifting accessories …") quoted as a sentence.
    const said = `${source.text.charAt(0).toUpperCase()}${source.text.slice(1)}`;
    findings.push(
      factualError(element, { start: start + denial.start, end: start + denial.end }, source, (quote) => ({
        expected: `${said} (${code})`,
        explanation: `The policy says "${quote}", but ${code} states otherwise: "${said}."`,
        suggestion: `Correct this statement so that it agrees with ${code}.`,
      })),
    );
  }
  return findings;
}

/** The denial a policy sentence makes, or null: a subject, then a denial, then what is denied, in one clause. */
function denialOf(text: string, expand: (text: string) => Set<string>): Denial | null {
  if (NOT_A_DENIAL.test(text)) return null;
  // Words in quotation marks are a label or a form's wording ("labelled \"do not use\""), not the policy's claim.
  const unquoted = text.replace(/["“”][^"“”]*["“”]/g, (quoted) => ' '.repeat(quoted.length));
  const negated = DENIAL.exec(unquoted);
  const denial = negated ?? TOGETHER.exec(unquoted);
  if (!denial) return null;
  const together = negated === null;
  const clauseStart = Math.max(0, ...[';', ':', '. '].map((mark) => text.lastIndexOf(mark, denial.index) + 1));
  const rest = text.slice(denial.index + denial[0].length);
  const cut = CLAUSE_END.exec(rest);
  const end = denial.index + denial[0].length + (cut ? cut.index : rest.length);
  const before = text.slice(clauseStart, denial.index);
  const after = text.slice(denial.index + denial[0].length, end);
  if (LIMITED.test(before) || LIMITED.test(after) || DESCRIBING.test(before) || CONDITIONAL.test(before)) return null;
  const subject = expand(before);
  const predicate = expand(after);
  // An instruction ("Do not use …") has no subject: it rules something out rather than deny a fact.
  // The organisation writing the policy ("The Trust", "We") is a subject whose words say nothing.
  const itself = ORGANISATION.test(before.trim());
  if ((subject.size === 0 && !itself) || (predicate.size === 0 && !together)) return null;
  const denied = together ? '' : ([...predicate].find((stem) => !LIGHT.has(stem)) ?? [...predicate][0] ?? '');
  const lead = text.slice(clauseStart).length - text.slice(clauseStart).trimStart().length;
  const numbered = /^\s*\d+(?:\.\d+)*\.?\s+/.exec(text.slice(clauseStart))?.[0].length ?? lead;
  // "The Trust has no duty to provide rest facilities …": the organisation speaks of itself, and what
  // the clause is about is what it denies having to do.
  const head = itself ? [...predicate].filter((stem) => !LIGHT.has(stem)).slice(0, HEAD_WORDS) : [...subject].slice(0, HEAD_WORDS);
  return { subject, head, predicate, denied, start: clauseStart + numbered, end };
}

/** The library sentence a denial contradicts: plain, about the same thing, holding the word denied, and not outweighed by a sentence agreeing. */
function contradicting(denial: Denial, index: LibraryIndex): LibrarySentence | null {
  const words = new Set([...denial.subject, ...denial.predicate]);
  const candidates = (denial.denied === '' ? index.apart : (index.byStem.get(denial.denied) ?? [])).slice(0, MAX_CANDIDATES);
  const telling = denial.head.filter(index.rare);
  const head = telling.length > 0 ? telling : denial.head;
  let best: { sentence: LibrarySentence; shared: number } | null = null;
  let agreeing = 0;
  for (const sentence of candidates) {
    const shared = [...words].filter((stem) => sentence.stems.has(stem));
    if (!sentence.plain) {
      if (denial.denied !== '' && deniesWord(sentence.text, denial.denied)) agreeing = Math.max(agreeing, shared.length);
      continue;
    }
    if (shared.length < MIN_SHARED || shared.length / words.size < MIN_COVERAGE) continue;
    // The library sentence speaks of what the policy's clause is about: its first word ("Equipment connected to terminal units …" is not the terminal units),
    // and the telling one where the head has one ("Parts of a doorset …" is about doorsets, not any part).
    if (!head.some((stem) => sentence.stems.has(stem))) continue;
    if (shared.filter(index.rare).length < MIN_RARE) continue;
    if (!best || shared.length > best.shared) best = { sentence, shared: shared.length };
  }
  return best && best.shared > agreeing ? best.sentence : null;
}

/** Whether a sentence denies a word (by its stem): a denial within a few words before it ("needs no earth test", "is not a"). */
function deniesWord(text: string, denied: string): boolean {
  for (const match of text.matchAll(/[A-Za-z]+/g)) {
    if (stem(match[0].toLowerCase()) !== denied) continue;
    if (LIBRARY_DENIAL.test(text.slice(Math.max(0, match.index - DENIAL_REACH), match.index))) return true;
  }
  return false;
}

/** How far before a word a denial bears on it, in characters. */
const DENIAL_REACH = 40;

const indexes = new WeakMap<ReviewLibrary, LibraryIndex>();

/** The current library's sentences outside its histories and lists of failings, indexed by stem, read once per library. */
function indexOf(library: ReviewLibrary): LibraryIndex {
  const known = indexes.get(library);
  if (known) return known;
  const expand = acronymStems(library);
  const said: { text: string; row: boolean; document: LibraryDocument; element: LibraryElement }[] = [];
  for (const document of library.documents) {
    if (document.status !== 'current') continue;
    for (const element of document.elements) {
      if (element.type === 'heading' || element.headingPath.some((heading) => NOT_RULES.test(heading))) continue;
      if (element.type === 'table') {
        // A row says its cells of what the header names: "Protected characteristic: Religion or belief; Includes lack of belief".
        const [header = '', ...rows] = element.text.split('\n');
        const head = element.headingPath.at(-1) ?? header.split(' | ')[0] ?? '';
        for (const row of rows) said.push({ text: `${head}: ${row.split(' | ').join('; ')}`, row: true, document, element });
        continue;
      }
      for (const { text } of sentences(element.text))
        said.push({
          text: text
            .replace(/\*+/g, '')
            .replace(/[\s;,:]+$/, '')
            .trim(),
          row: false,
          document,
          element,
        });
    }
  }
  // The library's own verbs, as it writes them after "must" or "to": an instruction opens with one ("Notify CQC of …").
  const verbs = new Set<string>();
  for (const { text } of said) for (const match of text.matchAll(/\b(?:must|shall|should|to)\s+([a-z]{3,})/g)) verbs.add(match[1] ?? '');
  const all: LibrarySentence[] = said.map(({ text, row, document, element }) => {
    const read = text.replace(NOT_A_DENIAL, ' ');
    const first = /^[^A-Za-z]*([A-Za-z]+)/.exec(read)?.[1]?.toLowerCase() ?? '';
    // A plain statement says something of its subject with a verb, or is an instruction, or a table's row: a label ("Users — pre-use checks …") states nothing.
    const states = row || ((STATES.test(read) || verbs.has(first)) && !LABEL.test(read));
    return { text, stems: expand(text), plain: states && !LIBRARY_DENIAL.test(read) && !LIBRARY_HEDGE.test(read), document, element };
  });
  const byStem = new Map<string, LibrarySentence[]>();
  for (const sentence of all) {
    for (const stem of sentence.stems) {
      const list = byStem.get(stem) ?? [];
      list.push(sentence);
      byStem.set(stem, list);
    }
  }
  const limit = Math.max(1, all.length * RARE_SHARE);
  const index = {
    sentences: all,
    apart: all.filter((sentence) => sentence.plain && APART.test(sentence.text)),
    byStem,
    rare: (stem: string) => (byStem.get(stem)?.length ?? 0) <= limit,
  };
  indexes.set(library, index);
  return index;
}

/** A text's stems, with brackets read as words (an example in brackets names the thing too) and each acronym the library spells out as its words. */
function acronymStems(library: ReviewLibrary): (text: string) => Set<string> {
  const expansions = libraryExpansions(library);
  return (text) => {
    const stems = subjectOf(text.replace(/[()]/g, ' '));
    for (const acronym of text.match(/\b[A-Z]{2,6}\b/g) ?? []) {
      const words = expansions.get(acronym);
      if (words) for (const stem of subjectOf(words)) stems.add(stem);
    }
    return stems;
  };
}
