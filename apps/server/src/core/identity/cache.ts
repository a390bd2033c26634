import type { User } from '@verity/shared';
import type { Database, DatabaseHandle } from '../../db/connect.ts';
import type { AuthContext } from './caller.ts';

/**
 * Who a signed-in caller is, kept in memory by each server process: the session (with its user's
 * roles), their account as account/info shows it and the feature-flag settings, so that an
 * ordinary request costs no query to learn them.
 *
 * Kept only while the process hears about changes: the database announces every change to a
 * session's revocation, a user's roles, state or any column account/info shows, an organisation's
 * state or name and any flag setting on the `identity_changed` channel (triggers, migrations 0028
 * and 0033), whoever makes it, and each process forgets what changed. On PostgreSQL the announcement reaches the
 * other processes within milliseconds of the commit (this process also forgets at once, see
 * `identityChanged`); while the listening connection is down nothing is served from memory. An
 * entry is also dropped after SESSION_CACHE_SECONDS, in case an announcement were ever lost.
 */

export const IDENTITY_CHANNEL = 'identity_changed';

/** What changed, as the triggers name it ("user:<id>"), or everything (a gap in the announcements). */
export type IdentityChange = { kind: 'session' | 'user' | 'organisation'; id: string } | { kind: 'flags' } | { kind: 'everything' };

export interface CachedSession {
  context: AuthContext;
  /** When the session was last recorded as used (ms). */
  lastSeenAt: number;
  expiresAt: number;
}

export interface FlagRows {
  global: { key: string; enabled: boolean }[];
  rules: { key: string; enabled: boolean; organisationId: string | null; role: string | null }[];
}

/**
 * A signed-in person's account as account/info shows it, without the flags (evaluated per request
 * from the kept settings): only what the web may see, never the password's hash.
 */
export type CachedAccount = Omit<User, 'flags'>;

/** Entries of each kind held at most, the least recently used dropped first (sessions ~300 bytes, accounts ~600). */
const MAX_ENTRIES = 20_000;

/**
 * Entries by id, each served until `ttlMs` after it was stored and only while the process is
 * listening for changes; the least recently used first in the map.
 */
class Kept<T> {
  readonly #entries = new Map<string, { value: T; storedAt: number }>();
  readonly #ttlMs: number;
  readonly #listening: () => boolean;

  constructor(ttlMs: number, listening: () => boolean) {
    this.#ttlMs = ttlMs;
    this.#listening = listening;
  }

  get(id: string, now: number): T | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    this.#entries.delete(id);
    if (!this.#listening() || now - entry.storedAt > this.#ttlMs) return undefined;
    this.#entries.set(id, entry);
    return entry.value;
  }

