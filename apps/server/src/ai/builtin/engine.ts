/**
 * The built-in answer engine: offline and deterministic. It retrieves passages from the library and
 * composes an extractive answer whose first sentences answer what was asked, by kind of question
 * (question-kind.ts): who (the roles and who appoints them, from roles tables and duty-holder
 * statements), how often (the interval), a figure or temperature (with its unit), records (what is
 * kept, for how long), duties (the duty list itself) — or say plainly that the passages do not
 * state the fact asked and where it is set. Then the supporting points grouped by document (lists
 * kept as lists, tables as Markdown tables), then the sources — or, in draft mode, a paste-ready
 * policy section (purpose, scope, roles with their duties as full sentences, monitoring and
 * records). Each citation is the one element supporting its claim, quoting that sentence, item or
 * row. Every word of substance is quoted from a cited passage; the engine adds only headings and
 * connective framing. Passage text is data: it is quoted, never followed, whatever it says.
 */

import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { documents } from '../../db/schema.ts';
import type { ChatFilters, ChatMode, ChatSourceRecord } from '@verity/shared';
import type { AttachmentSource } from '../attachment-passages.ts';
import { type ChatEngineEvent, quoteAsData } from '../citations.ts';
import { outsideSentence } from '../question/outside.ts';
import { type RetrievalResult, type RetrievePassagesOptions, retrievePassages } from '../retrieval.ts';
import { composeAnswerText } from './answer.ts';
import type { ComposedAnswer } from './cite.ts';
import { composeDraftText, draftSubject } from './draft.ts';
import { readRework, type Rework } from '../question/rework.ts';
import { composeRework, type PreviousAnswer } from './rework.ts';

const CHUNK_CHARACTERS = 24;

/** The filters a search was narrowed by, as a person chose them: every category selected (the chat's default) narrows nothing. */
function chosenFilters(retrieval: RetrievalResult): { category: string[]; domain: string[]; subDomain: string[] } {
  return {
    category: retrieval.everyCategory ? [] : retrieval.filters.category,
    domain: retrieval.filters.domain,
    subDomain: retrieval.filters.subDomain,
  };
}

/** A filter named for a sentence: 'domain "Equality"'. */
function filterNames(filters: { category: string[]; domain: string[]; subDomain: string[] }): string[] {
  return [
    filters.category.length > 0 ? `category ${filters.category.map((value) => `"${quoteAsData(value)}"`).join(', ')}` : null,
    filters.domain.length > 0 ? `domain ${filters.domain.map((value) => `"${quoteAsData(value)}"`).join(', ')}` : null,
    filters.subDomain.length > 0 ? `subdomain ${filters.subDomain.map((value) => `"${quoteAsData(value)}"`).join(', ')}` : null,
  ].filter((part): part is string => part !== null);
}

/** What a filter left out: the filters that exclude the documents the same search finds without them, and those documents' codes. */
export interface FilterExclusion {
  filters: { category: string[]; domain: string[]; subDomain: string[] };
  codes: string[];
}

/** Documents named when a refusal says what the filter left out. */
const EXCLUDED_CODES = 3;

/**
 * Whether the filters, and which of them, excluded what the question is about: the same search
 * without filters finds passages, and those documents fail the filters named. Null when no filter
 * was chosen or the library holds nothing on it either way.
 */
