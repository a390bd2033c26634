import { Worker } from 'node:worker_threads';
import type { Config } from '../config.ts';
import { DEFAULT_PARSE_LIMITS, type ParseLimits, TOO_COMPLEX_ADVICE } from './limits.ts';
import { type ParsedDocument, UnreadableFileError } from './parse.ts';
import type { ParseReply, ParseRequest } from './parse-worker.ts';

/**
 * Untrusted files are parsed in worker threads, never on the server's event loop or heap: a file
 * that needs too much memory ends its worker (the heap limit), one that takes too long has its
 * worker terminated (the time-out), and either way the caller gets an UnreadableFileError and the
 * pool starts a fresh worker for the next file. While one file is parsed the server keeps
 * answering every other request.
 */
export interface ParseSettings {
  /** Files parsed at once; more wait their turn. */
  workers: number;
  /** Heap of one worker. */
  memoryMb: number;
  /** Wall-clock time one parse may take, from when a worker starts on it. */
  timeoutMs: number;
  limits: ParseLimits;
}

export const DEFAULT_PARSE_SETTINGS: ParseSettings = { workers: 2, memoryMb: 512, timeoutMs: 60_000, limits: DEFAULT_PARSE_LIMITS };

export const TOO_COMPLEX_MESSAGE = `This file is too large or complex to read. ${TOO_COMPLEX_ADVICE}`;

export interface ParseInput {
  bytes: Uint8Array;
  filename: string;
  maxBytes?: number;
  /** Aborting stops waiting at once (the worker on it is replaced); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface ParsePool {
  parse(input: ParseInput): Promise<ParsedDocument>;
  /** Ends every worker; parses in progress or waiting are rejected. The pool can be used again afterwards. */
  close(): Promise<void>;
}

interface Task {
  request: ParseRequest;
  resolve(parsed: ParsedDocument): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  task?: Task;
  timer?: NodeJS.Timeout;
}

const WORKER_URL = new URL('./parse-worker.ts', import.meta.url);

/** Where the pool reports a worker it had to end; never the file's name or content. */
export interface ParseLog {
  warn(object: object, message: string): void;
}

type WorkerEnd = { cause: 'time-out' } | { cause: 'error'; code?: string } | { cause: 'exit'; exitCode: number };

