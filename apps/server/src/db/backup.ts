import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from './connect.ts';

/**
 * A logical backup of every table, the same for the embedded database and PostgreSQL, so either
 * restores into either (also the way from the embedded database to a PostgreSQL server). One
 * gzip file of JSON lines: a header (format, the migrations the schema is at, each table's row
 * count and checksum), then each table's name and columns followed by its rows as JSON arrays.
 * Everything is read in one repeatable-read transaction: a consistent snapshot while servers run
 * on PostgreSQL. The restore loads it into an empty database (or, asked to, replaces what is
 * there) in one transaction, and commits only when every table's count and checksum match.
 */

export const BACKUP_FORMAT = 'verity-backup';
export const BACKUP_VERSION = 1;

/** A refusal the commands explain in a sentence (not a backup, another schema, not empty, a mismatch). */
export class BackupError extends Error {}

export interface TableSummary {
  name: string;
  rows: number;
  /** md5 over the md5 of every row's text, in sorted order: equal tables, equal checksums. */
  checksum: string;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  database_kind: 'pglite' | 'postgres';
  /** The migrations the schema is at: a backup restores only into the same schema. */
  migrations: { count: number; last: string | null };
  tables: TableSummary[];
}

interface TableShape {
  name: string;
  /** Stored columns, in order (generated columns are left out: the database recomputes them). */
  columns: string[];
  /** Rows per read: few for tables holding files, so a page stays small. */
  pageRows: number;
}

/** Rows per insert, and the most JSON text one insert carries. */
const INSERT_ROWS = 500;
const INSERT_CHARS = 8 * 1024 * 1024;

const ident = (name: string): SQL => sql.raw(`"${name.replaceAll('"', '""')}"`);

/**
 * Tables that are not backed up: `library_version` marks the library's state for the servers'
 * search answers, and a restore gives it a new mark (as a new library) rather than the old one.
 */
const NOT_BACKED_UP = new Set(['library_version']);

