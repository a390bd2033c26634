import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openDatabase } from '../db/connect.ts';
import { ingestSeedCorpus } from '../ingest/corpus.ts';
import { createOrganisation } from '../core/identity/organisations.ts';
import { openThrowawayPostgres } from '../test/database.ts';

/** One line of an evaluation set (../shared/eval/*.jsonl). */
export interface DevQuestion {
  id: string;
  question: string;
  expected_codes: string[];
  out_of_scope?: boolean;
  filters?: { category?: string[]; domain?: string[]; subdomain?: string[] };
  /** Key facts an answer must state, each as the list of its acceptable wordings. */
  must_mention?: string[][];
  /** Per fact of must_mention: whether the library states it (only those count towards facts-mentioned recall). */
  facts_in_library?: boolean[];
  /** What the question asks for (figure, interval, retention, role, yes_no, list, change, definition, procedure, out_of_scope): the evaluation reports facts by kind. */
  kind?: string;
  /** For a yes/no question, the word a correct answer opens with. */
  answer_starts?: 'yes' | 'no';
}

/** Whether an answer opens with the yes or no it should: its first word, markup and case aside. */
export function opensWith(answer: string, word: 'yes' | 'no'): boolean {
  const first = /[a-z]+/i.exec(answer.replace(/^[\s*_#>-]+/, ''))?.[0]?.toLowerCase();
  return first === word;
}

/**
 * A text as facts are compared in it: lower case, one space for any run of white space (narrow and
 * non-breaking spaces too), the degree signs people type (º, ˚, ℃) as °, and no space before °
 * or between ° and its unit: "60 ºC", "60°C" and "60 ℃" all read "60°c".
 */
export function normaliseForFacts(text: string): string {
  return text
    .toLowerCase()
    .replace(/℃/g, '°c')
    .replace(/[º˚]/g, '°')
    .replace(/[\s\u00a0\u202f\u2009]+/g, ' ')
    .replace(/ ?° ?/g, '°')
    .trim();
}

/** Whether an answer states a fact: any of its wordings appears in the text (see normaliseForFacts). */
export function mentionsFact(answer: string, wordings: readonly string[]): boolean {
  const text = normaliseForFacts(answer);
  return wordings.some((wording) => {
    const wanted = normaliseForFacts(wording);
    return wanted.length > 0 && text.includes(wanted);
  });
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
