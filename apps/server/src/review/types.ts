import type { DocumentElementType, ReviewCategory, ReviewSeverity, ReviewStage } from '@verity/shared';
import type { LibraryDocument } from '../core/library/load.ts';
import type { ProviderError } from '../core/provider/call.ts';

export type { LibraryDocument, LibraryElement } from '../core/library/load.ts';

/** The library a policy is reviewed against (`loadLibrary` with passages): its documents and their passages. */
export interface ReviewLibrary {
  documents: LibraryDocument[];
}

/**
 * The reviewer's shapes. The reviewer is pure: it reads a policy's elements and the library and
 * says what is wrong, where, and which library passages show it. It knows nothing of HTTP or the
 * database; `modules/review` parses uploads, loads the library, stores and serves.
 */

/** One block of the policy as parsed (heading, paragraph, list item, table), numbered from 0. */
export interface PolicyElement {
  index: number;
  type: DocumentElementType;
  /** The block's text; a table's rows are lines and its cells are separated by " | ". */
  text: string;
  /** 1-based page for PDFs; 1 for formats without pages. */
  page: number;
  /** The headings of the section the element sits in, outermost first (its own text excluded). */
  headingPath: string[];
  /** A table whose file says its first row is no header row: every row is a row of values. */
  headerless?: boolean;
}

export interface Policy {
  title: string | null;
  elements: PolicyElement[];
}

/** Where a finding's quoted text is: an element and a character range of its text. */
export interface FindingLocation {
  element: number;
  start: number;
  end: number;
}

/** Library passages that support a finding. */
export interface FindingEvidence {
  documentId: string;
  code: string;
  elementIds: string[];
}

export interface ReviewFindingDraft {
  category: ReviewCategory;
  severity: ReviewSeverity;
  /** null for what is absent (a missing section, role or owner; no review date). */
  location: FindingLocation | null;
  /** The policy's exact text at `location` (null with it). */
  quote: string | null;
  /** What is expected instead, in a few words: the replacement's code, the missing section or role, the definition. */
  expected: string | null;
  /** Full sentences for a person: what is wrong and why. */
  explanation: string;
  /** Full sentences: what to change. */
  suggestion: string;
  evidence: FindingEvidence[];
}

/** A library document the policy cites, found by the references rule and read by the other rules. */
export interface Citation {
  document: LibraryDocument;
  location: FindingLocation;
  /** The policy's text of the citation. */
  said: string;
}

export interface ReviewInput {
  policy: Policy;
  library: ReviewLibrary;
  /** Today, for the review date (`YYYY-MM-DD`). */
  today: string;
}

export interface ReviewEngineOptions {
  /** Called as each stage starts. */
  onStage?: (stage: ReviewStage) => Promise<void> | void;
  signal?: AbortSignal;
  /** Whose review this is: the untrusted-work pool gives one person at most their share of its workers. */
  owner?: string;
}

export interface ReviewResult {
  findings: ReviewFindingDraft[];
  /** Which reviewer's findings these are: 'builtin', or 'builtin+provider:{provider}:{model}'. */
  engine: string;
  /** When the provider was configured but failed, and the built-in findings stand alone. */
  providerFailure?: ProviderError;
}

export interface ReviewEngine {
  id: string;
  review(input: ReviewInput, options?: ReviewEngineOptions): Promise<ReviewResult>;
}

export type { ReviewCategory };