async function tableShapes(db: Database): Promise<TableShape[]> {
  const rows = rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name, c.data_type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated <> 'ALWAYS'
      order by c.table_name, c.ordinal_position`),
  );
  const shapes = new Map<string, TableShape>();
  for (const row of rows) {
    const shape = shapes.get(row.table_name) ?? { name: row.table_name, columns: [], pageRows: 1000 };
    shape.columns.push(row.column_name);
    if (row.data_type === 'bytea') shape.pageRows = 8;
    shapes.set(row.table_name, shape);
  }
  return [...shapes.values()].filter((shape) => !NOT_BACKED_UP.has(shape.name));
}

async function summarise(db: Database, table: string): Promise<TableSummary> {
  const [row] = rowsOf<{ rows: number; checksum: string }>(
    await db.execute(sql`
      select count(*)::int as rows,
             md5(coalesce(string_agg(md5(t::text), ',' order by md5(t::text)), '')) as checksum
      from ${ident(table)} t`),
  );
  return { name: table, rows: Number(row?.rows ?? 0), checksum: row?.checksum ?? '' };
}

async function migrationsOf(db: Database): Promise<BackupHeader['migrations']> {
  const rows = rowsOf<{ hash: string; count: number }>(
    await db.execute(sql`
      select hash, (select count(*)::int from drizzle.__drizzle_migrations) as count
      from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`),
  );
  return { count: Number(rows[0]?.count ?? 0), last: rows[0]?.hash ?? null };
}

/** Text written on a stream, waiting when it is full, so a large table never piles up in memory. */
async function writeLine(stream: Writable, value: unknown): Promise<void> {
  if (!stream.write(`${JSON.stringify(value)}\n`)) await once(stream, 'drain');
}

/**
 * Writes the backup file; answers its header (every table's rows and checksum). The file is made
 * new (an existing one is never overwritten), readable by its owner only, and removed again when
 * the backup fails part-way, so a broken backup is never left looking like a good one.
 */
export async function writeBackup(options: { db: Database; kind: 'pglite' | 'postgres'; path: string }): Promise<BackupHeader> {
  const file = createWriteStream(options.path, { flags: 'wx', mode: 0o600 });
  await once(file, 'open');
  const gzip = createGzip();
  const written = pipeline(gzip, file);
  // Awaited below; a failure before then is the transaction's to report.
  written.catch(() => undefined);
  try {
    const header = await options.db.transaction((tx) => copyTables(tx, options.kind, gzip));
    gzip.end();
    await written;
    return header;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    rmSync(options.path, { force: true });
    throw error;
  }
}

/** Every table of the snapshot onto the stream: the header, then each table's columns and rows. */
async function copyTables(tx: Database, kind: BackupHeader['database_kind'], out: Writable): Promise<BackupHeader> {
  await tx.execute(sql`set transaction isolation level repeatable read, read only`);
  await tx.execute(sql`set local timezone = 'UTC'`);
  const shapes = await tableShapes(tx);
  const tables: TableSummary[] = [];
  for (const shape of shapes) tables.push(await summarise(tx, shape.name));
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: new Date().toISOString(),
    database_kind: kind,
    migrations: await migrationsOf(tx),
    tables,
  };
  await writeLine(out, header);
  for (const shape of shapes) {
    await writeLine(out, { table: shape.name, columns: shape.columns });
    const values = sql.join(
      shape.columns.map((column) => sql`t.${ident(column)}`),
      sql`, `,
    );
    // Pages follow the physical row order (a range scan on ctid), which is stable within the snapshot.
    let after = '(0,0)';
    for (;;) {
      const page = rowsOf<{ tid: string; row: string }>(
        await tx.execute(sql`
          select t.ctid::text as tid, json_build_array(${values})::text as row
          from ${ident(shape.name)} t where t.ctid > ${after}::tid order by t.ctid limit ${shape.pageRows}`),
      );
      for (const { row } of page) {
        if (!out.write(`${row}\n`)) await once(out, 'drain');
      }
      if (page.length < shape.pageRows) break;
      after = page[page.length - 1]?.tid as string;
    }
  }
  return header;
}

/** The header of a backup file, read without loading the rest. */
export async function readBackupHeader(path: string): Promise<BackupHeader> {
  for await (const line of backupLines(path)) return parseHeader(line);
  throw new BackupError(`${path} is empty: it is not a Verity backup.`);
}

function backupLines(path: string): AsyncIterable<string> {
  const input = createReadStream(path).pipe(createGunzip());
  return createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
}

function parseHeader(line: string): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line) as Partial<BackupHeader>;
  } catch {
    throw new BackupError('This file is not a Verity backup.');
  }
  if (header.format !== BACKUP_FORMAT || !Array.isArray(header.tables) || !header.migrations) {
    throw new BackupError('This file is not a Verity backup.');
  }
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(`This backup is in format version ${header.version}; this Verity reads version ${BACKUP_VERSION}.`);
  }
  return header as BackupHeader;
}

/**
 * Loads a backup into this database in one transaction. The schema must be at the same
 * migrations; the database must be empty unless `replace` (then every table is emptied first). Rows
 * go in with triggers and foreign-key checks paused (session_replication_role = replica: the rows
 * are a consistent snapshot, and the search postings come from the backup rather than being
 * rebuilt), and the transaction commits only when every table's count and checksum are the
 * backup's. Any failure leaves the database as it was.
 */
export async function restoreBackup(options: { db: Database; path: string; replace?: boolean }): Promise<BackupHeader> {
  const { db } = options;
  const lines = backupLines(options.path)[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await lines.next();
  } catch {
    throw new BackupError('This file is not a Verity backup (it is not gzip-compressed).');
  }
  if (first.done) throw new BackupError('This file is empty: it is not a Verity backup.');
  const header = parseHeader(first.value);

  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const here = await migrationsOf(tx);
    if (here.count !== header.migrations.count || here.last !== header.migrations.last) {
      throw new BackupError(
        `This backup was made at schema migration ${header.migrations.count}; this database is at ${here.count}. ` +
          'Restore it with the Verity version that made it, then upgrade.',
      );
    }
    const shapes = new Map((await tableShapes(tx)).map((shape) => [shape.name, shape]));
    const names = [...shapes.keys()];
    if (options.replace) {
      await tx.execute(sql`truncate ${sql.join(names.map(ident), sql`, `)} cascade`);
    } else {
      for (const name of names) {
        const [row] = rowsOf<{ any: boolean }>(await tx.execute(sql`select exists (select 1 from ${ident(name)}) as any`));
        if (row?.any) {
          throw new BackupError(
            `This database is not empty (table ${name} has rows). Restore into a new database, or add --replace to replace everything in it.`,
          );
        }
      }
    }
    try {
      await tx.execute(sql`set local session_replication_role = replica`);
    } catch {
      throw new BackupError(
        'This database user may not pause triggers (session_replication_role). Restore as the database owner or a superuser ' +
          '(on PostgreSQL 15 and later: GRANT SET ON PARAMETER session_replication_role TO <user>).',
      );
    }

    let table: TableShape | undefined;
    let columns: string[] = [];
    let batch: string[] = [];
    let batchChars = 0;
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const json = `[${batch.join(',')}]`;
      const list = sql.join(columns.map(ident), sql`, `);
      await tx.execute(
        sql`insert into ${ident(table.name)} (${list}) select ${list} from json_populate_recordset(null::${ident(table.name)}, ${json}::json)`,
      );
      batch = [];
      batchChars = 0;
    };
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      const line = next.value;
      if (line.startsWith('{')) {
        await flush();
        const block = JSON.parse(line) as { table?: string; columns?: string[] };
        table = block.table ? shapes.get(block.table) : undefined;
        if (!table || !Array.isArray(block.columns) || block.columns.join(',') !== table.columns.join(',')) {
          throw new BackupError(`The backup's table ${String(block.table)} does not match this database's. The file may be damaged.`);
        }
        columns = block.columns;
        continue;
      }
      if (!table) throw new BackupError('The backup has rows before any table. The file may be damaged.');
      const values = JSON.parse(line) as unknown[];
      const record = JSON.stringify(Object.fromEntries(columns.map((column, i) => [column, values[i]])));
      batch.push(record);
      batchChars += record.length;
      if (batch.length >= INSERT_ROWS || batchChars >= INSERT_CHARS) await flush();
    }
    await flush();

    for (const expected of header.tables) {
      if (!shapes.has(expected.name)) throw new BackupError(`This database has no table ${expected.name}.`);
      const found = await summarise(tx, expected.name);
      if (found.rows !== expected.rows || found.checksum !== expected.checksum) {
        throw new BackupError(
          `Table ${expected.name} did not restore as backed up (${found.rows} rows, ${expected.rows} expected). ` +
            'Nothing was changed. The file may be damaged.',
        );
      }
    }
    // The library is now another: search answers that running servers keep must not be used again.
    await tx.execute(
      sql`insert into library_version (id, version) values (1, nextval('library_changes')) on conflict (id) do update set version = excluded.version`,
    );
    return header;
  });
}