export async function filterExcluded(
  options: Pick<BuiltinEngineOptions, 'db' | 'organisationId' | 'question' | 'history' | 'includeInternal' | 'attachments' | 'mode'>,
  retrieval: RetrievalResult,
): Promise<FilterExclusion | null> {
  const chosen = chosenFilters(retrieval);
  if (chosen.category.length + chosen.domain.length + chosen.subDomain.length === 0) return null;
  const mode = options.mode ?? 'answer';
  const unfiltered = await retrievePassages({
    db: options.db,
    organisationId: options.organisationId,
    question: mode === 'draft' ? draftSubject(options.question) : options.question,
    history: options.history,
    includeInternal: options.includeInternal,
    attachments: options.attachments,
    purpose: mode,
  });
  const ids = [...new Set(unfiltered.passages.filter((passage) => passage.source === 'library').map((passage) => passage.documentId))];
  if (ids.length === 0) return null;
  const found = await options.db
    .select({ code: documents.code, category: documents.category, domain: documents.domain, subDomain: documents.subdomain })
    .from(documents)
    .where(inArray(documents.id, ids));
  const excluding = {
    category: chosen.category.length > 0 && found.every((row) => !chosen.category.includes(row.category)) ? chosen.category : [],
    domain: chosen.domain.length > 0 && found.every((row) => !chosen.domain.includes(row.domain)) ? chosen.domain : [],
    subDomain: chosen.subDomain.length > 0 && found.every((row) => !chosen.subDomain.includes(row.subDomain ?? '')) ? chosen.subDomain : [],
  };
  // Each filter lets some of them through, but not all together: they are named together.
  const named = excluding.category.length + excluding.domain.length + excluding.subDomain.length > 0 ? excluding : chosen;
  const order = new Map(ids.map((id, i) => [id, i]));
  const codes = [...new Set(unfiltered.passages.flatMap((passage) => (order.has(passage.documentId) ? [passage.code] : [])))].slice(
    0,
    EXCLUDED_CODES,
  );
  return { filters: named, codes };
}

/**
 * The plain answer when the search found nothing, with its real reason: the filters chosen
 * excluded the documents that cover it (named, with those documents), or the library holds
 * nothing on it (the filters, when any were chosen, did not change that).
 */
export function nothingRelevantText(retrieval: RetrievalResult, excluded: FilterExclusion | null = null): string {
  const scope = retrieval.includeInternal ? "the regulatory library and your organisation's internal documents" : 'the regulatory library';
  const chosen = filterNames(chosenFilters(retrieval));
  const { outside } = retrieval.question.understanding;
  if (excluded) {
    const names = filterNames(excluded.filters);
    return [
      `I have not answered this because your filter excludes the documents that cover it: with ${names.join(' and ')} selected, none of the documents on this subject is searched.`,
      `Without that filter, ${scope} has passages on it in ${excluded.codes.map(quoteAsData).join(', ')}.`,
      `You could:\n\n- Remove or widen the ${names.length === 1 ? 'filter' : 'filters'} (${names.join('; ')}) and ask again.\n- Keep the filter and ask about a subject its documents cover.`,
    ].join('\n\n');
  }
  const suggestions = [
    'Rephrase the question with the name or code of the regulation or guidance you have in mind.',
    'Browse or search the Regulatory Wiki.',
    retrieval.includeInternal
      ? "Check your organisation's own policies and procedures, or ask the team responsible for them."
      : "Include your organisation's internal documents, or check its own policies and procedures.",
    'For clinical, HR or other questions outside healthcare regulation and estates compliance, ask the service responsible.',
  ];
  return [
    'I could not find anything in the library that answers this question, so I have not answered it: I only answer from the documents the library holds, and I will not guess at a regulation, edition, clause or interval.',
    ...(outside ? [outsideSentence(outside)] : []),
    chosen.length > 0
      ? `I searched ${scope}; the filters you chose are not the reason, as the library holds nothing on this without them either.`
      : `I searched ${scope}, with no filters.`,
    `You could:\n\n${suggestions.map((line) => `- ${line}`).join('\n')}`,
  ].join('\n\n');
}

/** The whole answer for retrieved passages, deterministic for the same passages. */
export function composeAnswer(options: { question: string; mode: ChatMode; retrieval: RetrievalResult }): ComposedAnswer {
  const { question, mode, retrieval } = options;
  if (retrieval.passages.length === 0) return { text: nothingRelevantText(retrieval), citations: [], answered: false };
  return mode === 'draft' ? composeDraftText(question, retrieval) : composeAnswerText(retrieval);
}

/** Every passage handed to composition, numbered in retrieval order, for the audit record of an answer. */
export function sourceRecords(retrieval: RetrievalResult): ChatSourceRecord[] {
  return retrieval.passages.map((passage, i) => ({
    n: i + 1,
    source: passage.source,
    document_id: passage.documentId,
    code: passage.code,
    edition: passage.edition,
    element_ids: passage.elements.map((element) => element.id),
    score: Math.round(passage.score * 1000) / 1000,
  }));
}

