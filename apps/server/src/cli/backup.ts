import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BackupError, writeBackup } from '../db/backup.ts';
import { runCommand, withDatabaseHandle } from './run.ts';

/** The usage of both commands: backup and restore are read together. */
export const BACKUP_USAGE = `Usage: npm run backup -- [file]
       npm run restore -- <file> [--replace]

backup writes every table of the configured database (DATABASE_URL, or the embedded database in
DATA_DIR: stop the server first when using that) to one compressed file, by default
verity-backup-<date and time>.jsonl.gz here. On PostgreSQL it may run while servers do: it reads
one consistent snapshot. The file holds everything, personal data and uploads included: keep it
as safe as the database.

restore loads such a file into the configured database, which must be at the same schema version
and empty (a new database), or with --replace has everything in it replaced. It commits only when
every table's rows and checksum match the backup's; otherwise nothing changes.`;

function sizeOf(path: string): string {
  const bytes = statSync(path).size;
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

export function rowsIn(header: { tables: { rows: number }[] }): string {
  const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
  return `${header.tables.length} tables, ${rows.toLocaleString('en-GB')} ${rows === 1 ? 'row' : 'rows'}`;
}

async function backup(): Promise<void> {
  const { positionals, values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  if (values.help) return void console.log(BACKUP_USAGE);
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '').replace('T', '-');
  const path = positionals[0] ?? `verity-backup-${stamp}.jsonl.gz`;
  if (existsSync(path)) throw new BackupError(`${path} exists already: name a new file, so no backup is overwritten.`);
  const header = await withDatabaseHandle((database) => writeBackup({ db: database.db, kind: database.kind, path }));
  console.log(`Backed up ${rowsIn(header)} to ${path} (${sizeOf(path)}).`);
}

if (import.meta.main) runCommand('backup', BACKUP_USAGE, [BackupError], backup);
