import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type Database, type DatabaseHandle, DatabaseInUseError, openDatabase } from '../db/connect.ts';

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a command's `main` and exits: with its code (0 when it returns none), or 1 after one line
 * that says why. A refusal the command explains (one of `refusals`, a configuration error, the
 * embedded database held by a running server) prints its message; an argument the parser refused
 * prints with the usage; anything else prints the command's name and the first line of its message,
 * never a stack.
 */
export function runCommand(name: string, usage: string, refusals: readonly ErrorClass[], main: () => Promise<unknown>): void {
  main().then(
    (code) => process.exit(typeof code === 'number' ? code : 0),
    (error: unknown) => {
      if ([...refusals, ConfigError, DatabaseInUseError].some((kind) => error instanceof kind)) console.error((error as Error).message);
      else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
        console.error(`${error.message}\n\n${usage}`);
      else console.error(`${name} failed:`, error instanceof Error ? error.message.split('\n')[0] : error);
      process.exit(1);
    },
  );
}

/**
 * Runs a command's work on the configured database (DATABASE_URL, or the embedded one in DATA_DIR,
 * which refuses while a server holds it), migrated first and closed after, whatever happens.
 */
export async function withDatabase<T>(work: (db: Database, config: Config) => Promise<T>): Promise<T> {
  return withDatabaseHandle((database, config) => work(database.db, config));
}

/** withDatabase, for the commands that need to know which database it is (backup and restore). */
export async function withDatabaseHandle<T>(work: (database: DatabaseHandle, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    return await work(database, config);
  } finally {
    await database.close();
  }
}
