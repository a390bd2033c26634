/**
 * Stage four of retrieval, scoring passages: every body element of every candidate document is
 * scored by the shared passage scorer, discounted when it is not the document speaking for itself
 * (a cross-reference, a section the question does not ask about), and each document is summed up by
 * its best elements, whether the question names it, and how much of the question its title holds.
 */
import type { PassageScorer, QueryTerm } from '../passage-scoring.ts';
import type { DocumentRow, ElementRow } from './candidates.ts';
import { codeHead, isCrossReference, namesCode, offQuestionSection } from './text-signals.ts';

/** A passage that points at other documents (a "Related documents" entry, "HTM 07-01 — …") counts half: it names where the answer is rather than giving it. */
const CROSS_REFERENCE_FACTOR = 0.5;
/** A passage from a section the question does not ask about (a document's history, its common failings) counts 0.7: still the document's own words, but beside the point. */
const ASIDE_FACTOR = 0.7;
/** A document's strongest passages are its best three: a question rarely has more parts, and three documents' worth nearly fills an answer's eight passages. */
export const SEEDS_PER_DOCUMENT = 3;

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
  /** Share of the question's own term weight held by the title and code. */
  title: number;
}

/** The share of the question's own term weight held by the terms `held` picks. */
export function ownShare(terms: readonly QueryTerm[], scorer: PassageScorer, held: (i: number) => boolean): number {
  return scorer.ownWeight <= 0
    ? 0
    : terms.reduce((total, term, i) => total + (!term.carried && held(i) ? term.weight : 0), 0) / scorer.ownWeight;
}

/** The candidate documents with their elements scored, in the ranking's order; a document without body elements is left out. */
export function scorePassages(options: {
  documents: readonly DocumentRow[];
  elementsByDocument: ReadonlyMap<string, ElementRow[]>;
  terms: readonly QueryTerm[];
  scorer: PassageScorer;
  /** The question as asked, and the text searched (with a follow-up's carried codes). */
  question: string;
  q: string;
  aliases: ReadonlySet<string>;
}): Candidate[] {
  const { documents, elementsByDocument, terms, scorer, question, q, aliases } = options;
  const headingWeight = (row: ElementRow): number => terms.reduce((total, term, i) => total + (row.headingHits[i] ? term.weight : 0), 0);
  const scoredDocuments: Candidate[] = [];
  for (const document of documents) {
    const elements = elementsByDocument.get(document.id) ?? [];
    const named = namesCode(q, document.code);
    const seeds = elements
      .filter((row) => row.type !== 'title' && row.type !== 'heading')
      .map((row) => {
        const discount =
          (isCrossReference({ text: row.text, heading_path: row.headingPath }) ? CROSS_REFERENCE_FACTOR : 1) *
          (offQuestionSection(row.headingPath, question) ? ASIDE_FACTOR : 1);
        // Only the question's own terms decide whether the library answers it (relevance); carried
        // terms (a follow-up's context) help choose among passages that do (score).
        return { row, score: scorer.coverage(row, false) * discount, relevance: scorer.coverage(row, true) };
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
    const aliased =
      !named && document.status === 'current' && codeHead(document.code) && aliases.has(document.code.split(' ')[0]?.toLowerCase() ?? '');
    scoredDocuments.push({
      document,
      elements,
      seeds,
      best,
      ownBest: relevance,
      relevance: named ? 1 : relevance,
      named,
      aliased,
      title: ownShare(terms, scorer, (i) => document.title_hits[i] === 1),
    });
  }
  return scoredDocuments;
}
