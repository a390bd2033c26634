import { parentPort } from 'node:worker_threads';
import { type Refusal, type TaskReply, type TaskRequest, WORKER_READY } from './worker-pool.ts';

/** One kind of task a worker runs: its input in, its value out, progress reported on the way. */
export type TaskHandler = (input: never, progress: (report: unknown) => void) => unknown;

/**
 * The worker side of a worker pool (worker-pool.ts): runs each request with the handler of its
 * kind and replies with the value, or with a refusal when the handler threw an error that
 * `refusalOf` recognises (its class name, reason and sentence). Any other error replies as an
 * unexpected failure, without its message (which can quote the input). Once listening, it tells
 * the pool it is ready: the pool posts no task and starts no clock before that.
 */
export function serveTasks(handlers: Record<string, TaskHandler>, refusalOf: (error: unknown) => Refusal | undefined): void {
  parentPort?.on('message', async (request: TaskRequest) => {
    const progress = (report: unknown) => parentPort?.postMessage({ id: request.id, progress: report } satisfies TaskReply);
    let reply: TaskReply;
    try {
      const handler = handlers[request.kind];
      if (!handler) throw new Error(`no task of kind ${request.kind}`);
      const value = await handler(request.input as never, progress);
      reply = { id: request.id, ok: true, value };
    } catch (error) {
      const refusal = refusalOf(error);
      reply = refusal ? { id: request.id, ok: false, refusal } : { id: request.id, ok: false };
    }
    parentPort?.postMessage(reply);
  });
  parentPort?.postMessage(WORKER_READY);
}