  set(id: string, value: T): void {
    this.#entries.delete(id);
    this.#entries.set(id, { value, storedAt: Date.now() });
    if (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  delete(id: string): void {
    this.#entries.delete(id);
  }

  deleteWhere(test: (value: T) => boolean): void {
    for (const [id, entry] of this.#entries) if (test(entry.value)) this.#entries.delete(id);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

export class IdentityCache {
  readonly #sessions: Kept<CachedSession>;
  /** By user id. */
  readonly #accounts: Kept<CachedAccount>;
  #flags: { rows: FlagRows; storedAt: number } | undefined;
  #generation = 0;

  readonly #ttlMs: number;
  readonly #listening: () => boolean;

  constructor(ttlMs: number, listening: () => boolean) {
    this.#ttlMs = ttlMs;
    this.#listening = listening;
    this.#sessions = new Kept(ttlMs, listening);
    this.#accounts = new Kept(ttlMs, listening);
  }

  /**
   * Taken before a read from the database, and given back with what it read: a change announced
   * in between (the read may be older than it) means the result is not kept.
   */
  generation(): number {
    return this.#generation;
  }

  #keeping(generation: number): boolean {
    return generation === this.#generation && this.#listening();
  }

  session(id: string, now: number): CachedSession | undefined {
    return this.#sessions.get(id, now);
  }

  storeSession(id: string, session: CachedSession, generation: number): void {
    if (this.#keeping(generation)) this.#sessions.set(id, session);
  }

  account(userId: string, now: number): CachedAccount | undefined {
    return this.#accounts.get(userId, now);
  }

  storeAccount(userId: string, account: CachedAccount, generation: number): void {
    if (this.#keeping(generation)) this.#accounts.set(userId, account);
  }

  flags(now: number): FlagRows | undefined {
    if (!this.#flags || !this.#listening() || now - this.#flags.storedAt > this.#ttlMs) return undefined;
    return this.#flags.rows;
  }

  storeFlags(rows: FlagRows, generation: number): void {
    if (this.#keeping(generation)) this.#flags = { rows, storedAt: Date.now() };
  }

  forget(change: IdentityChange): void {
    this.#generation++;
    switch (change.kind) {
      case 'flags':
        this.#flags = undefined;
        return;
      case 'everything':
        this.#flags = undefined;
        this.#sessions.clear();
        this.#accounts.clear();
        return;
      case 'session':
        this.#sessions.delete(change.id);
        return;
      case 'user':
        this.#sessions.deleteWhere((session) => session.context.userId === change.id);
        this.#accounts.delete(change.id);
        return;
      case 'organisation':
        this.#sessions.deleteWhere((session) => session.context.organisationId === change.id);
        this.#accounts.deleteWhere((account) => account.organisation.id === change.id);
    }
  }

  /** Sessions held. */
  get size(): number {
    return this.#sessions.size;
  }

  /** Accounts held. */
  get accounts(): number {
    return this.#accounts.size;
  }
}

/** The payload a trigger sends, read; anything unexpected means everything may have changed. */
export function parseIdentityChange(payload: string): IdentityChange {
  if (payload === 'flags') return { kind: 'flags' };
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  const id = payload.slice(colon + 1);
  if (colon > 0 && id.length > 0 && (kind === 'session' || kind === 'user' || kind === 'organisation')) return { kind, id };
  return { kind: 'everything' };
}

// The caches of the databases this process serves (one, except in tests), with how many apps use each.
const caches = new Map<Database, { cache: IdentityCache; users: number; close(): Promise<void> }>();

/** The cache kept for `db`, when it has one (never for a transaction, or a command-line tool). */
export function identityCacheOf(db: Database): IdentityCache | undefined {
  return caches.get(db)?.cache;
}

/**
 * Forget what a change made here touched, at once: on PostgreSQL the announcement from the
 * database arrives a moment after the commit, and the caller's next request may be quicker.
 */
export function identityChanged(change: IdentityChange): void {
  for (const entry of caches.values()) entry.cache.forget(change);
}

/**
 * Starts the cache for a server's database: listens for the announcements, then serves from
 * memory. With `ttlSeconds` 0, or when listening fails (a connection pooler that does not pass
 * LISTEN on), there is no cache and every request reads the database, as before.
 */
export async function startIdentityCache(options: {
  database: DatabaseHandle;
  ttlSeconds: number;
  warn(message: string): void;
}): Promise<{ close(): Promise<void> }> {
  const { database } = options;
  const none = { close: async () => undefined };
  if (options.ttlSeconds <= 0) return none;
  const existing = caches.get(database.db);
  if (existing) {
    existing.users++;
    return { close: () => release(database.db) };
  }
  let listening = () => false;
  const cache = new IdentityCache(options.ttlSeconds * 1000, () => listening());
  try {
    const listener = await database.listen(IDENTITY_CHANNEL, {
      onMessage: (payload) => cache.forget(parseIdentityChange(payload)),
      onGap: () => cache.forget({ kind: 'everything' }),
    });
    listening = listener.listening;
    caches.set(database.db, { cache, users: 1, close: listener.close });
    return { close: () => release(database.db) };
  } catch (error) {
    options.warn(
      `Sessions are read from the database on every request: listening for identity changes failed (${error instanceof Error ? error.message : String(error)}).`,
    );
    return none;
  }
}

async function release(db: Database): Promise<void> {
  const entry = caches.get(db);
  if (!entry || --entry.users > 0) return;
  caches.delete(db);
  await entry.close();
}
