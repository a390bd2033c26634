import { randomBytes, createHash, randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

/**
 * Random fractions in [0, 1) from cryptographic random bytes drawn 4 KB at a time: the ulid
 * package's own source asks the system once for each of an id's sixteen random characters. A
 * byte / 256 picks each of Crockford's 32 characters with equal chance.
 */
const randomPool = new Uint8Array(4096);
let randomAt = randomPool.length;
function randomFraction(): number {
  if (randomAt === randomPool.length) {
    randomFillSync(randomPool);
    randomAt = 0;
  }
  return (randomPool[randomAt++] as number) / 256;
}

const monotonicUlid = monotonicFactory(randomFraction);

/**
 * ULID: 26 characters, sortable by time. Used for every public id. Monotonic: ids made in the
 * same millisecond by this process still sort in the order they were made, so "newest first"
 * lists that break ties on the id keep creation order.
 */
export const newId = (): string => monotonicUlid();

/** A random secret for tokens and one-time codes (base64url, 32 bytes by default). */
export const newSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string | Buffer): string => createHash('sha256').update(value).digest('hex');
