/**
 * Stage five of retrieval, choosing the documents that answer: among those relevant enough, the one
 * the question names (by code, an abbreviation only it uses, or its title), else the one most about
 * the question; beside it the law or the guidance on that law when that is on the subject; then a
 * further document only when it answers a part of the question the chosen ones leave open, or the
 * first sends the reader there. A draft gathers breadth instead.
 */
import { type PassageScorer, type QueryTerm, RELATIVE_CUT, splitSentences } from '../passage-scoring.ts';
import { type Candidate, leadLines, ownShare, RELEVANCE_THRESHOLD, SEEDS_PER_DOCUMENT } from './score.ts';
import type { Question } from '../question/read.ts';
import type { Intent } from '../question/slots.ts';
import { firstMention, isCrossReference, mentionsCode, namesTitle, sourceKind, termPattern } from './text-signals.ts';

/** A draft gathers up to four documents: within the three to five tried, all of which kept recall@answer between 0.94 and 1.00. */
const MAX_DOCUMENTS = 4;
/** An answer cites at most three documents: no dev-set answer used a fourth, and two cited fewer of the expected codes. */
export const MAX_ANSWER_DOCUMENTS = 3;
/** A further document is kept only when it is at least this share as much about the question as the first (for a draft: its best passage as the first's): 0.6 and 0.8 scored alike. */
const DOCUMENT_CUT = 0.7;
/** …and only when the wiki search scores it at least this share of the best-scoring document: a round value inside the 0.4–0.85 that scored alike. */
const SEARCH_CUT = 0.55;
/** What a document is about: its best passage's share of the question's terms, raised by this many times the share its title and code hold (0.5 and 2 scored alike). */
const TITLE_WEIGHT = 1;
/** Aboutness (or search scores) within 2 % of each other are tied: so small a difference comes from the term weights, not the documents. */
const ABOUTNESS_TIE = 0.02;
/** The first document must score at least half the best wiki-search score: a title match alone cannot make a barely found document answer first. */
const PRIMARY_SEARCH_CUT = 0.5;
/** A further document must hold this share of the question's own term weight the chosen ones leave open: it answers a part, not repeats them (0.1 and 0.2 scored alike). */
const NEW_TERMS_CUT = 0.15;
/** …or, when less, this many average terms' worth of it: a long question has more parts, and half a term is the smallest part worth a document. */
const NEW_TERM_SHARE = 0.5;
/** A sentence of the first document that names another must hold this share of the question's own terms to send the reader there: one naming it in passing holds less (0.2 and 0.4 scored alike). */
const POINTER_SHARE = 0.3;
/** The law (or guidance) cited beside the first document must be this share as much about the question: between unwanted partners (below 0.6) and the weakest wanted one (0.75)… */
const KIND_CUT = 0.65;
/** …and its title holds at least this share of the question's own term weight (it is about the subject, not a passing mention): wanted partners hold 0.21 or more, unwanted ones 0.04 or less. */
const KIND_TITLE = 0.1;

/** How the documents of the pool compare, for choosing among them. */
interface Measures {
  searchScore(entry: Candidate): number;
  /** The best search score in the pool. */
  topSearch: number;
  aboutness(entry: Candidate): number;
  tied(a: number, b: number): boolean;
  /** A superseded edition the question neither names nor asks editions of: it answers only when nothing current does. */
  superseded(entry: Candidate): boolean;
  /** The other phase's part (design for an operational question, or the reverse), not named: it answers only when no part of the right phase does, and is never cited beside one. */
  otherPhase(entry: Candidate): boolean;
}

/**
 * The first document: one the question names by its title ("under the Electricity at Work
 * Regulations"), else the one most about the question (between ties, the one the search scores
 * higher, then the one with more strong passages, then search order); a superseded edition only when
 * nothing current answers, or the question asks about editions. Also the title-named documents, best first.
 */
