import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { pngImage } from '../test/png.ts';
import { ask, newSession } from '../test/chat.ts';
import { buildDocument, buildOrganisation, buildUser } from '../test/factories.ts';
import { onPostgres, openThrowawayPostgres } from '../test/database.ts';
import { setPhoto } from '../modules/account/service.ts';
import { BackupError, type BackupHeader, readBackupHeader, restoreBackup, writeBackup } from './backup.ts';
import { type DatabaseHandle, openDatabase, rowsOf } from './connect.ts';
import { documentTerms, organisations, userPhotos, users } from './schema.ts';

const PNG = pngImage();

let t: TestApp;
let dir: string;
let backupPath: string;
let header: BackupHeader;

/** A fresh, migrated embedded database. */
async function freshPglite(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ dataDir: 'memory' });
  await handle.migrate();
  return handle;
}

/** Every table's rows and checksum, as a backup of this database would record them. */
async function tablesOf(database: DatabaseHandle): Promise<BackupHeader['tables']> {
  const path = join(dir, `check-${Math.random().toString(36).slice(2)}.jsonl.gz`);
  return (await writeBackup({ db: database.db, kind: database.kind, path })).tables;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-backup-'));
  t = await buildTestApp();
  // Data of most kinds, made the way people make it: accounts, a photo, a library document (with
  // its search postings, kept by triggers), a conversation with a cited answer, events.
  const organisation = await buildOrganisation(t, 'Backup “Trust”, Ünïcode');
  const person = await buildUser(t, { organisationId: organisation.id, roles: ['standard', 'champion'] });
  await setPhoto({ db: t.db, userId: person.user.id, bytes: PNG, maxBytes: t.config.IMAGE_MAX_BYTES });
  await buildDocument(t, {
    code: 'HTM 04-01',
    filename: 'htm-04-01.md',
    elements: [
      { type: 'heading', text: 'Safe water in healthcare premises' },
      { type: 'paragraph', text: 'Hot water should be stored at 60 °C and distributed at 50 °C or above.' },
    ],
  });
  const session = await newSession(t, person, 'Legionella');
  await ask(t, person, session.id, { content: 'At what temperature should hot water be stored?' });
  backupPath = join(dir, 'verity.jsonl.gz');
  header = await writeBackup({ db: t.db, kind: t.database.kind, path: backupPath });
});

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a backup', () => {
  test('records every table with its rows and checksum, and the schema it was made at', async () => {
    const read = await readBackupHeader(backupPath);
    expect(read).toEqual(header);
    expect(header.migrations.count).toBeGreaterThan(20);
    const rows = Object.fromEntries(header.tables.map((table) => [table.name, table.rows]));
    for (const table of [
      'organisations',
      'users',
      'user_photos',
      'documents',
      'document_elements',
      'document_terms',
      'chat_sessions',
      'events',
    ]) {
      expect(rows[table], table).toBeGreaterThan(0);
    }
    // Only its owner may read it: it holds personal data.
    const { statSync } = await import('node:fs');
    expect(statSync(backupPath).mode & 0o077).toBe(0);
  });

  test('never overwrites a file', async () => {
    await expect(writeBackup({ db: t.db, kind: t.database.kind, path: backupPath })).rejects.toThrow(/EEXIST/);
  });

  test('restores into a new embedded database: every table has the same rows and checksum, photos and postings included', async () => {
    const target = await freshPglite();
    try {
      await restoreBackup({ db: target.db, path: backupPath });
      expect(await tablesOf(target)).toEqual(header.tables);
      const [photo] = await target.db.select().from(userPhotos);
      expect(Buffer.compare(photo?.data as Buffer, PNG)).toBe(0);
      // The restored library answers a search as the original does.
      const [posting] = rowsOf<{ n: number }>(await target.db.execute(sql`select count(*)::int as n from ${documentTerms}`));
      expect(posting?.n).toBeGreaterThan(0);
    } finally {
      await target.close();
    }
  });

  test.runIf(process.env.TEST_DATABASE_URL)('restores into PostgreSQL, whichever database made it', async () => {
    const target = await openThrowawayPostgres(process.env.TEST_DATABASE_URL as string, 'verity_backup');
    try {
      await target.migrate();
      await restoreBackup({ db: target.db, path: backupPath });
      expect(await tablesOf(target)).toEqual(header.tables);
    } finally {
      await target.close();
    }
  });
});

