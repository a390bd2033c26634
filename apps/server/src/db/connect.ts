import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from './lock.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Apply pending migrations; safe to run on every start, and from several processes at once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process does work under this call on the same database (start-up
   * migration and seeding, so processes started together do not insert the same rows). On
   * PostgreSQL a session advisory lock; the embedded database has one process by its own lock.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** A trivial round trip, for /api/health. */
  ping(): Promise<void>;
  /**
   * Calls `onMessage` with the payload of every notification on `channel` (pg_notify), from any
   * process, once its transaction commits. `onGap` is called whenever notifications may have been
   * missed (the listening connection was lost) and again once listening resumes; `listening()`
   * says whether they are arriving now.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  onGap(): void;
}

export interface Listener {
  listening(): boolean;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const BYTEA_OID = 17;

/**
 * Binary values (uploads, photos, vectors) to and from PostgreSQL's hex text form with Buffer's
 * native codec. PGlite's own conversions run byte by byte in JavaScript on the server's thread: a
 * 3 MB upload held every other request for about half a second when stored (under 0.1 s this way)
 * and 185 ms when read back (17 ms). node-postgres sends buffers in this form too.
 */
function byteaHex(value: unknown): string {
  if (typeof value === 'string') return value;
  const bytes = value as Uint8Array;
  return `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
}

function byteaFromHex(value: string): Buffer {
  return Buffer.from(value.slice(2), 'hex');
}

/** The rows of a raw `db.execute(sql…)` result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const snapshots = new WeakMap<Database, () => Promise<Blob | File>>();

/** The files of an embedded database, for `openDatabase({ dataDir: 'memory', snapshot })`. */
export function snapshotOf(handle: DatabaseHandle): Promise<Blob> {
  const take = snapshots.get(handle.db);
  if (!take) throw new Error('only an embedded database can be snapshotted');
  return take();
}

/** The advisory lock key under which processes migrate and seed at start, one at a time. */
const START_UP_LOCK = 0x7665_7269;

/**
 * PostgreSQL when a connection string is given; otherwise the embedded PGlite, stored in
 * `dataDir` or kept in memory (`dataDir: 'memory'`, used by tests). An in-memory database can
 * start from `snapshot`, the files `snapshotOf` took of another one (tests: 0.4 s instead of 1.7 s
 * to create and migrate).
 */
export async function openDatabase(options: { url?: string; dataDir?: string; snapshot?: Blob }): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server closes (restart, failover, an administrator's terminate) is
    // dropped from the pool and the next query opens a new one; unhandled, the event would end the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [START_UP_LOCK]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [START_UP_LOCK]);
        }
      } finally {
        client.release();
      }
    };
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => exclusively(() => migratePg(db, { migrationsFolder })),
      exclusively,
      ping: async () => {
        await pool.query('select 1');
      },
      listen: (channel, handlers) => listenOnPostgres(options.url as string, channel, handlers),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? 'memory';
  let lock: DataDirLock | undefined;
  if (dataDir !== 'memory') {
    mkdirSync(dataDir, { recursive: true });
    // Before PGlite touches the files: a second process must not even read them (throws DatabaseInUseError).
    lock = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    const codecs = { serializers: { [BYTEA_OID]: byteaHex }, parsers: { [BYTEA_OID]: byteaFromHex } };
    client = dataDir === 'memory' ? new PGlite({ ...codecs, loadDataDir: options.snapshot }) : new PGlite(dataDir, codecs);
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  const embedded = client;
  snapshots.set(db as unknown as Database, () => embedded.dumpDataDir('none'));
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusively: (work) => work(),
    ping: async () => {
      await client.query('select 1');
    },
    // One process holds the embedded database, and PGlite calls back before the commit resolves.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onMessage);
      return { listening: () => !client.closed, close: () => unlisten() };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * A connection of its own (the pool's are lent to requests) that LISTENs on `channel` and opens
 * again, after a second, whenever it is lost; a gap is reported when it is lost and when it is back.
 */
async function listenOnPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<Listener> {
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = () => {
    if (!connected && client === undefined) return;
    connected = false;
    client?.removeAllListeners();
    client?.on('error', () => undefined);
    void client?.end().catch(() => undefined);
    client = undefined;
    handlers.onGap();
    if (!closed) retry = setTimeout(() => void connect().catch(lost), 1000);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', '')}"`);
    if (closed) return;
    connected = true;
    handlers.onGap();
  };
  await connect();
  return {
    listening: () => connected,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      connected = false;
      last?.removeAllListeners();
      last?.on('error', () => undefined);
      await last?.end().catch(() => undefined);
    },
  };
}

export { DatabaseInUseError } from './lock.ts';