export function createParsePool(settings: ParseSettings, options: { workerUrl?: URL; log?: ParseLog } = {}): ParsePool {
  const workerUrl = options.workerUrl ?? WORKER_URL;
  const slots = new Set<Slot>();
  const waiting: Task[] = [];
  let nextId = 1;

  const settle = (slot: Slot, outcome: { parsed: ParsedDocument } | { error: unknown }) => {
    const task = slot.task;
    slot.task = undefined;
    clearTimeout(slot.timer);
    slot.timer = undefined;
    if (!task) return;
    if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    if ('parsed' in outcome) task.resolve(outcome.parsed);
    else task.reject(outcome.error);
  };

  /** A worker that died or was ended: its file fails as too complex and its place is freed. */
  const retire = (slot: Slot, error: unknown = new UnreadableFileError('too_complex', TOO_COMPLEX_MESSAGE)) => {
    if (!slots.delete(slot)) return;
    settle(slot, { error });
    void slot.worker.terminate();
    pump();
  };

  /** A worker ended by its limits or its own failure: logged, so an operator can see hostile or oversized files arriving. */
  const died = (slot: Slot, end: WorkerEnd) => {
    if (!slots.has(slot)) return;
    options.log?.warn(
      { parseWorker: { ...end, busy: Boolean(slot.task), timeoutMs: settings.timeoutMs, memoryMb: settings.memoryMb } },
      'file parser worker ended',
    );
    retire(slot);
  };

  const spawn = (): Slot => {
    const worker = new Worker(workerUrl, {
      resourceLimits: {
        maxOldGenerationSizeMb: settings.memoryMb,
        maxYoungGenerationSizeMb: Math.max(8, Math.min(64, Math.floor(settings.memoryMb / 8))),
        stackSizeMb: 4,
      },
    });
    // An idle worker must not keep the process alive (a command line tool, a test run).
    worker.unref();
    const slot: Slot = { worker };
    slots.add(slot);
    worker.on('message', (reply: ParseReply) => {
      if (!slot.task || reply.id !== slot.task.request.id) return;
      worker.unref();
      if (reply.ok) settle(slot, { parsed: reply.parsed });
      else if (reply.unreadable) settle(slot, { error: new UnreadableFileError(reply.unreadable.reason, reply.unreadable.message) });
      else settle(slot, { error: new Error('the parser failed unexpectedly') });
      pump();
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY), a stack overflow outside the parsers, or any exit.
    worker.on('error', (error: Error & { code?: string }) => died(slot, { cause: 'error', code: error.code }));
    worker.on('exit', (exitCode) => died(slot, { cause: 'exit', exitCode }));
    return slot;
  };

  const start = (slot: Slot, task: Task) => {
    slot.task = task;
    slot.worker.ref();
    slot.timer = setTimeout(() => died(slot, { cause: 'time-out' }), settings.timeoutMs);
    const { bytes } = task.request;
    slot.worker.postMessage(task.request, [bytes.buffer as ArrayBuffer]);
  };

  function pump(): void {
    while (waiting.length > 0) {
      let slot = [...slots].find((candidate) => !candidate.task);
      if (!slot && slots.size < settings.workers) slot = spawn();
      if (!slot) return;
      const task = waiting.shift();
      if (task) start(slot, task);
    }
  }

  return {
    parse(input) {
      return new Promise<ParsedDocument>((resolve, reject) => {
        if (input.signal?.aborted) {
          reject(input.signal.reason);
          return;
        }
        // A copy of its own, handed over to the worker: the caller keeps its bytes.
        const bytes = new Uint8Array(input.bytes);
        const task: Task = {
          request: { id: nextId++, bytes, filename: input.filename, maxBytes: input.maxBytes, limits: settings.limits },
          resolve,
          reject,
          signal: input.signal,
        };
        if (input.signal) {
          task.onAbort = () => {
            const queued = waiting.indexOf(task);
            if (queued >= 0) {
              waiting.splice(queued, 1);
              reject(input.signal?.reason);
              return;
            }
            const slot = [...slots].find((candidate) => candidate.task === task);
            if (slot) retire(slot, input.signal?.reason);
          };
          input.signal.addEventListener('abort', task.onAbort, { once: true });
        }
        waiting.push(task);
        pump();
      });
    },
    async close() {
      const closing = new Error('The file parser was shut down.');
      for (const task of waiting.splice(0)) task.reject(closing);
      const ending = [...slots].map((slot) => {
        slots.delete(slot);
        settle(slot, { error: closing });
        return slot.worker.terminate();
      });
      await Promise.all(ending);
    },
  };
}

let shared: { settings: ParseSettings; pool: ParsePool } | undefined;
let sharedSettings: ParseSettings = DEFAULT_PARSE_SETTINGS;
let sharedLog: ParseLog | undefined;

/** Sets the process's parse settings (the server and the command line read them from the configuration) and its log. */
export function configureUntrustedParsing(settings: ParseSettings, log?: ParseLog): void {
  sharedSettings = settings;
  sharedLog = log;
  if (shared && JSON.stringify(shared.settings) !== JSON.stringify(settings)) {
    void shared.pool.close();
    shared = undefined;
  }
}

/**
 * Parses a file that came from outside — a chat attachment, an ingestion upload, a file given to
 * `npm run ingest` — in the process's worker pool with the configured limits. Refusals are
 * UnreadableFileError as from parseFile, plus `too_complex` when the file exceeds a limit.
 */
export function parseUntrustedFile(input: ParseInput): Promise<ParsedDocument> {
  shared ??= { settings: sharedSettings, pool: createParsePool(sharedSettings, { log: sharedLog }) };
  return shared.pool.parse(input);
}

/** Ends the process's parse workers (at shutdown); a later parse starts new ones. */
export async function closeUntrustedParsing(): Promise<void> {
  const current = shared;
  shared = undefined;
  await current?.pool.close();
}

/** The parse settings of a configuration (the PARSE_* variables). */
export function parseSettingsFrom(config: Config): ParseSettings {
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
    },
  };
}
