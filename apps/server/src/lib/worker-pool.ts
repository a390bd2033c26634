import { Worker } from 'node:worker_threads';

/**
 * A bounded pool of worker threads for work on untrusted input (parsing a file, reading a
 * transcript, running an engine over a policy), never on the server's event loop or heap. Each
 * worker's heap is capped, each task has a wall-clock time-out, and one owner (a user) can hold at
 * most `perOwner` workers at once, so a single person's hostile input cannot take every worker
 * while others wait. A worker that exhausts its heap or runs past the time-out is ended and
 * replaced; its task fails with a WorkerLimitError naming the cause.
 *
 * The worker side answers through `serveTasks` (worker-task.ts): replies are a progress report, a
 * value or a refusal (a named error the caller turns back into its own class).
 */
export interface WorkerPoolSettings {
  /** Tasks run at once; more wait their turn. */
  workers: number;
  /** Heap of one worker. */
  memoryMb: number;
  /** Wall-clock time one task may take, from when a ready worker starts on it (a worker's own start-up is not counted). */
  timeoutMs: number;
  /** How long a new worker may take to start listening (loading its modules); 60 s unless set. */
  startupMs?: number;
}

/** What a worker ends with when it has to be stopped. */
export type WorkerEnd = { cause: 'time-out' } | { cause: 'error'; code?: string } | { cause: 'exit'; exitCode: number };

/** A task ended by the pool's limits: too long (time-out) or too much memory (the worker ended). */
export class WorkerLimitError extends Error {
  readonly end: WorkerEnd['cause'];
  constructor(end: WorkerEnd) {
    super(end.cause === 'time-out' ? 'the task ran past its time limit' : 'the task ended its worker');
    this.name = 'WorkerLimitError';
    this.end = end.cause;
  }
}

/** A refusal the worker's task threw on purpose (a file it cannot read, a text that is not a transcript). */
export class WorkerRefusal extends Error {
  readonly kind: string;
  readonly reason: string | undefined;
  constructor(refusal: Refusal) {
    super(refusal.message);
    this.name = 'WorkerRefusal';
    this.kind = refusal.kind;
    this.reason = refusal.reason;
  }
}

export interface Refusal {
  /** The error class's name on the worker side. */
  kind: string;
  reason?: string;
  message: string;
}

export interface TaskRequest {
  id: number;
  kind: string;
  input: unknown;
}

export type TaskReply =
  | { id: number; progress: unknown }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; refusal?: Refusal };

/** What a worker posts once its modules are loaded and it listens for tasks. */
export const WORKER_READY = 'ready';

export interface RunOptions {
  /** Whose work this is (a user id): one owner holds at most `perOwner` workers. */
  owner?: string;
  /** Aborting stops waiting at once (the worker on it is replaced); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Progress the task reports while it runs (an engine's stages). */
  onProgress?: (progress: unknown) => void;
  /** Buffers handed to the worker instead of copied. */
  transfer?: ArrayBuffer[];
}

export interface WorkerPool {
  run<T>(kind: string, input: unknown, options?: RunOptions): Promise<T>;
  /** Ends every worker; tasks in progress or waiting are rejected. The pool can be used again afterwards. */
  close(): Promise<void>;
}

/** Where the pool reports a worker it had to end; never the task's input. */
export interface WorkerPoolLog {
  warn(object: object, message: string): void;
}

interface Task {
  request: TaskRequest;
  owner: string;
  options: RunOptions;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  /** Set when the worker has said it listens: a task given to a worker still starting is posted then. */
  ready: boolean;
  /** Ends a worker that has not said it listens within `startupMs`: start-up has a clock of its own. */
  startup?: NodeJS.Timeout;
  task?: Task;
  timer?: NodeJS.Timeout;
}

/** The most workers one owner may hold: half the pool, and at least one. */
export function ownerShare(workers: number): number {
  return Math.max(1, Math.floor(workers / 2));
}

export const POOL_CLOSED_MESSAGE = 'The worker pool was shut down.';
/** A worker that never said it listens: the server's own failure, not the input's (no "too complex"). */
export const WORKER_DID_NOT_START = 'A worker did not start within its time limit.';
const STARTUP_MS = 60_000;

/** How many tasks each owner has running. */
function ownerCounts() {
  const running = new Map<string, number>();
  return {
    of: (owner: string) => running.get(owner) ?? 0,
    take: (owner: string) => running.set(owner, (running.get(owner) ?? 0) + 1),
    release(owner: string) {
      const held = (running.get(owner) ?? 1) - 1;
      if (held > 0) running.set(owner, held);
      else running.delete(owner);
    },
  };
}

/** A worker thread held to the pool's memory limits; unreferenced while idle. */
function newWorker(url: URL, settings: WorkerPoolSettings): Worker {
  const worker = new Worker(url, {
    resourceLimits: {
      maxOldGenerationSizeMb: settings.memoryMb,
      maxYoungGenerationSizeMb: Math.max(8, Math.min(64, Math.floor(settings.memoryMb / 8))),
      stackSizeMb: 4,
    },
  });
  // An idle worker must not keep the process alive (a command line tool, a test run).
  worker.unref();
  return worker;
}

