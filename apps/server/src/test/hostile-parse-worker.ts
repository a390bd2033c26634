import { parentPort } from 'node:worker_threads';
import type { TaskRequest } from '../lib/worker-pool.ts';

/**
 * The real untrusted-work worker with two misbehaving inputs added, for tests of the pool's
 * limits: this listener is registered first, so for these names it never hands over to the real one.
 */
const held: number[][] = [];
parentPort?.on('message', (request: TaskRequest) => {
  // A file's name, a transcript's title or a policy's title.
  const input = request.input as { filename?: string; title?: string; policy?: { title?: string } };
  const name = input.filename ?? input.title ?? input.policy?.title;
  if (name === 'exhausts-memory.txt') {
    for (;;) held.push(new Array(100_000).fill(held.length));
  }
  if (name === 'never-ends.txt') {
    for (;;) {
      // Busy forever: only terminating the thread ends this.
    }
  }
});
await import('../untrusted/worker.ts');
