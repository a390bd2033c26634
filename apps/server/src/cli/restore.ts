import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup } from '../db/backup.ts';
import { BACKUP_USAGE, rowsIn } from './backup.ts';
import { runCommand, withDatabaseHandle } from './run.ts';

async function restore(): Promise<void> {
  const { positionals, values } = parseArgs({
    options: { replace: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return void console.log(BACKUP_USAGE);
  const path = positionals[0];
  if (!path) throw new BackupError(`Name the backup file to restore.\n\n${BACKUP_USAGE}`);
  if (!existsSync(path)) throw new BackupError(`${path} does not exist.`);
  const header = await withDatabaseHandle((database) => restoreBackup({ db: database.db, path, replace: values.replace }));
  console.log(`Restored ${rowsIn(header)} from ${path} (made ${header.created_at}); every table's checksum matches.`);
}

if (import.meta.main) runCommand('restore', BACKUP_USAGE, [BackupError], restore);
