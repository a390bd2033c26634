import { randomBytes, createHash } from 'node:crypto';
import { ulid } from 'ulid';

/** ULID: 26 characters, sortable by time. Used for every public id. */
export const newId = (): string => ulid();

/** A random secret for tokens and one-time codes (base64url, 32 bytes by default). */
export const newSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string | Buffer): string => createHash('sha256').update(value).digest('hex');
