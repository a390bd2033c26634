import { randomBytes, createHash } from 'node:crypto';
import { monotonicFactory } from 'ulid';

const monotonicUlid = monotonicFactory();

/**
 * ULID: 26 characters, sortable by time. Used for every public id. Monotonic: ids made in the
 * same millisecond by this process still sort in the order they were made, so "newest first"
 * lists that break ties on the id keep creation order.
 */
export const newId = (): string => monotonicUlid();

/** A random secret for tokens and one-time codes (base64url, 32 bytes by default). */
export const newSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string | Buffer): string => createHash('sha256').update(value).digest('hex');