export function createWorkerPool(settings: WorkerPoolSettings, options: { workerUrl: URL; log?: WorkerPoolLog }): WorkerPool {
  const slots = new Set<Slot>();
  const waiting: Task[] = [];
  const running = ownerCounts();
  const perOwner = ownerShare(settings.workers);
  const startupMs = settings.startupMs ?? STARTUP_MS;
  let nextId = 1;

  const settle = (slot: Slot, outcome: { value: unknown } | { error: unknown }) => {
    const task = slot.task;
    slot.task = undefined;
    clearTimeout(slot.timer);
    slot.timer = undefined;
    if (!task) return;
    running.release(task.owner);
    if (task.onAbort) task.options.signal?.removeEventListener('abort', task.onAbort);
    if ('value' in outcome) task.resolve(outcome.value);
    else task.reject(outcome.error);
  };

  /** A worker that died or was ended: its task fails and its place is freed. */
  const retire = (slot: Slot, error: unknown) => {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.startup);
    settle(slot, { error });
    void slot.worker.terminate();
    pump();
  };

  /** A worker ended by its limits or its own failure: logged, so an operator can see hostile or oversized input arriving. */
  const died = (slot: Slot, end: WorkerEnd) => {
    if (!slots.has(slot)) return;
    const { timeoutMs, memoryMb } = settings;
    options.log?.warn({ worker: { ...end, task: slot.task?.request.kind, busy: Boolean(slot.task), timeoutMs, memoryMb } }, 'worker ended');
    retire(slot, new WorkerLimitError(end));
  };

  const spawn = (): Slot => {
    const worker = newWorker(options.workerUrl, settings);
    const slot: Slot = { worker, ready: false };
    slots.add(slot);
    slot.startup = setTimeout(() => {
      options.log?.warn({ worker: { cause: 'start-up', startupMs } }, 'worker did not start');
      retire(slot, new Error(WORKER_DID_NOT_START));
    }, startupMs);
    worker.on('message', (reply: TaskReply | typeof WORKER_READY) => {
      if (reply === WORKER_READY) {
        clearTimeout(slot.startup);
        slot.ready = true;
        if (slot.task) post(slot, slot.task);
        return;
      }
      const task = slot.task;
      if (!task || reply.id !== task.request.id) return;
      if ('progress' in reply) {
        task.options.onProgress?.(reply.progress);
        return;
      }
      worker.unref();
      if (reply.ok) settle(slot, { value: reply.value });
      else if (reply.refusal) settle(slot, { error: new WorkerRefusal(reply.refusal) });
      else settle(slot, { error: new Error('the worker task failed unexpectedly') });
      pump();
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY), a stack overflow outside the task, or any exit.
    worker.on('error', (error: Error & { code?: string }) => died(slot, { cause: 'error', code: error.code }));
    worker.on('exit', (exitCode) => died(slot, { cause: 'exit', exitCode }));
    return slot;
  };

  /**
   * Hands the task to a ready worker and starts its clock. Loading a worker's modules can take
   * seconds on a loaded machine; that is not the input's doing, so it does not count against the
   * time-out (and a message posted before the worker listens could be missed).
   */
  const post = (slot: Slot, task: Task) => {
    slot.timer = setTimeout(() => died(slot, { cause: 'time-out' }), settings.timeoutMs);
    slot.worker.postMessage(task.request, task.options.transfer ?? []);
  };

  const start = (slot: Slot, task: Task) => {
    slot.task = task;
    running.take(task.owner);
    slot.worker.ref();
    if (slot.ready) post(slot, task);
  };

  /** The first waiting task whose owner is under their share, taken from the queue. */
  const next = (): Task | undefined => {
    const index = waiting.findIndex((task) => running.of(task.owner) < perOwner);
    return index < 0 ? undefined : waiting.splice(index, 1)[0];
  };

  function pump(): void {
    for (;;) {
      let slot = [...slots].find((candidate) => !candidate.task);
      if (!slot && slots.size >= settings.workers) return;
      const task = next();
      if (!task) return;
      slot ??= spawn();
      start(slot, task);
    }
  }

  return {
    run<T>(kind: string, input: unknown, runOptions: RunOptions = {}) {
      return new Promise<T>((resolve, reject) => {
        const { signal } = runOptions;
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const task: Task = {
          request: { id: nextId++, kind, input },
          owner: runOptions.owner ?? '',
          options: runOptions,
          resolve: resolve as (value: unknown) => void,
          reject,
        };
        if (signal) {
          task.onAbort = () => {
            const queued = waiting.indexOf(task);
            if (queued >= 0) {
              waiting.splice(queued, 1);
              reject(signal.reason);
              return;
            }
            const slot = [...slots].find((candidate) => candidate.task === task);
            if (slot) retire(slot, signal.reason);
          };
          signal.addEventListener('abort', task.onAbort, { once: true });
        }
        waiting.push(task);
        pump();
      });
    },
    async close() {
      const closing = new Error(POOL_CLOSED_MESSAGE);
      for (const task of waiting.splice(0)) task.reject(closing);
      const ending = [...slots].map((slot) => {
        slots.delete(slot);
        clearTimeout(slot.startup);
        settle(slot, { error: closing });
        return slot.worker.terminate();
      });
      await Promise.all(ending);
    },
  };
}
