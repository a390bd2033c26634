/**
 * A worker that never says it listens, for the pool's start-up limit: as a worker whose modules
 * never finish loading would.
 */
setInterval(() => {}, 1_000);
