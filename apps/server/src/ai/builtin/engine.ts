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
import type { Database } from '../../db/connect.ts';
import type { ChatFilters, ChatMode, ChatSourceRecord } from '@verity/shared';
import type { AttachmentSource } from '../attachment-passages.ts';
import { type ChatEngineEvent, quoteAsData } from '../citations.ts';
import { outsideSentence } from '../question/outside.ts';
import { type RetrievalResult, type RetrievePassagesOptions, retrievePassages } from '../retrieval.ts';
import { composeAnswerText } from './answer.ts';
import type { ComposedAnswer } from './cite.ts';
import { composeDraftText, draftSubject } from './draft.ts';

const CHUNK_CHARACTERS = 24;

function describeSearch(retrieval: RetrievalResult): string {
  const scope = retrieval.includeInternal ? "the regulatory library and your organisation's internal documents" : 'the regulatory library';
  // Every category selected (the chat's default) narrows nothing.
  const categories = retrieval.everyCategory ? [] : retrieval.filters.category;
  const filters = [
    categories.length > 0 ? `category ${categories.join(', ')}` : null,
    retrieval.filters.domain.length > 0 ? `domain ${retrieval.filters.domain.join(', ')}` : null,
    retrieval.filters.subDomain.length > 0 ? `subdomain ${retrieval.filters.subDomain.join(', ')}` : null,
  ].filter((part): part is string => part !== null);
  return filters.length > 0 ? `${scope}, limited to ${filters.map(quoteAsData).join('; ')}` : `${scope}, with no filters`;
}

/** The plain answer when the library holds nothing relevant: what was searched and where to look instead. */
export function nothingRelevantText(retrieval: RetrievalResult): string {
  const categories = retrieval.everyCategory ? 0 : retrieval.filters.category.length;
  const filtered = categories + retrieval.filters.domain.length + retrieval.filters.subDomain.length > 0;
  const suggestions = [
    filtered ? 'Clear or widen the category, domain and subdomain filters and ask again.' : null,
    'Rephrase the question with the name or code of the regulation or guidance you have in mind.',
    'Browse or search the Regulatory Wiki.',
    retrieval.includeInternal
      ? "Check your organisation's own policies and procedures, or ask the team responsible for them."
      : "Include your organisation's internal documents, or check its own policies and procedures.",
    'For clinical, HR or other questions outside healthcare regulation and estates compliance, ask the service responsible.',
  ].filter((line): line is string => line !== null);
  const { outside } = retrieval.question.understanding;
  return [
    'I could not find anything in the library that answers this question, so I have not answered it: I only answer from the documents the library holds, and I will not guess at a regulation, edition, clause or interval.',
    ...(outside ? [outsideSentence(outside)] : []),
    `I searched ${describeSearch(retrieval)}.`,
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
  filters?: Partial<ChatFilters>;
  includeInternal?: boolean;
  /** Files of the conversation in scope for the question, already checked to be the asker's in this conversation. */
  attachments?: readonly AttachmentSource[];
  signal?: AbortSignal;
  /** Told what was retrieved before the first token (for recording sources and timing). */
  onRetrieval?: (retrieval: RetrievalResult) => void;
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
  const answer = composeAnswer({ question: options.question, mode, retrieval });
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