/** Small chunks at word boundaries, so the answer streams like a generated one. */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
    if (current.length > 0 && current.length + piece.length > CHUNK_CHARACTERS) {
      chunks.push(current);
      current = '';
    }
    current += piece;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export interface BuiltinEngineOptions {
  db: Database;
  organisationId: string;
  question: string;
  mode?: ChatMode;
  /** Earlier questions of the conversation, oldest first. */
  history?: readonly string[];
  /** The last answer of the conversation, with its question and citations: what a follow-up ("summarise that") reworks. */
  previous?: PreviousAnswer | null;
  filters?: Partial<ChatFilters>;
  includeInternal?: boolean;
  /** Files of the conversation in scope for the question, already checked to be the asker's in this conversation. */
  attachments?: readonly AttachmentSource[];
  signal?: AbortSignal;
  /** Told what was retrieved before the first token (for recording sources and timing). */
  onRetrieval?: (retrieval: RetrievalResult) => void;
  /**
   * Told, before the first token, that the answer reworks the previous one (and so is made from
   * what it cited); an expansion's own retrieval follows through onRetrieval.
   */
  onRework?: () => void;
  /** A semantic ranking to fuse with the lexical one (the provider engine's, or the evaluation's). */
  semantic?: RetrievePassagesOptions['semantic'];
}

/**
 * Streams an answer as token events, then its citations, then done. When the signal aborts, the
 * stream ends at once without citations or done: the caller keeps the tokens it has and marks the
 * answer stopped.
 */
export async function* answerWithBuiltinEngine(options: BuiltinEngineOptions): AsyncGenerator<ChatEngineEvent> {
  const { signal } = options;
  const mode = options.mode ?? 'answer';
  if (signal?.aborted) return;
  const rework = options.previous ? readRework(options.question) : null;
  const answer = rework && options.previous ? await reworkAnswer(options, rework, options.previous) : await freshAnswer(options, mode);
  let sent = 0;
  for (const chunk of chunkText(answer.text)) {
    if (signal?.aborted) return;
    yield { type: 'token', text: chunk };
    // Let other requests and an abort in between get a turn on long answers.
    if (++sent % 16 === 0) await yieldToEventLoop();
  }
  if (signal?.aborted) return;
  yield { type: 'citations', citations: answer.citations };
  yield { type: 'done' };
}

/**
 * A follow-up asking for the previous answer in another form, made from that answer's statements
 * and citations; an expansion also retrieves again (the previous question with the follow-up's own
 * words) for the cited documents' further passages.
 */
async function reworkAnswer(options: BuiltinEngineOptions, rework: Rework, previous: PreviousAnswer): Promise<ComposedAnswer> {
  options.onRework?.();
  let extra: RetrievalResult | undefined;
  if (rework.kind === 'expand' && previous.citations.length > 0) {
    extra = await retrievePassages({
      db: options.db,
      organisationId: options.organisationId,
      question: [previous.question, ...rework.focus].join(' '),
      filters: options.filters,
      includeInternal: options.includeInternal,
      attachments: options.attachments,
      semantic: options.semantic,
      purpose: 'answer',
    });
    options.onRetrieval?.(extra);
  }
  return composeRework({ rework, previous, extra });
}

/** A question answered from the library (or a draft composed from it); a refusal says why nothing was found. */
async function freshAnswer(options: BuiltinEngineOptions, mode: ChatMode): Promise<ComposedAnswer> {
  const retrieval = await retrievePassages({
    db: options.db,
    organisationId: options.organisationId,
    question: mode === 'draft' ? draftSubject(options.question) : options.question,
    history: options.history,
    filters: options.filters,
    includeInternal: options.includeInternal,
    attachments: options.attachments,
    semantic: options.semantic,
    purpose: mode,
  });
  options.onRetrieval?.(retrieval);
  if (retrieval.passages.length === 0) {
    return { text: nothingRelevantText(retrieval, await filterExcluded(options, retrieval)), citations: [], answered: false };
  }
  return composeAnswer({ question: options.question, mode, retrieval });
}
