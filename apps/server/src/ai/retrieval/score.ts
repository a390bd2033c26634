/**
 * Stage four of retrieval, scoring passages: every body element of every candidate document is
 * scored by the shared passage scorer, discounted when it is not the document speaking for itself
 * (a cross-reference, a section the question does not ask about), and each document is summed up by
 * its best elements, whether the question names it, and how much of the question its title holds.
 */
import type { PassageScorer, QueryTerm } from '../passage-scoring.ts';
import {
  disappliesTo,
  titledForOtherSide,
  writtenForOtherSettings,
  documentExcludesNation,
  PULLING_KINDS,
  phaseConflicts,
  pullsKind,
  type QuestionKind,
} from '../question/kinds.ts';
import type { Question } from '../question/read.ts';
import type { DocumentRow, ElementRow } from './candidates.ts';
import {
  codeAlias,
  codeKey,
  familyKey,
  isCrossReference,
  namesCode,
  namesFamily,
  offQuestionSection,
  termPattern,
} from './text-signals.ts';

/** A passage that points at other documents (a "Related documents" entry, "HTM 07-01 — …") counts half: it names where the answer is rather than giving it. */
const CROSS_REFERENCE_FACTOR = 0.5;
/** A passage must hold half the question's own term weight for the library to answer it: most of what it asks, weighted by rarity; less is a passing mention. */
export const RELEVANCE_THRESHOLD = 0.5;
/** …or this share when it holds SPECIFIC_TOGETHER of the question's own specific words (QueryTerm.specific). */
const SPECIFIC_RELEVANCE = 0.35;
const SPECIFIC_TOGETHER = 2;
/** A passage from a section the question does not ask about (a document's history, its common failings) counts 0.7: still the document's own words, but beside the point. */
const ASIDE_FACTOR = 0.7;
/** A document's strongest passages are its best three: a question rarely has more parts, and three documents' worth nearly fills an answer's eight passages. */
export const SEEDS_PER_DOCUMENT = 3;
/**
 * A passage holding the kind of answer the question asks for (an interval for "how often", a roles
 * statement for "who", a number with its unit for "what temperature", a records statement for
 * records) scores up to this share more, in proportion to the asked kinds it holds: it answers,
 * where a passage with the same words only talks about the subject.
 */
const KIND_PULL = 0.25;
/** A table whose rows hold the question's words only between them counts this share of what it holds as a whole. */
const SPREAD_TABLE = 0.8;

export interface Scored {
  row: ElementRow;
  score: number;
  /** Share of the question's own terms (not those carried from earlier questions) the element holds. */
  relevance: number;
}

/** A candidate document with its elements scored, best first. */
export interface Candidate {
  document: DocumentRow;
  elements: ElementRow[];
  seeds: Scored[];
  best: number;
  /** Best share of the question's own terms held by one passage (raw, before a code match counts). */
  ownBest: number;
  relevance: number;
  named: boolean;
  /** Named by an abbreviation only it uses ("under RIDDOR", "COSHH"). */
  aliased: boolean;
  /** Named as a citation the reference detector reads ("the 2006 L143 acop", "the HSW act"): it may answer first, as a title does. */
  detected: boolean;
  /** Share of the question's own term weight held by the title and code. */
  title: number;
  /**
   * The document says it does not apply where the asker is (a passage disapplying it to the
   * question's setting or nation, its applies_to leaving out the nation named, or guidance whose
   * audience never names the asker's kind of setting): it is not cited as a requirement unless named.
   */
  inapplicable: boolean;
  /** The document is the other phase's part (a design part for an operational question, or the reverse), or titled for the other side of a contrast the question draws (high voltage for low). */
  otherPhase: boolean;
  /**
   * Not found by the search but named by a candidate's best passage (retrieval.ts): it may answer
   * in place of the document naming it (choice.ts, deferredTo), never beside it.
   */
  namedOnly?: boolean;
}

