/**
 * Work on untrusted input runs in one bounded pool of worker threads (lib/worker-pool.ts), never
 * on the server's event loop: parsing an uploaded file, reading a transcript (its type check, its
 * decoding and the transcript reader), and the built-in writing and review engines. Each task has
 * the parsing protections: a capped heap, a wall-clock time-out, and a per-user share of the pool
 * so one person's hostile input cannot hold every worker (docs/security.md, "Untrusted work").
 */
import type { ReviewStage, WriteFindings } from '@verity/shared';
import type { Config } from '../config.ts';
import { DEFAULT_PARSE_LIMITS, type ParseLimits, TOO_COMPLEX_ADVICE } from '../ingest/limits.ts';
import { type ParsedDocument, type SourceFormat, UnreadableFileError } from '../ingest/parse.ts';
import {
  createWorkerPool,
  type WorkerPool,
  type WorkerPoolLog,
  type WorkerPoolSettings,
  WorkerLimitError,
  WorkerRefusal,
} from '../lib/worker-pool.ts';
import type { TranscriptReading, TranscriptSourceInput } from '../write/transcript-source.ts';
import type { ReviewFindingDraft, ReviewInput } from '../review/types.ts';
import type { DocumentModel } from '../lib/docx/model.ts';
import { AppError } from '../lib/errors.ts';
import type { WriteInput, WriteStage } from '../write/types.ts';

export interface UntrustedSettings extends WorkerPoolSettings {
  limits: ParseLimits;
}

export const DEFAULT_UNTRUSTED_SETTINGS: UntrustedSettings = { workers: 2, memoryMb: 512, timeoutMs: 60_000, limits: DEFAULT_PARSE_LIMITS };

export const TOO_COMPLEX_MESSAGE = `This file is too large or complex to read. ${TOO_COMPLEX_ADVICE}`;

/** An engine's task ended by the pool's limits: retrying gives the same result, so its job fails at once with this sentence. */
export class EngineLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineLimitError';
  }
}

export const WRITE_TOO_COMPLEX =
  'This transcript took too long to write up, so it was stopped. Split it into shorter parts (for example one per agenda item) and upload each.';
export const REVIEW_TOO_COMPLEX =
  'This policy took too long to review, so the review was stopped. Split it into smaller documents (for example one per section) and review each.';
export const EXPORT_TOO_LARGE =
  'This document is too large to export to Word. Shorten it (for example split its longest tables) and download it again.';
export const ENGINE_FAILED = 'The assistant could not process this text. Check that it is a readable document and upload it again.';

export interface ParseInput {
  bytes: Uint8Array;
  filename: string;
  maxBytes?: number;
  /** Aborting stops waiting at once (the worker on it is replaced); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Whose upload this is: one person holds at most their share of the pool. */
  owner?: string;
}

export interface EngineRunOptions {
  owner?: string;
  signal?: AbortSignal;
}

export interface UntrustedPool {
  parse(input: ParseInput): Promise<ParsedDocument>;
  /** An upload's format decided by content, a Word file's ZIP directory held to the limits; refused with an UnreadableFileError. */
  checkFormat(input: { bytes: Uint8Array; filename: string; owner?: string }): Promise<SourceFormat>;
  transcript(source: TranscriptSourceInput, options?: EngineRunOptions): Promise<TranscriptReading>;
  write(
    input: WriteInput,
    options?: EngineRunOptions & { onStage?: (stage: WriteStage, detail?: Record<string, number>) => Promise<void> | void },
  ): Promise<WriteFindings>;
  /** A Word file rendered from a document model (an export): the rendering's cost grows with what users wrote. */
  docx(model: DocumentModel): Promise<Buffer>;
  review(
    input: ReviewInput,
    options?: EngineRunOptions & { onStage?: (stage: ReviewStage) => Promise<void> | void },
  ): Promise<ReviewFindingDraft[]>;
  close(): Promise<void>;
}

const WORKER_URL = new URL('./worker.ts', import.meta.url);

