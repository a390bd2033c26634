import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openDatabase } from '../db/connect.ts';
import { ingestSeedCorpus } from '../ingest/corpus.ts';
import { createOrganisation } from '../modules/organisations/service.ts';
import { openThrowawayPostgres } from '../test/database.ts';

/** One line of an evaluation set (../shared/eval/*.jsonl). */
export interface DevQuestion {
  id: string;
  question: string;
  expected_codes: string[];
  out_of_scope?: boolean;
  filters?: { category?: string[]; domain?: string[]; subdomain?: string[] };
}

/** The dev set in shared/ beside the project checkout. */
export const DEV_SET_PATH = fileURLToPath(new URL('../../../../../shared/eval/chat-dev.jsonl', import.meta.url));

/** The questions of the file named on the command line, else the dev set. */
export function loadDevSet(path = process.argv[2]): DevQuestion[] {
  const file = path ?? DEV_SET_PATH;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as DevQuestion);
}

/**
 * A database holding the seed library and one organisation to ask as; the caller closes it. In
 * memory (PGlite) by default; with EVAL_DATABASE_URL, a throwaway database on that PostgreSQL
 * server, dropped on close.
 */
export async function openEvalLibrary(organisationName: string): Promise<{ handle: DatabaseHandle; organisationId: string }> {
  const serverUrl = process.env.EVAL_DATABASE_URL;
  const handle = serverUrl ? await openThrowawayPostgres(serverUrl, 'verity_eval') : await openDatabase({ dataDir: 'memory' });
  await handle.migrate();
  await ingestSeedCorpus({ db: handle.db });
  const organisation = await createOrganisation({ db: handle.db, name: organisationName });
  return { handle, organisationId: organisation.id };
}