function firstDocument(pool: readonly Candidate[], question: Question, measures: Measures): { primary?: Candidate; titled: Candidate[] } {
  const { searchScore, topSearch, aboutness, tied, superseded, otherPhase } = measures;
  // Between documents about equally about it, the one with more strong passages (the mean of its best few).
  const depth = (entry: Candidate) =>
    entry.seeds.slice(0, SEEDS_PER_DOCUMENT).reduce((sum, seed) => sum + seed.score, 0) / SEEDS_PER_DOCUMENT;
  const eligible = pool.filter((entry) => !entry.namedOnly && searchScore(entry) >= topSearch * PRIMARY_SEARCH_CUT);
  const ranked = [...eligible].sort(
    (a, b) =>
      Number(superseded(a)) - Number(superseded(b)) ||
      Number(otherPhase(a)) - Number(otherPhase(b)) ||
      (tied(aboutness(a), aboutness(b))
        ? tied(searchScore(a), searchScore(b))
          ? depth(b) - depth(a)
          : searchScore(b) - searchScore(a)
        : aboutness(b) - aboutness(a)) ||
      pool.indexOf(a) - pool.indexOf(b),
  );
  const titled = pool
    .filter((entry) => !superseded(entry) && (entry.detected || namesTitle(question, entry.document.title)))
    .sort((a, b) => aboutness(b) - aboutness(a));
  return { primary: titled[0] ?? ranked[0] ?? pool[0], titled };
}

/**
 * Documents the first one's own passages send the reader to ("…follows BS 7671 and the regimes
 * recommended in HTM 06-01"): the first source itself says the answer continues there. Only a
 * sentence on the question counts ("… frequencies are given in HSG274"), not one that names a
 * document in passing or to set it aside ("Where HTM 06-01 is about the installation …").
 */
function pointedTo(
  primary: Candidate,
  pool: readonly Candidate[],
  terms: readonly QueryTerm[],
  scorer: PassageScorer,
  seedCount = SEEDS_PER_DOCUMENT,
): Set<Candidate> {
  const pointed = new Set<Candidate>();
  const top = primary.seeds[0]?.score ?? 0;
  const patterns = terms.map((term) => (term.carried ? null : termPattern(term.lexeme)));
  const sentenceShare = (text: string) => ownShare(terms, scorer, (i) => patterns[i]?.test(text) === true);
  const sentences = primary.seeds
    .slice(0, seedCount)
    .filter((seed) => seed.score >= top * RELATIVE_CUT && !isCrossReference({ text: seed.row.text, heading_path: seed.row.headingPath }))
    .flatMap((seed) => splitSentences({ ...seed.row, text: withoutSourceColumn(seed.row) }).map((sentence) => sentence.text))
    .filter((text) => sentenceShare(text) >= POINTER_SHARE);
  for (const entry of pool) {
    if (entry !== primary && sentences.some((text) => mentionsCode(withoutAttributions(text), entry.document.code))) pointed.add(entry);
  }
  return pointed;
}

/**
 * The document the first one defers to: when the first's best passage names another document in the
 * pool, sending the reader there ("Review of fire risk assessments follows RRO 2005") or giving it as
 * the source of what it states ("… within 1 minute | HSG274 Part 2"), the first gives the answer
 * second hand, and the document it names that is most about the question (between ties, the one named
 * first) answers first, if it is nearly as much about the question, current, applicable and of the question's phase: the specific text before its parent,
 * overview or summary. Otherwise the first itself.
 */
