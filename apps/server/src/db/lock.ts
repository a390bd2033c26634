import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';

/**
 * PGlite has no server process to arbitrate between clients: two processes opening the same
 * directory each see only their own writes, and whichever closes last overwrites the other. So
 * the embedded database is guarded by a lock file that names its holder.
 */
export const LOCK_FILE = 'verity.lock';

export interface LockOwner {
  /** Random, so a holder recognises its own file (and a moved file is told apart from another). */
  id: string;
  pid: number;
  hostname: string;
  /** When the holding process started (ISO 8601). */
  started_at: string;
  /** The process's start in clock ticks since boot (Linux), to tell a reused pid from the holder. */
  proc_start?: string;
  command: string;
}

/** The embedded database is open in another live process; the message is one sentence for the user. */
export class DatabaseInUseError extends Error {
  readonly owner: LockOwner;
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `The embedded database in ${dataDir} is in use by another Verity process (${describeOwner(owner)}). ` +
        'Stop it first, or set DATA_DIR to another directory.',
    );
    this.owner = owner;
  }
}

export interface DataDirLock {
  release(): void;
}

/** Locks held by this process, so that opening the same directory twice here is refused too. */
const held = new Set<string>();

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function describeOwner(owner: LockOwner): string {
  const parts = [`pid ${owner.pid}`];
  if (owner.hostname !== hostname()) parts.push(`on ${owner.hostname}`);
  const started = new Date(owner.started_at);
  if (!Number.isNaN(started.getTime())) {
    parts.push(
      `started ${started.getFullYear()}-${pad(started.getMonth() + 1)}-${pad(started.getDate())} ${pad(started.getHours())}:${pad(started.getMinutes())}`,
    );
  }
  if (owner.command) parts.push(`running ${owner.command}`);
  return parts.join(', ');
}

/** Field 22 of /proc/<pid>/stat (start time in ticks since boot); undefined where there is no /proc. */
function processStart(pid: number | 'self'): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces; fields 3… follow the last ')'.
    return stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .at(19);
  } catch {
    return undefined;
  }
}

function describeCommand(): string {
  const script = process.argv[1];
  if (!script) return '';
  return [basename(script), ...process.argv.slice(2)].join(' ').slice(0, 200);
}

function ownLock(): LockOwner {
  return {
    id: randomBytes(12).toString('hex'),
    pid: process.pid,
    hostname: hostname(),
    started_at: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    proc_start: processStart('self'),
    command: describeCommand(),
  };
}

function readOwner(path: string): { raw: string; owner?: LockOwner } | undefined {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const owner = JSON.parse(raw) as LockOwner;
    if (typeof owner.pid === 'number' && typeof owner.id === 'string') return { raw, owner };
  } catch {
    // Written atomically (link of a complete file), so an unreadable lock is debris, not a writer mid-way.
  }
  return { raw };
}

/** Whether the lock's holder may still be running; only a holder provably gone is stale. */
function isAlive(owner: LockOwner, path: string): boolean {
  if (held.has(path)) return true;
  // Another machine sharing the directory: its processes cannot be checked from here.
  if (owner.hostname !== hostname()) return true;
  if (owner.pid === process.pid) {
    // Our own pid but not our lock: an earlier run in a container whose processes are numbered alike.
    return false;
  }
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: the process exists and belongs to another user.
  }
  if (owner.proc_start !== undefined) {
    const now = processStart(owner.pid);
    // The pid was reused by an unrelated process started after the holder died.
    if (now !== undefined && now !== owner.proc_start) return false;
  }
  return true;
}

/** Creates the lock file only if none exists, with its whole content visible at once. */
function tryCreate(path: string, content: string): boolean {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(temporary, content, { flag: 'wx', mode: 0o644 });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * Removes a stale lock file, unless another process replaced it meanwhile: the file is first
 * renamed to a name only this process uses, then checked to be the very one judged stale; a live
 * lock moved by mistake is put back.
 */
function removeStale(path: string, staleRaw: string): void {
  const aside = `${path}.stale.${process.pid}.${randomBytes(6).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readFileSync(aside, 'utf8');
  if (moved !== staleRaw) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone else holds it now; their lock stands.
    }
  }
  unlinkSync(aside);
}

/**
 * Takes the exclusive lock on an embedded database directory, or throws DatabaseInUseError naming
 * the live process that holds it. A lock left by a process that is gone is taken over.
 * `shownDir` is how the directory is named to the user (the configured DATA_DIR).
 */
export function lockDataDir(dataDir: string, shownDir = dataDir): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const mine = ownLock();
  const content = `${JSON.stringify(mine, null, 2)}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!held.has(path) && tryCreate(path, content)) {
      held.add(path);
      const onExit = () => release();
      const release = () => {
        process.off('exit', onExit);
        if (!held.delete(path)) return;
        const current = readOwner(path);
        if (current?.owner?.id === mine.id) unlinkSync(path);
      };
      // A process that exits without closing the database (an uncaught error) still frees the directory.
      process.on('exit', onExit);
      return { release };
    }
    const current = readOwner(path);
    if (!current) continue;
    if (current.owner && isAlive(current.owner, path)) throw new DatabaseInUseError(shownDir, current.owner);
    removeStale(path, current.raw);
  }
  const last = readOwner(path);
  throw new DatabaseInUseError(
    shownDir,
    last?.owner ?? { id: '', pid: 0, hostname: hostname(), started_at: '', command: 'unknown (the lock keeps changing hands)' },
  );
}
