/**
 * Passage retrieval for chat, in named stages: understand the question (its terms, weighted by how
 * rare each is in the library, with a follow-up's context), find candidate documents (the wiki
 * search, fused with a semantic ranking when there is one) and their elements, score the passages,
 * choose the documents that answer, then their passages. The answer starts from the document the
 * question names by its title, or else the one most about the question (its best passage and its
 * title), cites beside it the law or the guidance on that law that is on the subject, and cites
 * another only when that one answers a part of the question the documents already chosen leave open,
 * or the first sends the reader there (at most three). A question whose best passage covers too
 * little of its distinctive terms gets no passages: the engines then say that the library holds
 * nothing relevant rather than answer from a passing mention.
 */
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import { type ChatFilters, SEARCH_QUERY_MAX_LENGTH } from '@verity/shared';
import { selectAttachmentPassages, withoutFileText, withoutReferenceWords } from './attachment-passages.ts';
import type { RetrievalResult, RetrievePassagesOptions } from './retrieval/types.ts';
import { passageScorer, type QueryTerm, withSentences } from './passage-scoring.ts';
import { libraryWording } from './retrieval/wording.ts';
import {
  candidateDocuments,
  candidateElements,
  documentsMentioning,
  documentsNamedIn,
  documentsNamed,
  rankLibrary,
} from './retrieval/candidates.ts';
import { chooseDocuments, MAX_ANSWER_DOCUMENTS } from './retrieval/choice.ts';
import { choosePassages } from './retrieval/passages.ts';
import { type Question, readQuestion } from './question/read.ts';
import { queryTerms, understandQuestion } from './retrieval/question.ts';
import { leadLines, RELEVANCE_THRESHOLD, scorePassages } from './retrieval/score.ts';
import { firstMention } from './retrieval/text-signals.ts';
import { documentVisibleTo } from '../core/policies/documents.ts';
import { documents } from '../db/schema.ts';

export type { Passage, RetrievalResult, RetrievePassagesOptions } from './retrieval/types.ts';

/** A line naming a document leads to it when it holds at least this share of the best line's terms. */
const LEAD_LINE_SHARE = 0.5;
/** At most this many documents named by the best passages are added to the candidates: enough for a table naming several. */
const NAMED_DOCUMENTS = 4;

/** Each sentence of a file's unmatched opening scores about what a fair partial match does, so the opening is quoted even beside library passages. */
const OPENING_SENTENCE_SCORE = 0.4;
/** The library is searched beside matching files only when the files leave at least a quarter of the question's own term weight open: less is a detail, not a question of its own. */
const OPEN_SHARE = 0.25;

/** The caller's filters, every one present. */
function filtersOf(options: RetrievePassagesOptions): ChatFilters {
  return {
    category: [...(options.filters?.category ?? [])],
    domain: [...(options.filters?.domain ?? [])],
    subDomain: [...(options.filters?.subDomain ?? [])],
  };
}

/**
 * The passages for a question: the library's and, when the conversation has files in scope, the
 * attachments' (first, as a question asked with a file is mostly about it). The words that only
 * point at the file ("the attached document") are left out of the search. The files are scored
 * first; the library then answers the part of the question they leave open (the words their
 * passages hold are left out of its search), and is not searched at all when that part is too
 * small to be a question of its own ("what does my policy say about fire wardens?").
 */
