/**
 * The built-in writing and review engines as the server runs them: in the untrusted-work pool,
 * with its time, memory and per-user limits, never on the event loop. A task ended by those
 * limits fails with an EngineLimitError whose sentence says what to do; the jobs fail it once.
 */
import type { ReviewEngine } from '../review/types.ts';
import type { WriteEngine } from '../write/types.ts';
import { untrustedWork } from './pool.ts';

export const isolatedWriteEngine: WriteEngine = {
  id: 'builtin',
  findings: (input, options) => untrustedWork().write(input, options),
};

export const isolatedReviewEngine: ReviewEngine = {
  id: 'builtin',
  async review(input, options = {}) {
    return { findings: await untrustedWork().review(input, options), engine: 'builtin' };
  },
};