function deferredTo(
  primary: Candidate,
  pool: readonly Candidate[],
  terms: readonly QueryTerm[],
  scorer: PassageScorer,
  measures: Measures,
): Candidate {
  const { aboutness, superseded, otherPhase, tied } = measures;
  // Its lines most on the question (the table row asked about, not a row naming a document for a
  // term), and any sentence of it saying it amends another document: an amending instrument
  // changes the principal one, which holds the duties as amended.
  const best = primary.seeds[0]?.row.text ?? '';
  // What a document says it amends, it says of itself: in its best passage or its opening.
  const opening = primary.elements
    .filter((row) => row.type === 'paragraph')
    .slice(0, OPENING_PARAGRAPHS)
    .map((row) => row.text);
  const amends = [best, ...opening].flatMap((text) => text.split(/(?<=[.!?])\s+(?=[A-Z])/)).filter((sentence) => AMENDS.test(sentence));
  const eligible = pool.filter(
    (entry) =>
      entry !== primary &&
      !superseded(entry) &&
      !otherPhase(entry) &&
      !entry.inapplicable &&
      // The law holds the duty: it yields to another law (the regulation an overview names, the
      // Order an Act amends), not to guidance it points to, which is cited beside it instead.
      !(sourceKind(primary.document.category) === 'law' && sourceKind(entry.document.category) !== 'law') &&
      aboutness(entry) >= aboutness(primary) * KIND_CUT,
  );
  // Line by line, most on the question first: the documents a line names (in a pointer, an
  // attribution or a source column); of those, the one most about the question, between ties the
  // one named first.
  for (const line of [...leadLines([best], terms, scorer, DEFER_LINE_SHARE), ...amends]) {
    const named = eligible
      .map((entry) => ({ entry, at: firstMention(line, entry.document.code) }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => (tied(aboutness(a.entry), aboutness(b.entry)) ? a.at - b.at : aboutness(b.entry) - aboutness(a.entry)));
    if (named[0]) return named[0].entry;
  }
  return primary;
}

/** The lines of the first's best passage read for a document to defer to: those holding at least this share of the best line's question terms (0.5 let a roles-table row naming the ACoP for a term redirect a Water Safety Group question; 0.67 missed "Review of fire risk assessments follows RRO 2005" beside a line on Home Office guidance). */
const DEFER_LINE_SHARE = 0.6;

/** The paragraphs that open a document, where it says what it is (and what it amends). */
const OPENING_PARAGRAPHS = 2;

/** A sentence saying its document amends another ("a short Act that amends the … Order 2005 (RRO 2005)"); not "as amended by", which names the amending one. */
const AMENDS = /\bamends\b/i;

/** Headings of a table column that names where each row's figure comes from. */
const SOURCE_COLUMN = /^(?:sources?|references?|from|set (?:by|in)|authority|where (?:it|the \w+) comes from)$/i;

/** A table's text without the cells of its source column (attributions, not pointers); other elements' text as it is. */
function withoutSourceColumn(row: { type: string; text: string }): string {
  if (row.type !== 'table') return row.text;
  const rows = row.text.split('\n').map((line) => line.split(' | '));
  const column = (rows[0] ?? []).findIndex((cell) => SOURCE_COLUMN.test(cell.trim()));
  if (column < 0) return row.text;
  return rows.map((cells) => cells.filter((_, i) => i !== column).join(' | ')).join('\n');
}

/**
 * A sentence without its bracketed attributions: "Consignment notes are kept for 3 years (HWR 2005)"
 * states the fact and names where it comes from; it does not send the reader to that document for
 * more, as "the frequencies are given in HSG274" does.
 */
function withoutAttributions(text: string): string {
  return text.replace(/\([^()]*(?:\([^()]*\)[^()]*)*\)/g, ' ');
}

/**
 * The law and the guidance that implements it answer together: when the first document is one of
 * them, the one of the other kind most about the question (ties by search order), if it is nearly as
 * much about it and its title says it is on the subject (LOLER 1998 with HTM 08-02 "Lifts").
 */
function lawOrGuidancePartner(
  primary: Candidate,
  chosen: readonly Candidate[],
  pool: readonly Candidate[],
  measures: Measures,
): Candidate | undefined {
  const { searchScore, topSearch } = measures;
  const kind = sourceKind(primary.document.category);
  if (kind === null || chosen.some((entry) => sourceKind(entry.document.category) !== kind)) return undefined;
  return mostAbout(
    pool.filter(
      (entry) =>
        mayJoin(entry, primary, chosen, measures) &&
        sourceKind(entry.document.category) !== null &&
        sourceKind(entry.document.category) !== kind &&
        entry.title >= KIND_TITLE &&
        searchScore(entry) >= topSearch * SEARCH_CUT,
    ),
    pool,
    measures,
  );
}

/** A document that may be cited beside the chosen ones: not yet chosen, found by the search (not only named), current, of the question's phase, and nearly as much about the question as the first. */
function mayJoin(entry: Candidate, primary: Candidate, chosen: readonly Candidate[], measures: Measures): boolean {
  const { aboutness, superseded, otherPhase } = measures;
  return (
    !chosen.includes(entry) &&
    !entry.namedOnly &&
    !superseded(entry) &&
    !otherPhase(entry) &&
    aboutness(entry) >= aboutness(primary) * KIND_CUT
  );
}

/** The entry most about the question; between ties, the one the search ranked first. */
function mostAbout(entries: readonly Candidate[], pool: readonly Candidate[], measures: Measures): Candidate | undefined {
  const { aboutness, tied } = measures;
  return [...entries].sort((a, b) =>
    tied(aboutness(a), aboutness(b)) ? pool.indexOf(a) - pool.indexOf(b) : aboutness(b) - aboutness(a),
  )[0];
}

/** A document none reaches the threshold with may still answer from this share of the question's weight… */
const LEADER_FLOOR = 0.3;
/** …when it holds this many times the share of the next document… */
const LEADER_MARGIN = 1.4;
/** …and its best passage holds this many of the question's own specific words (QueryTerm.specific). */
const LEADER_SPECIFIC = 2;

/**
 * The one document a question is about though none holds half its weight: far ahead of the rest,
 * with two of the question's rare words in its best passage ("benchtop autoclave … pouched", "AHUs …
 * BMS … set back"). The asker's scene and trade words take the weight, but only one document is on
 * their subject; a question the library does not cover has no such leader.
 */
function clearLeader(scored: readonly Candidate[], terms: readonly QueryTerm[]): Candidate | null {
  const [first, second] = [...scored].sort((a, b) => b.relevance - a.relevance);
  if (!first || first.relevance < LEADER_FLOOR || first.relevance < LEADER_MARGIN * (second?.relevance ?? 0)) return null;
  const hits = first.seeds[0]?.row.hits ?? [];
  const specific = terms.filter((term, i) => term.specific && !term.carried && hits[i]).length;
  return specific >= LEADER_SPECIFIC ? first : null;
}

/** The documents that answer, first one first; none when no document holds enough of the question. */
export function chooseDocuments(options: {
  scored: readonly Candidate[];
  searchScores: ReadonlyMap<string, number>;
  terms: readonly QueryTerm[];
  scorer: PassageScorer;
  question: Question;
  purpose: 'answer' | 'draft';
}): Candidate[] {
  const { scored, searchScores, question } = options;
  const onSubject = scored.filter((entry) => entry.relevance >= RELEVANCE_THRESHOLD);
  if (onSubject.length === 0) {
    const leader = clearLeader(scored, options.terms);
    if (leader) onSubject.push(leader);
  }
  if (onSubject.length === 0) return [];
  // Another country's rules ("a hospital in Ohio", "the UAE fire code"), pay and tax, office software:
  // not the library's, whatever its words in common, unless the question names one of its documents.
  if (question.understanding.outside !== null && !onSubject.some((entry) => entry.named)) return [];
  // A document that says it does not apply where the asker is ("do not normally apply to care
  // homes", a Scotland-only text for a question about England) is not cited as a requirement,
  // unless the question names it (by its code or its title) or nothing else answers.
  const applicable = onSubject.filter((entry) => entry.named || !entry.inapplicable || namesTitle(question, entry.document.title));
  const relevant = applicable.length > 0 ? applicable : onSubject;

  // A question naming a code is about that document (and its editions) only; one naming an
  // abbreviation only one current document uses ("under COSHH") is about that document.
  const named = relevant.filter((entry) => entry.named);
  const aliasedPool = relevant.filter((entry) => entry.aliased);
  const pool = named.length > 0 ? named : aliasedPool.length > 0 ? aliasedPool : relevant;
  const wantsEditions = question.asks.editions;
  const searchScore = (entry: Candidate) => searchScores.get(entry.document.id) ?? 0;
  const measures: Measures = {
    searchScore,
    topSearch: Math.max(...pool.map(searchScore)),
    aboutness: (entry) => entry.best * (1 + TITLE_WEIGHT * entry.title),
    tied: (a, b) => Math.abs(a - b) <= Math.max(a, b) * ABOUTNESS_TIE,
    superseded: (entry) => entry.document.status === 'superseded' && !wantsEditions && !entry.named,
    otherPhase: (entry) => entry.otherPhase && !entry.named,
  };
  const chosen = named.length > 0 ? named.slice(0, MAX_DOCUMENTS) : chooseAmong(pool, options, measures);
  // A superseded edition is dropped when the edition replacing it answers too, unless editions are asked about.
  const keptCodes = new Set(chosen.map((entry) => entry.document.code));
  return chosen.filter(
    (entry) =>
      entry.named ||
      wantsEditions ||
      entry.document.status !== 'superseded' ||
      entry.document.superseded_by_code === null ||
      !keptCodes.has(entry.document.superseded_by_code),
  );
}

/** The documents that answer a question naming none by its code: the first, then those it leaves room for. */
function chooseAmong(
  pool: readonly Candidate[],
  options: { terms: readonly QueryTerm[]; scorer: PassageScorer; question: Question; purpose: 'answer' | 'draft' },
  measures: Measures,
): Candidate[] {
  const { terms, scorer, question } = options;
  const { searchScore, topSearch, aboutness, superseded, otherPhase } = measures;
  const first = firstDocument(pool, question, measures);
  const { titled } = first;
  const primary = first.primary && titled[0] !== first.primary ? deferredTo(first.primary, pool, terms, scorer, measures) : first.primary;
  const chosen: Candidate[] = primary ? [primary] : [];
  /** The question's own terms a document's strongest passages hold themselves (not through a heading or the title). */
  const held = new Map<Candidate, Set<number>>();
  const heldTerms = (entry: Candidate): Set<number> => {
    let set = held.get(entry);
    if (!set) {
      set = new Set<number>();
      const top = entry.seeds[0]?.score ?? 0;
      for (const seed of entry.seeds.slice(0, SEEDS_PER_DOCUMENT)) {
        if (seed.score < top * RELATIVE_CUT || seed.score <= 0) break;
        seed.row.hits.forEach((hit, i) => {
          if (hit && !terms[i]?.carried) set?.add(i);
        });
      }
      held.set(entry, set);
    }
    return set;
  };
  // Further documents, in search order, only when they are nearly as relevant and answer a part
  // of the question the documents already chosen leave open. What a document covers: the terms
  // its strongest passages hold, and those its title holds (it is about them).
  const covers = (entry: Candidate) =>
    new Set([...heldTerms(entry), ...terms.flatMap((_, i) => (entry.document.title_hits[i] ? [i] : []))]);
  // A long question has more parts: a document answering one of them (half an average term's weight) is enough.
  const ownTerms = terms.filter((term) => !term.carried).length;
  const newTermsCut = Math.min(NEW_TERMS_CUT, ownTerms > 0 ? NEW_TERM_SHARE / ownTerms : NEW_TERMS_CUT);
  const covered = new Set<number>();
  const cover = (entry: Candidate) => {
    for (const i of covers(entry)) covered.add(i);
  };
  if (primary) cover(primary);
  const pointed = primary ? pointedTo(primary, pool, terms, scorer) : new Set<Candidate>();
  // A document that yielded to the first gives the answer second hand: naming it ("as amended by
  // …") does not bring it back; it is cited only when it adds a part of the question.
  if (first.primary && first.primary !== primary) pointed.delete(first.primary);
  const draft = options.purpose === 'draft';
  const maxDocuments = draft ? MAX_DOCUMENTS : MAX_ANSWER_DOCUMENTS;
  for (const entry of titled) {
    if (chosen.length < maxDocuments && !chosen.includes(entry)) {
      chosen.push(entry);
      cover(entry);
    }
  }
  const partner = !draft && primary ? lawOrGuidancePartner(primary, chosen, pool, measures) : undefined;
  if (partner && chosen.length < maxDocuments) {
    chosen.push(partner);
    cover(partner);
  }
  for (const entry of pool) {
    if (chosen.length >= maxDocuments) break;
    if (chosen.includes(entry) || entry.namedOnly || superseded(entry) || (otherPhase(entry) && !(primary && otherPhase(primary))))
      continue;
    if (primary && aboutness(entry) < aboutness(primary) * DOCUMENT_CUT) continue;
    if (searchScore(entry) < topSearch * SEARCH_CUT) continue;
    const holds = covers(entry);
    const adds = ownShare(terms, scorer, (i) => holds.has(i) && !covered.has(i));
    if (!draft && adds < newTermsCut && !pointed.has(entry)) continue;
    // What it adds must be on the subject: a document whose title holds none of the question's
    // terms shares only the setting ("hospital", "works"), like asbestos beside electrical inspection.
    // A draft is held to it too: a policy on the subject has nothing to take from bedhead services.
    if (entry.title === 0 && !pointed.has(entry)) continue;
    chosen.push(entry);
    cover(entry);
  }
  if (!draft && primary) {
    const filler = slotFiller(primary, chosen, pool, question, measures);
    if (filler && chosen.length < maxDocuments) chosen.push(filler);
  }
  return chosen;
}

/** The slots whose fact a further document may give: a figure the chosen documents' strongest passages leave out is a part of the question they leave open. */
const FACT_SLOTS: ReadonlySet<Intent['kind']> = new Set(['interval', 'period', 'deadline', 'temperature', 'figure']);

/** A sentence denying what it names. */
const NEGATED = /\b(?:not|no|never|nor)\b|n't\b/i;

/**
 * A document giving the fact the question asks for (an interval, a period, a figure) when none of the
 * chosen ones' strongest passages gives it: the standard says what the inspection certifies, the
 * guidance beside it how often. Of the documents nearly as much about the question, current,
 * applicable, of the question's phase and on its subject (their title holds a question term), the
 * one most about the question whose strongest passages give it.
 */
function slotFiller(
  primary: Candidate,
  chosen: readonly Candidate[],
  pool: readonly Candidate[],
  question: Question,
  measures: Measures,
): Candidate | undefined {
  const strongest = (entry: Candidate) => {
    const top = entry.seeds[0]?.score ?? 0;
    return entry.seeds.slice(0, SEEDS_PER_DOCUMENT).filter((seed) => seed.score > 0 && seed.score >= top * RELATIVE_CUT);
  };
  // A sentence saying the fact is not set ("do not set fixed intervals", "does not demand annual
  // testing") talks about it without giving it.
  const gives = (entry: Candidate, intent: Intent) =>
    strongest(entry).some((seed) =>
      splitSentences({ ...seed.row }).some((sentence) => intent.answers(sentence.text) && !NEGATED.test(sentence.text)),
    );
  const open = question.intents.filter((intent) => FACT_SLOTS.has(intent.kind) && !chosen.some((entry) => gives(entry, intent)));
  if (open.length === 0) return undefined;
  return mostAbout(
    pool.filter(
      (entry) =>
        mayJoin(entry, primary, chosen, measures) && !entry.inapplicable && entry.title > 0 && open.some((intent) => gives(entry, intent)),
    ),
    pool,
    measures,
  );
}