export async function retrievePassages(options: RetrievePassagesOptions): Promise<RetrievalResult> {
  const reading = { history: options.history, purpose: options.purpose };
  const question = readQuestion(options.question, reading);
  const attachments = options.attachments ?? [];
  if (attachments.length === 0) return withScopeNoted(options, await retrieveLibraryPassages(options, question));
  const started = performance.now();
  const { db, organisationId } = options;
  const stripped = withoutReferenceWords(options.question);
  const searched = stripped === options.question ? question : readQuestion(stripped, reading);
  const terms = searched.search.length === 0 ? [] : await queryTerms(db, organisationId, searched.search, searched.carried);
  const selection = await selectAttachmentPassages({ db, attachments, terms, question: options.question, threshold: RELEVANCE_THRESHOLD });

  const { ownWeight } = passageScorer(terms);
  const openWeight = terms.reduce((total, term, i) => total + (term.carried || selection.held.has(i) ? 0 : term.weight), 0);
  const heldWords = new Set(terms.filter((_, i) => selection.held.has(i)).map((term) => term.word));
  // Codes and abbreviations stay: they name a document even when the file names it too. The part
  // the files leave open is a question of its own, read as such.
  const open = stripped.replace(/\b[A-Za-z]+\b/g, (word) =>
    heldWords.has(word.toLowerCase()) && word !== word.toUpperCase() ? ' ' : word,
  );
  const library =
    selection.held.size === 0 || (ownWeight > 0 && openWeight / ownWeight >= OPEN_SHARE)
      ? await retrieveLibraryPassages(options, selection.held.size === 0 ? searched : readQuestion(open, reading))
      : null;

  const drafts = selection.drafts((library?.passages.length ?? 0) > 0);
  const scored = await withoutFileText('scoring attached files', () => withSentences(db, drafts, terms));
  const attached = scored.map((passage, i) =>
    // A file's opening matched nothing, yet is what a question about the whole file wants: its
    // sentences get an even score, so composition quotes them.
    drafts[i]?.opening
      ? { ...passage, sentences: passage.sentences.map((s) => ({ ...s, score: Math.max(s.score, OPENING_SENTENCE_SCORE) })) }
      : passage,
  );
  return withScopeNoted(options, {
    question,
    terms,
    passages: [...attached, ...(library?.passages ?? [])],
    filters: filtersOf(options),
    includeInternal: options.includeInternal ?? false,
    elapsedMs: performance.now() - started,
  });
}

/**
 * A result with no passages notes whether its categories were every category of the current
 * documents the caller can see (the chat's default): the refusal then says the search was not
 * narrowed, and does not ask the reader to widen it.
 */
async function withScopeNoted(options: RetrievePassagesOptions, result: RetrievalResult): Promise<RetrievalResult> {
  if (result.passages.length > 0 || result.filters.category.length === 0) return result;
  const held = await options.db
    .selectDistinct({ category: documents.category })
    .from(documents)
    .where(and(documentVisibleTo(options.organisationId), eq(documents.status, 'current')));
  const chosen = new Set(result.filters.category);
  return { ...result, everyCategory: held.length > 0 && held.every((row) => chosen.has(row.category)) };
}

