import { parentPort } from 'node:worker_threads';
import type { ParseRequest } from '../ingest/parse-worker.ts';

/**
 * The real parse worker with two misbehaving files added, for tests of the pool's limits: this
 * listener is registered first, so for these names it never hands over to the real one.
 */
const held: number[][] = [];
parentPort?.on('message', (request: ParseRequest) => {
  if (request.filename === 'exhausts-memory.txt') {
    for (;;) held.push(new Array(100_000).fill(held.length));
  }
  if (request.filename === 'never-ends.txt') {
    for (;;) {
      // Busy forever: only terminating the thread ends this.
    }
  }
});
await import('../ingest/parse-worker.ts');
