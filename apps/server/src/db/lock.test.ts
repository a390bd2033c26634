import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DatabaseInUseError, openDatabase } from './connect.ts';
import { LOCK_FILE, type LockOwner, lockDataDir } from './lock.ts';

const run = promisify(execFile);
const connectUrl = new URL('./connect.ts', import.meta.url).href;
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const IN_USE =
  /^The embedded database in (\S+) is in use by another Verity process \(pid (\d+), started \d{4}-\d\d-\d\d \d\d:\d\d(, running [^)]+)?\)\. Stop it first, or set DATA_DIR to another directory\.$/;

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'verity-lock-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function writeLock(owner: Partial<LockOwner>): void {
  const lock: LockOwner = {
    id: 'a1b2c3',
    pid: deadPid(),
    hostname: hostname(),
    started_at: '2026-11-23T10:00:00.000Z',
    command: 'main.ts',
    ...owner,
  };
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify(lock));
}

function lockHolder(): LockOwner {
  return JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as LockOwner;
}

describe('the embedded database lock', () => {
  test('a second open of the same directory is refused with a sentence naming the holder; closing frees it', async () => {
    const first = await openDatabase({ dataDir: dir });
    try {
      const refusal = await openDatabase({ dataDir: dir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(DatabaseInUseError);
      const message = (refusal as Error).message;
      expect(message).toMatch(IN_USE);
      expect(message.match(IN_USE)?.[1]).toBe(dir);
      expect(message.match(IN_USE)?.[2]).toBe(String(process.pid));
      expect(lockHolder().pid).toBe(process.pid);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  test('a second process opening the directory exits non-zero with the sentence', { timeout: 60_000 }, async () => {
    const first = await openDatabase({ dataDir: dir });
    try {
      const program = `import { openDatabase } from ${JSON.stringify(connectUrl)};
try { const d = await openDatabase({ dataDir: process.argv[1] }); await d.close(); }
catch (error) { console.error(error.message); process.exit(1); }`;
      const child = await run(process.execPath, ['--input-type=module', '-e', program, dir]).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(child?.code).toBe(1);
      const line = child?.stderr.trim() ?? '';
      expect(line).toMatch(IN_USE);
      expect(line.match(IN_USE)?.[2]).toBe(String(process.pid));
    } finally {
      await first.close();
    }
  });

  test('npm start and npm run ingest on a directory in use print just the sentence and exit 1', { timeout: 60_000 }, async () => {
    const lock = lockDataDir(dir);
    writeFileSync(join(dir, 'note.md'), '# Note\n\nText.\n');
    try {
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent', PORT: '0' };
      for (const args of [
        ['src/main.ts'],
        ['src/cli/ingest.ts', join(dir, 'note.md'), '--category', 'C', '--domain', 'D', '--subdomain', 'S'],
      ]) {
        const child = await run(process.execPath, args, { env, cwd: serverDir, timeout: 30_000 }).then(
          () => null,
          (error: { code: number; stderr: string }) => error,
        );
        expect(child?.code).toBe(1);
        expect(child?.stderr.trim()).toMatch(IN_USE);
      }
    } finally {
      lock.release();
    }
  });

  test('a lock left by a process that is gone is taken over', () => {
    writeLock({});
    const lock = lockDataDir(dir);
    expect(lockHolder().pid).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  // Process start times come from /proc (Linux); elsewhere only a dead pid is detected.
  test.skipIf(!existsSync('/proc/self/stat'))('a lock whose pid now belongs to an unrelated, later process is taken over', () => {
    // The parent is alive, but did not start at the recorded moment.
    writeLock({ pid: process.ppid, proc_start: '1' });
    const lock = lockDataDir(dir);
    expect(lockHolder().pid).toBe(process.pid);
    lock.release();
  });

  test('an unreadable lock file is taken over', () => {
    writeFileSync(join(dir, LOCK_FILE), '');
    const lock = lockDataDir(dir);
    expect(lockHolder().pid).toBe(process.pid);
    lock.release();
  });

  test('a live holder, or one on another machine, is never taken over', () => {
    writeLock({ pid: process.ppid });
    expect(() => lockDataDir(dir, './data')).toThrow(
      /^The embedded database in \.\/data is in use by another Verity process \(pid \d+, started .*\)\. Stop it first/,
    );
    writeLock({ hostname: 'elsewhere.invalid' });
    expect(() => lockDataDir(dir)).toThrow(/\(pid \d+, on elsewhere\.invalid, started /);
    expect(lockHolder().hostname).toBe('elsewhere.invalid');
  });

  test('releasing leaves a lock that is not ours alone', () => {
    const lock = lockDataDir(dir);
    writeLock({ id: 'someone-else' });
    lock.release();
    expect(lockHolder().id).toBe('someone-else');
  });
});
