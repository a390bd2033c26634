import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The real untrusted-work worker, started late: it listens only after a pause longer than the
 * time-out the pool test gives it, as a worker loading its modules on a loaded machine can.
 */
await sleep(1500);
await import('../untrusted/worker.ts');