/** A copy of the bytes of their own for the worker, handed over rather than copied again. */
function ownCopy(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

/** A file task's failure as the parsers' own error: a refusal keeps its reason and sentence, a limit is "too complex". */
function asUnreadable(error: unknown): unknown {
  if (error instanceof WorkerRefusal && error.kind === 'UnreadableFileError') {
    return new UnreadableFileError(error.reason as UnreadableFileError['reason'], error.message);
  }
  if (error instanceof WorkerLimitError) return new UnreadableFileError('too_complex', TOO_COMPLEX_MESSAGE);
  return error;
}

/** An engine's failure: its limits and its own errors are the text's, so they fail the job once with a sentence. */
function asEngineFailure(error: unknown, tooComplex: string): unknown {
  if (error instanceof WorkerLimitError) return new EngineLimitError(tooComplex);
  if (error instanceof WorkerRefusal || (error instanceof Error && error.message === 'the worker task failed unexpectedly')) {
    return new EngineLimitError(ENGINE_FAILED);
  }
  return error;
}

/**
 * Stages reported by the worker, passed on in order: each waits for the one before, so a job's
 * progress is never written out of order.
 */
function stageRelay<T extends unknown[]>(onStage?: (...args: T) => Promise<void> | void) {
  let chain: Promise<void> = Promise.resolve();
  return {
    onProgress: (report: unknown) => {
      if (onStage) chain = chain.then(() => onStage(...(report as T))).catch(() => undefined);
    },
    settled: () => chain,
  };
}

export function createUntrustedPool(settings: UntrustedSettings, options: { workerUrl?: URL; log?: WorkerPoolLog } = {}): UntrustedPool {
  const pool: WorkerPool = createWorkerPool(settings, { workerUrl: options.workerUrl ?? WORKER_URL, log: options.log });
  return {
    async parse(input) {
      const bytes = ownCopy(input.bytes);
      try {
        return await pool.run<ParsedDocument>(
          'parse',
          { bytes, filename: input.filename, maxBytes: input.maxBytes, limits: settings.limits },
          { owner: input.owner, signal: input.signal, transfer: [bytes.buffer as ArrayBuffer] },
        );
      } catch (error) {
        throw asUnreadable(error);
      }
    },
    async checkFormat(input) {
      try {
        return await pool.run<SourceFormat>(
          'format',
          { bytes: input.bytes, filename: input.filename, limits: settings.limits },
          { owner: input.owner },
        );
      } catch (error) {
        throw asUnreadable(error);
      }
    },
    async transcript(source, runOptions = {}) {
      const input = 'bytes' in source ? { ...source, bytes: ownCopy(source.bytes) } : source;
      const transfer = 'bytes' in input ? [input.bytes.buffer as ArrayBuffer] : [];
      try {
        return await pool.run<TranscriptReading>('transcript', { source: input, limits: settings.limits }, { ...runOptions, transfer });
      } catch (error) {
        throw asUnreadable(error);
      }
    },
    async write(input, runOptions = {}) {
      const relay = stageRelay(runOptions.onStage);
      try {
        const findings = await pool.run<WriteFindings>('write', input, { ...runOptions, onProgress: relay.onProgress });
        await relay.settled();
        return findings;
      } catch (error) {
        throw asEngineFailure(error, WRITE_TOO_COMPLEX);
      }
    },
    async docx(model) {
      try {
        const bytes = await pool.run<Uint8Array>('docx', model);
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (error instanceof WorkerLimitError) throw new AppError(422, EXPORT_TOO_LARGE);
        throw error;
      }
    },
    async review(input, runOptions = {}) {
      const relay = stageRelay(runOptions.onStage);
      try {
        const findings = await pool.run<ReviewFindingDraft[]>('review', input, { ...runOptions, onProgress: relay.onProgress });
        await relay.settled();
        return findings;
      } catch (error) {
        throw asEngineFailure(error, REVIEW_TOO_COMPLEX);
      }
    },
    close: () => pool.close(),
  };
}

let shared: { settings: UntrustedSettings; pool: UntrustedPool } | undefined;
let sharedSettings: UntrustedSettings = DEFAULT_UNTRUSTED_SETTINGS;
let sharedLog: WorkerPoolLog | undefined;

/** Sets the process's pool settings (the server and the command line read them from the configuration) and its log. */
export function configureUntrustedWork(settings: UntrustedSettings, log?: WorkerPoolLog): void {
  sharedSettings = settings;
  sharedLog = log;
  if (shared && JSON.stringify(shared.settings) !== JSON.stringify(settings)) {
    void shared.pool.close();
    shared = undefined;
  }
}

/** The process's pool, started on first use. */
export function untrustedWork(): UntrustedPool {
  shared ??= { settings: sharedSettings, pool: createUntrustedPool(sharedSettings, { log: sharedLog }) };
  return shared.pool;
}

/**
 * Parses a file that came from outside — a chat attachment, an ingestion upload, a policy, a file
 * given to `npm run ingest` — in the process's pool with the configured limits. Refusals are
 * UnreadableFileError as from parseFile, plus `too_complex` when the file exceeds a limit.
 */
export function parseUntrustedFile(input: ParseInput): Promise<ParsedDocument> {
  return untrustedWork().parse(input);
}

/** Ends the process's workers (at shutdown); later work starts new ones. */
export async function closeUntrustedWork(): Promise<void> {
  const current = shared;
  shared = undefined;
  await current?.pool.close();
}

/** The pool settings of a configuration (the PARSE_* variables). */
export function untrustedSettingsFrom(config: Config): UntrustedSettings {
  return {
    workers: config.PARSE_WORKERS,
    memoryMb: config.PARSE_MEMORY_MB,
    timeoutMs: config.PARSE_TIMEOUT_MS,
    limits: {
      maxUnzippedBytes: config.PARSE_MAX_UNZIPPED_BYTES,
      maxCompressionRatio: config.PARSE_MAX_COMPRESSION_RATIO,
      maxZipEntries: config.PARSE_MAX_ZIP_ENTRIES,
      maxPages: config.PARSE_MAX_PAGES,
      maxElements: config.PARSE_MAX_ELEMENTS,
      maxCharacters: config.PARSE_MAX_CHARACTERS,
      maxInflatedBytes: config.PARSE_MAX_INFLATED_BYTES,
    },
  };
}