describe('restore refuses, changing nothing', () => {
  test('a database that is not empty, unless asked to replace it', async () => {
    const target = await freshPglite();
    try {
      const other = await target.db.insert(organisations).values({ id: 'org-kept', name: 'Already here' }).returning();
      expect(other).toHaveLength(1);
      await expect(restoreBackup({ db: target.db, path: backupPath })).rejects.toThrow(/not empty \(table organisations has rows\)/);
      expect(await target.db.select().from(organisations)).toHaveLength(1);

      await restoreBackup({ db: target.db, path: backupPath, replace: true });
      expect(await tablesOf(target)).toEqual(header.tables);
      expect(await target.db.select().from(organisations).where(eq(organisations.id, 'org-kept'))).toEqual([]);
    } finally {
      await target.close();
    }
  });

  test('a damaged backup: a changed row fails its table’s checksum and the transaction is undone', async () => {
    const lines = gunzipSync(readFileSync(backupPath)).toString('utf8').split('\n');
    const at = lines.findIndex((line) => line.includes('Backup “Trust”'));
    expect(at).toBeGreaterThan(0);
    lines[at] = (lines[at] as string).replace('Backup “Trust”', 'Altered Trust');
    const damaged = join(dir, 'damaged.jsonl.gz');
    writeFileSync(damaged, gzipSync(lines.join('\n')));
    const target = await freshPglite();
    try {
      await expect(restoreBackup({ db: target.db, path: damaged })).rejects.toThrow(/Table organisations did not restore as backed up/);
      expect(await target.db.select().from(users)).toEqual([]);
      expect(await target.db.select().from(organisations)).toEqual([]);
    } finally {
      await target.close();
    }
  });

  test('a backup of another schema version, and a file that is not a backup', async () => {
    const lines = gunzipSync(readFileSync(backupPath)).toString('utf8').split('\n');
    const older = JSON.parse(lines[0] as string) as BackupHeader;
    older.migrations = { count: older.migrations.count - 1, last: 'an-older-migration' };
    const olderPath = join(dir, 'older.jsonl.gz');
    writeFileSync(olderPath, gzipSync([JSON.stringify(older), ...lines.slice(1)].join('\n')));
    const notBackup = join(dir, 'notes.txt');
    writeFileSync(notBackup, 'meeting notes');
    const notOurs = join(dir, 'other.jsonl.gz');
    writeFileSync(notOurs, gzipSync('{"hello":"world"}\n'));
    const target = await freshPglite();
    try {
      await expect(restoreBackup({ db: target.db, path: olderPath })).rejects.toThrow(/made at schema migration/);
      await expect(restoreBackup({ db: target.db, path: notBackup })).rejects.toBeInstanceOf(BackupError);
      await expect(restoreBackup({ db: target.db, path: notOurs })).rejects.toThrow('This file is not a Verity backup.');
      expect(await target.db.select().from(organisations)).toEqual([]);
    } finally {
      await target.close();
    }
  });
});

// The command opens an embedded database of its own (DATABASE_URL empty) in either project, so it
// runs once, where the suites use the embedded database: not again beside PostgreSQL.
describe.skipIf(onPostgres)('npm run backup and npm run restore', () => {
  const cli = (script: string, args: string[], dataDir: string) =>
    spawnSync(process.execPath, [fileURLToPath(new URL(`../cli/${script}`, import.meta.url)), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 120_000,
    });

  test('back up one embedded database and restore it into another, saying what was done', async () => {
    const source = join(dir, 'source-data');
    const database = await openDatabase({ dataDir: source });
    await database.migrate();
    await database.db.insert(organisations).values({ id: 'org-cli', name: 'Command Line Trust' });
    await database.close();

    const file = join(dir, 'cli.jsonl.gz');
    const backedUp = cli('backup.ts', [file], source);
    expect(backedUp.stderr).toBe('');
    expect(backedUp.status).toBe(0);
    expect(backedUp.stdout).toMatch(/^Backed up \d+ tables, [\d,]+ rows? to .*cli\.jsonl\.gz \(\d+ kB\)\.\n$/);
    expect(cli('backup.ts', [file], source).stderr).toContain('exists already');

    const target = join(dir, 'target-data');
    const restored = cli('restore.ts', [file], target);
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain("every table's checksum matches");
    const again = cli('restore.ts', [file], target);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('This database is not empty');
    expect(cli('restore.ts', [join(dir, 'missing.gz')], target).stderr).toContain('does not exist');

    const check = await openDatabase({ dataDir: target });
    try {
      expect(await check.db.select().from(organisations)).toEqual([expect.objectContaining({ id: 'org-cli', name: 'Command Line Trust' })]);
    } finally {
      await check.close();
    }
  }, 120_000);
});
