import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { openDatabase } from '../db/connect.ts';
import { documentElements, documents } from '../db/schema.ts';
import { onPostgres, openTestDatabase } from '../test/database.ts';
import { buildManyPagePdf, buildZipBombDocx } from '../test/hostile-files.ts';
import { buildEncryptedPdf, buildPdf } from '../test/sample-files.ts';
import { collectFiles, ingestFile, summarise } from './ingest.ts';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./ingest.ts', import.meta.url));
const tags = { category: 'Policy', domain: 'Fire', subdomain: 'Fire safety' };

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'verity-ingest-'));
  await mkdir(join(folder, 'estates', 'fire'), { recursive: true });
  await writeFile(join(folder, 'a-notice.md'), '# Visitor notice\n\nVisitors sign in at reception.\n');
  await writeFile(join(folder, 'estates', 'b-checklist.txt'), 'Weekly checks\n\nTest the alarm every Tuesday.\n');
  await writeFile(join(folder, 'estates', 'fire', 'c-policy.pdf'), await buildPdf());
  await writeFile(join(folder, 'estates', 'fire', 'd-locked.pdf'), buildEncryptedPdf());
  await writeFile(join(folder, 'estates', 'photo.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(join(folder, '.hidden.md'), '# Hidden\n\nNot picked up.\n');
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('collectFiles', () => {
  test('recurses folders for ingestible extensions only, skipping hidden files; reports missing paths', () => {
    const { files, missing } = collectFiles([folder, join(folder, 'nope')]);
    expect(files.map((f) => f.slice(folder.length + 1))).toEqual([
      'a-notice.md',
      'estates/b-checklist.txt',
      'estates/fire/c-policy.pdf',
      'estates/fire/d-locked.pdf',
    ]);
    expect(missing).toEqual([join(folder, 'nope')]);
    // Named explicitly, a file is tried whatever its extension.
    expect(collectFiles([join(folder, 'estates', 'photo.png')]).files).toHaveLength(1);
  });
});

describe('ingestFile', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  test('stores, then leaves unchanged; refuses unreadable, wrong-type and oversized files', async () => {
    const path = join(folder, 'a-notice.md');
    const first = await ingestFile({ db: database.db, path, metadata: tags, maxBytes: 1_000_000 });
    expect(first).toMatchObject({ outcome: 'ingested', elements: 2 });
    const second = await ingestFile({ db: database.db, path, metadata: tags, maxBytes: 1_000_000 });
    expect(second).toMatchObject({ outcome: 'unchanged', documentId: first.documentId });

    const [row] = await database.db
      .select()
      .from(documents)
      .where(eq(documents.id, first.documentId ?? ''));
    expect(row).toMatchObject({
      title: 'Visitor notice',
      code: 'a-notice',
      filename: 'a-notice.md',
      category: 'Policy',
      organisationId: null,
    });

    const locked = await ingestFile({
      db: database.db,
      path: join(folder, 'estates', 'fire', 'd-locked.pdf'),
      metadata: tags,
      maxBytes: 1_000_000,
    });
    expect(locked).toMatchObject({ outcome: 'refused', reason: expect.stringMatching(/password|encrypt/i) });
    const png = await ingestFile({ db: database.db, path: join(folder, 'estates', 'photo.png'), metadata: tags, maxBytes: 1_000_000 });
    expect(png.outcome).toBe('refused');
    const big = await ingestFile({ db: database.db, path: join(folder, 'estates', 'b-checklist.txt'), metadata: tags, maxBytes: 10 });
    expect(big).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('larger than') });
    expect(await database.db.select().from(documents)).toHaveLength(1);
    expect(summarise([first, second, locked])).toBe('3 files: 1 ingested, 1 unchanged, 1 refused.');
  });

  test('parses in the isolated pool: a zip bomb and a 20,000-page PDF are refused with the limit they exceed', async () => {
    const hostile = await mkdtemp(join(tmpdir(), 'verity-ingest-hostile-'));
    try {
      await writeFile(join(hostile, 'bomb.docx'), buildZipBombDocx(60));
      await writeFile(join(hostile, 'pages.pdf'), buildManyPagePdf(20_000));
      const bomb = await ingestFile({ db: database.db, path: join(hostile, 'bomb.docx'), metadata: tags, maxBytes: 25_000_000 });
      expect(bomb).toMatchObject({ outcome: 'refused', reason: expect.stringMatching(/times its size; at most 100 times is allowed/) });
      const pages = await ingestFile({ db: database.db, path: join(hostile, 'pages.pdf'), metadata: tags, maxBytes: 25_000_000 });
      expect(pages).toMatchObject({ outcome: 'refused', reason: expect.stringMatching(/^This PDF has 20,000 pages/) });
    } finally {
      await rm(hostile, { recursive: true, force: true });
    }
  });
});

// The command opens an embedded database of its own (DATABASE_URL empty) in either project, so it
// runs once, where the suites use the embedded database: not again beside PostgreSQL.
describe.skipIf(onPostgres)('npm run ingest', () => {
  test('ingests a folder, prints a line per file and a summary, fails when a file is refused; a second run changes nothing', {
    timeout: 120_000,
  }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'verity-ingest-db-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const args = [script, folder, '--category', 'Policy', '--domain', 'Fire', '--subdomain', 'Fire safety', '--edition', '2026'];
    const failed = (error: { code: number; stdout: string; stderr: string }) => error;
    try {
      const first = await run(process.execPath, args, { env }).then(() => null, failed);
      expect(first?.code).toBe(1);
      const lines = first?.stdout.trim().split('\n') ?? [];
      expect(lines).toHaveLength(5);
      expect(lines[0]).toMatch(/^ingested +.*a-notice\.md → [0-9A-Z]{26} \(2 elements\)$/);
      expect(lines[2]).toMatch(/^ingested +.*c-policy\.pdf → /);
      expect(lines[3]).toMatch(/^refused +.*d-locked\.pdf: .*(password|encrypt)/i);
      expect(lines[4]).toBe('4 files: 3 ingested, 0 unchanged, 1 refused.');

      const again = await run(
        process.execPath,
        [...args.slice(0, 1), join(folder, 'a-notice.md'), join(folder, 'estates', 'fire', 'c-policy.pdf'), ...args.slice(2)],
        {
          env,
        },
      );
      expect(again.stdout).toMatch(/^unchanged +.*a-notice\.md/m);
      expect(again.stdout.trim().split('\n').at(-1)).toBe('2 files: 0 ingested, 2 unchanged, 0 refused.');

      const usage = await run(process.execPath, [script, folder], { env }).then(() => null, failed);
      expect(usage?.code).toBe(1);
      expect(usage?.stderr).toContain('--category is required');

      const database = await openDatabase({ dataDir });
      try {
        const rows = await database.db.select().from(documents).orderBy(asc(documents.filename));
        expect(rows.map((r) => [r.filename, r.edition, r.subdomain])).toEqual([
          ['a-notice.md', '2026', 'Fire safety'],
          ['b-checklist.txt', '2026', 'Fire safety'],
          ['c-policy.pdf', '2026', 'Fire safety'],
        ]);
        const pdf = rows.find((r) => r.filename === 'c-policy.pdf');
        expect(pdf?.title).toBe('Fire Safety Policy');
        const elements = await database.db
          .select()
          .from(documentElements)
          .where(eq(documentElements.documentId, pdf?.id ?? ''));
        expect(elements.length).toBeGreaterThan(5);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