/** The share of the question's own term weight held by the terms `held` picks. */
export function ownShare(terms: readonly QueryTerm[], scorer: PassageScorer, held: (i: number) => boolean): number {
  return scorer.ownWeight <= 0
    ? 0
    : terms.reduce((total, term, i) => total + (!term.carried && held(i) ? term.weight : 0), 0) / scorer.ownWeight;
}

/**
 * The lines (table rows, sentences) of passages that hold the most of the question's own terms: at
 * least `share` of what the best line holds, most on the question first. A table of regulations names every one of them; only
 * the rows on the question say which is asked about.
 */
export function leadLines(texts: readonly string[], terms: readonly QueryTerm[], scorer: PassageScorer, share: number): string[] {
  const patterns = terms.map((term) => (term.carried ? null : termPattern(term.lexeme)));
  // A table row is one line (its cells, source column included, go together); prose splits into sentences.
  const lines = texts.flatMap((text) =>
    text.split('\n').flatMap((line) => (line.includes(' | ') ? [line] : line.split(/(?<=[.!?])\s+(?=[A-Z])/))),
  );
  const shares = lines.map((line) => ownShare(terms, scorer, (i) => patterns[i]?.test(line) === true));
  const best = Math.max(0, ...shares);
  if (best <= 0) return [];
  // Most on the question first; equal lines in their order.
  return lines
    .map((line, i) => ({ line, share: shares[i] ?? 0, i }))
    .filter((entry) => entry.share >= best * share)
    .sort((a, b) => b.share - a.share || a.i - b.i)
    .map((entry) => entry.line);
}

/**
 * The candidates a question names by the code their parts or editions share, written without the
 * part or the year ("which part of HTM 03-01…", "SOPs still cite CFPP 01-06"), when no document has
 * that code itself: the current ones when there are any (a code without its year means the edition
 * in force), else the editions.
 */
function namedFamilies(documents: readonly DocumentRow[], question: Question): Set<DocumentRow> {
  const exact = new Set(documents.map((document) => codeKey(document.code)));
  const family = documents.filter((document) => {
    const key = familyKey(document.code);
    return key !== null && !exact.has(key) && namesFamily(question, key);
  });
  const current = family.filter((document) => document.status === 'current');
  return new Set(current.length > 0 ? current : family);
}