/** The library's passages for a question, stage by stage. */
async function retrieveLibraryPassages(options: RetrievePassagesOptions, question: Question): Promise<RetrievalResult> {
  const started = performance.now();
  const { db, organisationId } = options;
  const includeInternal = options.includeInternal ?? false;
  const filters = filtersOf(options);
  const base = { question, filters, includeInternal };
  const nothing = (terms: QueryTerm[]): RetrievalResult => ({ ...base, terms, passages: [], elapsedMs: performance.now() - started });
  if (question.search.length === 0) return nothing([]);
  const reword = await libraryWording({ db, organisationId, text: question.search });
  const q = reword(question.search).slice(0, SEARCH_QUERY_MAX_LENGTH);
  const carried = reword(question.carried);

  // The question's terms, the library's ranking for it and the documents it names by their code do
  // not depend on each other.
  const [{ terms, aliases }, ranking, codeNamed, mentioning, naming] = await Promise.all([
    understandQuestion({ db, organisationId, q, carried }),
    rankLibrary({ db, organisationId, q, filters, includeInternal, semantic: options.semantic }),
    documentsNamedIn({
      db,
      organisationId,
      texts: [q],
      exclude: [],
      filters,
      includeInternal,
      named: firstMention,
      limit: NAMED_DOCUMENTS,
      anyStatus: true,
    }),
    documentsMentioning({ db, organisationId, text: q, filters, includeInternal }),
    documentsNamed({ db, organisationId, question, filters, includeInternal }),
  ]);
  // A document the question names by its code is a candidate even when the search ranks it low (a
  // superseded edition's score is halved): "what replaced HTM 03-01 (2007)?" is about that edition.
  const { searchScores } = ranking;
  // So is one whose text records an old code the question cites ("still cites HTM 2045").
  // And one whose code or title it names however written ("the 2016 records management code",
  // "still quotes the Lifts Regulations 1997").
  // And one the reference detector reads the question to cite ("the 2006 L143 acop", "IRR17"): like
  // a title, that puts it on the question without narrowing the choice to it.
  const { coded, titled, detected } = naming;
  const first = [...new Set([...codeNamed, ...mentioning, ...coded, ...titled, ...detected])];
  const ranked = [...first, ...ranking.ranked.filter((id) => !first.includes(id))];
  if (ranked.length === 0) return nothing(terms);
  const documents = await candidateDocuments({ db, organisationId, ranked, terms, includeInternal });
  if (documents.length === 0) return nothing(terms);
  const elementsByDocument = await candidateElements({ db, documents, terms });
  const scorer = passageScorer(terms);
  const purpose = options.purpose ?? 'answer';
  const scoreOptions = {
    terms,
    scorer,
    question,
    aliases,
    mentioning: new Set(mentioning),
    titled: new Set(titled),
    detected: new Set(detected),
  };
  const scored = scorePassages({ documents, elementsByDocument, ...scoreOptions });
  /** Documents found after the search (named by a passage, or succeeding a chosen edition), scored like the candidates. */
  const scoreMore = async (ids: readonly string[]) => {
    if (ids.length === 0) return [];
    const more = await candidateDocuments({ db, organisationId, ranked: ids, terms, includeInternal });
    const moreElements = await candidateElements({ db, documents: more, terms });
    return scorePassages({ documents: more, elementsByDocument: moreElements, ...scoreOptions });
  };
  // The specific documents the relevant candidates' best passages name (an overview naming the
  // regulation, a summary naming the guidance that sets a figure) are scored too, though the search
  // ranked them lower: the choice can then prefer them to the overview.
  const named = await documentsNamedIn({
    db,
    organisationId,
    texts: leadLines(
      scored.filter((entry) => entry.relevance >= RELEVANCE_THRESHOLD).map((entry) => entry.seeds[0]?.row.text ?? ''),
      terms,
      scorer,
      LEAD_LINE_SHARE,
    ),
    exclude: documents.map((document) => document.id),
    filters,
    includeInternal,
    named: firstMention,
    limit: NAMED_DOCUMENTS,
  });
  for (const entry of await scoreMore(named)) scored.push({ ...entry, namedOnly: true });
  const chosen = chooseDocuments({ scored, searchScores, terms, scorer, question, purpose });
  if (chosen.length === 0) return nothing(terms);
  // A question about what replaced an edition is answered by the edition and its successor: the
  // edition says when and by what, the successor is what to follow now.
  const asksSuccessor = question.intents.some((intent) => intent.kind === 'successor');
  const successorCodes = asksSuccessor
    ? chosen.flatMap((entry) => (entry.document.status === 'superseded' && entry.document.superseded_by_code) || [])
    : [];
  if (successorCodes.length > 0 && chosen.length < MAX_ANSWER_DOCUMENTS) {
    const successors = await documentsNamedIn({
      db,
      organisationId,
      texts: successorCodes,
      exclude: chosen.map((entry) => entry.document.id),
      filters,
      includeInternal,
      named: firstMention,
      limit: MAX_ANSWER_DOCUMENTS - chosen.length,
    });
    chosen.push(...(await scoreMore(successors)));
  }
  const passages = await choosePassages({ db, organisationId, chosen, terms, question });
  return { ...base, terms, passages, elapsedMs: performance.now() - started };
}
