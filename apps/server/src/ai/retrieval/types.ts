/**
 * What retrieval works with: the passages it hands the engines, its options and result, and the
 * files of a conversation it scores beside the library. A module of types alone, so retrieval's
 * parts (retrieval/*.ts, attachment-passages.ts) and retrieval.ts, which runs them, import it and
 * not each other.
 */
import type { ChatFilters, CitationSource, DocumentLink } from '@verity/shared';
import type { Database } from '../../db/connect.ts';
import type { ParsedElement } from '../../ingest/document.ts';
import type { PassageElement, PassageSentence, QueryTerm } from '../passage-scoring.ts';
import type { Question } from '../question/read.ts';

/** A file in scope for a question: its parsed elements as stored when it was uploaded. */
export interface AttachmentSource {
  id: string;
  title: string;
  elements: readonly ParsedElement[];
  /**
   * Attached to the question being answered. A file attached to an earlier question of the
   * conversation is still in scope, but is only used when it matches or the question refers to it.
   */
  current: boolean;
}

export interface Passage {
  /** A library document, or a file attached to the conversation (documentId is then the attachment's id; code and edition are empty). */
  source: CitationSource;
  documentId: string;
  code: string;
  title: string;
  edition: string;
  status: 'current' | 'superseded';
  supersededByCode: string | null;
  /** The current edition that replaced this one, when the organisation can see it. */
  supersededBy: DocumentLink | null;
  headingPath: string[];
  elements: PassageElement[];
  /** Share of the question's term weight held by the passage's best element and its headings. */
  score: number;
  sentences: PassageSentence[];
}

export interface RetrievalResult {
  /** The question as read once (question/read.ts): what it asks for, the text searched (a follow-up's context with it). */
  question: Question;
  terms: QueryTerm[];
  passages: Passage[];
  filters: ChatFilters;
  /** Set on a result with no passages: whether the category filter names every category of the current documents the caller can see. */
  everyCategory?: boolean;
  includeInternal: boolean;
  /** Milliseconds spent retrieving. */
  elapsedMs: number;
}

export interface RetrievePassagesOptions {
  db: Database;
  organisationId: string;
  question: string;
  /** Earlier questions of the conversation, oldest first. */
  history?: readonly string[];
  filters?: Partial<ChatFilters>;
  /** Whether the organisation's own documents are searched as well as the shared library. */
  includeInternal?: boolean;
  /**
   * Files of the conversation in scope for the question (the caller has checked they are the
   * asker's, in this conversation): their passages are scored with the same terms and come first.
   */
  attachments?: readonly AttachmentSource[];
  /**
   * What the passages are for: an answer cites a further document only when it answers a part of the
   * question the first leaves open; a draft gathers requirements from every document nearly as
   * relevant as the first (default 'answer').
   */
  purpose?: 'answer' | 'draft';
  /**
   * A semantic ranking of documents to fuse with the lexical one (the provider engine, with
   * AI_EMBEDDING_MODEL): best first, or null when it could not be had (search stays lexical).
   */
  semantic?: (query: string, scope: { filters: ChatFilters; includeInternal: boolean }) => Promise<readonly { id: string }[] | null>;
}