/** The candidate documents with their elements scored, in the ranking's order; a document without body elements is left out. */
export function scorePassages(options: {
  documents: readonly DocumentRow[];
  elementsByDocument: ReadonlyMap<string, ElementRow[]>;
  terms: readonly QueryTerm[];
  scorer: PassageScorer;
  /** The question as read once: what it asks for and where it is asked from, the text searched and the codes it names. */
  question: Question;
  aliases: ReadonlySet<string>;
  /** Documents whose text records an old code the question cites: named by it (candidates.ts, documentsMentioning). */
  mentioning?: ReadonlySet<string>;
  /** Documents the question names by their title (candidates.ts, documentsNamed): on the question, whatever else it says. */
  titled?: ReadonlySet<string>;
  /** Documents the reference detector reads the question to cite (candidates.ts, documentsNamed). */
  detected?: ReadonlySet<string>;
}): Candidate[] {
  const { documents, elementsByDocument, terms, scorer, question, aliases, mentioning, titled, detected } = options;
  const { understanding } = question;
  const pulling: QuestionKind[] = [...understanding.kinds].filter((kind) => PULLING_KINDS.has(kind));
  const kindFactor = (row: ElementRow): number =>
    pulling.length === 0
      ? 1
      : 1 +
        (KIND_PULL * pulling.filter((kind) => pullsKind(kind, { text: row.text, headingPath: row.headingPath, type: row.type })).length) /
          pulling.length;
  const headingWeight = (row: ElementRow): number => terms.reduce((total, term, i) => total + (row.headingHits[i] ? term.weight : 0), 0);
  const patterns = terms.map((term) => termPattern(term.lexeme));
  // A table answers by a row (read with its header): a large table holding the question's words only
  // spread over different rows ("team" in one, "building" in another) holds less of an answer.
  // Two of the question's own specific words together in one element put it on the question's
  // subject ("calorifier" and "50", "bedhead" and "suction"), though the asker's other words (their
  // scene, their slang) are not the library's: it is relevant at a lower share of the weight.
  const onSubject = (hits: readonly number[], share: number): number =>
    share >= SPECIFIC_RELEVANCE && terms.filter((term, i) => hits[i] && term.specific && !term.carried).length >= SPECIFIC_TOGETHER
      ? Math.max(share, RELEVANCE_THRESHOLD)
      : share;
  const relevanceOf = (row: ElementRow): number => {
    if (row.type !== 'table') return onSubject(row.hits, scorer.coverage(row, true));
    const [header = '', ...lines] = row.text.split('\n');
    const inHeader = patterns.map((pattern) => pattern.test(header));
    let best = scorer.coverage(row, true) * SPREAD_TABLE;
    for (const line of lines) {
      const hits = row.hits.map((hit, i) => (hit && (inHeader[i] || patterns[i]?.test(line)) ? 1 : 0));
      best = Math.max(best, onSubject(hits, scorer.coverage({ hits, contextHits: row.contextHits }, true)));
    }
    return best;
  };
  const scoredDocuments: Candidate[] = [];
  const familyNamed = namedFamilies(documents, question);
  for (const document of documents) {
    const elements = elementsByDocument.get(document.id) ?? [];
    // An old edition the reference detector reads in the question ("HTM 05-02 (the 2014 one)") is
    // named as exactly as by its code; a current document it reads only joins the candidates.
    const named =
      namesCode(question, document.code) ||
      familyNamed.has(document) ||
      (mentioning?.has(document.id) ?? false) ||
      (document.status === 'superseded' && (detected?.has(document.id) ?? false));
    const seeds = elements
      .filter((row) => row.type !== 'title' && row.type !== 'heading')
      .map((row) => {
        const discount =
          (isCrossReference({ text: row.text, heading_path: row.headingPath }) ? CROSS_REFERENCE_FACTOR : 1) *
          (offQuestionSection(row.headingPath, question) ? ASIDE_FACTOR : 1) *
          kindFactor(row);
        // Only the question's own terms decide whether the library answers it (relevance); carried
        // terms (a follow-up's context) help choose among passages that do (score).
        return { row, score: scorer.coverage(row, false) * discount, relevance: relevanceOf(row) };
      })
      // Equal scores: the element under headings that name the question's terms is in the section
      // asked about ("Roles and responsibilities" for a responsibilities section); then document order.
      .sort((a, b) => b.score - a.score || headingWeight(b.row) - headingWeight(a.row) || a.row.position - b.row.position);
    const top = seeds[0];
    if (!top) continue;
    const relevance = Math.max(...seeds.map((seed) => seed.relevance));
    // A document named by its code answers with its best passages, or its opening when the
    // question holds nothing but the code.
    const best = named ? Math.max(top.score, 1) : top.score;
    const aliased = !named && document.status === 'current' && aliases.has(codeAlias(document.code) ?? '');
    scoredDocuments.push({
      document,
      elements,
      seeds,
      best,
      ownBest: relevance,
      relevance: named || aliased || (titled?.has(document.id) ?? false) || (detected?.has(document.id) ?? false) ? 1 : relevance,
      named,
      aliased,
      detected: detected?.has(document.id) ?? false,
      title: ownShare(terms, scorer, (i) => document.title_hits[i] === 1),
      inapplicable:
        documentExcludesNation(document.applies_to, understanding) ||
        elements.some((row) => row.type !== 'title' && row.type !== 'heading' && disappliesTo(row.text, understanding)) ||
        writtenForOtherSettings(
          document,
          elements.filter((row) => row.type !== 'title' && row.type !== 'heading'),
          understanding,
        ),
      otherPhase: phaseConflicts(document, understanding) || titledForOtherSide(document, understanding),
    });
  }
  return scoredDocuments;
}
