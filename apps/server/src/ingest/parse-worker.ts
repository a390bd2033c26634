import { parentPort } from 'node:worker_threads';
import type { ParseLimits } from './limits.ts';
import { parseFile, UnreadableFileError } from './parse.ts';

/** One parse request from the pool (isolated.ts); the bytes' buffer is transferred, not copied. */
export interface ParseRequest {
  id: number;
  bytes: Uint8Array;
  filename: string;
  maxBytes?: number;
  limits: ParseLimits;
}

export type ParseReply =
  | { id: number; ok: true; parsed: Awaited<ReturnType<typeof parseFile>> }
  | { id: number; ok: false; unreadable?: { reason: UnreadableFileError['reason']; message: string } };

// Runs in a worker thread with its own heap: a file that exhausts it ends this thread, not the server.
parentPort?.on('message', async (request: ParseRequest) => {
  let reply: ParseReply;
  try {
    const parsed = await parseFile({
      bytes: request.bytes,
      filename: request.filename,
      maxBytes: request.maxBytes,
      limits: request.limits,
    });
    reply = { id: request.id, ok: true, parsed };
  } catch (error) {
    reply =
      error instanceof UnreadableFileError
        ? { id: request.id, ok: false, unreadable: { reason: error.reason, message: error.message } }
        : { id: request.id, ok: false };
  }
  parentPort?.postMessage(reply);
});
