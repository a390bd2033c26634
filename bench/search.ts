/**
 * Search latency with the seed corpus scaled to SCALE× (synthetic copies with distinct codes and
 * file names), on in-memory PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a
 * PostgreSQL server, on a throwaway database there. Baseline: a plain indexed lookup by code
 * on the same database in the same run.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SearchQuery } from '@verity/shared';
import { eq, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../apps/server/src/db/connect.ts';
import { documents } from '../apps/server/src/db/schema.ts';
import { ingestSeedCorpus } from '../apps/server/src/ingest/corpus.ts';
import { item } from '../apps/server/src/modules/documents/compare.ts';
import { searchDocuments } from '../apps/server/src/modules/documents/search.ts';
import { openThrowawayPostgres } from '../apps/server/src/test/database.ts';
import { createOrganisation } from '../apps/server/src/core/identity/organisations.ts';
import { type Row, summarise, timeIt } from './stats.ts';

export const SCALE = Number(process.env.BENCH_SCALE ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const DEV_SET = fileURLToPath(new URL('../../shared/eval/chat-dev.jsonl', import.meta.url));

/** Codes in every written form, phrases and websearch syntax, then plain-English questions. */
function queryMix(): string[] {
  const fixed = [
    'HTM 06-01',
    'htm 6-1',
    'HTM0601',
    'L8',
    'COSHH',
    'reg 12',
    'Regulation 12',
    'legionella',
    'risk assessment',
    '"water hygiene"',
    '"written scheme of examination"',
    'legionella -temperature',
    'legionella temperature monitoring',
    'sharps containers',
  ];
  let questions: string[] = [];
  try {
    questions = readFileSync(DEV_SET, 'utf8')
      .split('\n')
      .filter((line) => line.trim().length > 0)
      .map((line) => JSON.parse(line) as { question: string; out_of_scope?: boolean })
      .filter((entry) => entry.out_of_scope !== true)
      .map((entry) => entry.question)
      .slice(0, 16);
  } catch {
    questions = [
      'How often must lifting equipment used to lift patients be thoroughly examined?',
      'What temperatures and monitoring are needed to control legionella in hot and cold water systems?',
      'How long must waste transfer notes be kept?',
      'What does the duty of candour require after a notifiable safety incident?',
    ];
  }
  return [...fixed, ...questions];
}

/** SCALE - 1 copies of every seed document and its elements, in bulk SQL producing the rows storeDocument writes. */
async function scaleCorpus(db: Database): Promise<void> {
  for (let copy = 1; copy < SCALE; copy++) {
    const suffix = `X${copy}`;
    await db.execute(sql`
      insert into documents (id, organisation_id, code, title, filename, category, domain, subdomain, issuer, edition, status,
        superseded_by_code, supersedes, applies_to, source_kind, content_hash, created_at, updated_at)
      select upper(substr(md5(id || ${suffix}), 1, 26)), organisation_id, code || ' ' || ${suffix}, title, ${suffix} || '-' || filename,
        category, domain, subdomain, issuer, edition, status,
        case when superseded_by_code is null then null else superseded_by_code || ' ' || ${suffix} end,
        supersedes, applies_to, source_kind, content_hash, created_at, updated_at
      from documents where filename not like 'X%'`);
    await db.execute(sql`
      insert into document_elements (id, document_id, position, type, text, page, heading_path)
      select upper(substr(md5(e.id || ${suffix}), 1, 26)), upper(substr(md5(e.document_id || ${suffix}), 1, 26)),
        e.position, e.type, e.text, e.page, e.heading_path
      from document_elements e join documents d on d.id = e.document_id where d.filename not like 'X%'`);
  }
  // As autovacuum would leave a library that has been live a while: statistics, and a visibility
  // map so the postings are read from their index alone.
  await db.execute(sql`vacuum analyze`);
}

export interface SearchBenchResult {
  rows: Row[];
  documents: number;
  elements: number;
  slowest: { q: string; ms: number }[];
}

export async function benchSearch(kind: 'pglite' | 'postgres', serverUrl?: string): Promise<SearchBenchResult> {
  const handle =
    kind === 'postgres' && serverUrl ? await openThrowawayPostgres(serverUrl, 'verity_bench') : await openDatabase({ dataDir: 'memory' });
  try {
    await handle.migrate();
    const db = handle.db;
    const setup = performance.now();
    await ingestSeedCorpus({ db });
    await scaleCorpus(db);
    const counts = await db.execute<{ documents: number; elements: number }>(
      sql`select (select count(*)::int from documents) as documents, (select count(*)::int from document_elements) as elements`,
    );
    const { documents: documentCount, elements: elementCount } = item(
      (counts as unknown as { rows: { documents: number; elements: number }[] }).rows,
      0,
    );
    console.error(
      `  ${kind}: ${documentCount} documents, ${elementCount} elements loaded in ${((performance.now() - setup) / 1000).toFixed(1)} s`,
    );
    const organisation = await createOrganisation({ db, name: 'Bench Trust' });
    const queries = queryMix();
    const search = (q: string) =>
      searchDocuments({
        db,
        organisationId: organisation.id,
        query: { q, category: [], domain: [], subdomain: [], page: 1 } satisfies SearchQuery,
      });
    const codes = (await db.select({ code: documents.code }).from(documents).limit(200)).map((row) => row.code);
    const lookup = (code: string) => db.select().from(documents).where(eq(documents.code, code));

    // Warm-up: plans, caches and JIT for both the measured path and the baseline.
    for (const q of queries) await search(q);
    for (const code of codes.slice(0, 20)) await lookup(code);

    const searchTimes: number[] = [];
    const byQuery = new Map<string, number>();
    const baselineTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of queries) {
        const ms = await timeIt(() => search(q));
        searchTimes.push(ms);
        byQuery.set(q, Math.max(ms, byQuery.get(q) ?? 0));
      }
      for (const code of codes) baselineTimes.push(await timeIt(() => lookup(code)));
    }
    const baseline = summarise(`${kind}: lookup by code (baseline)`, baselineTimes);
    const measured = summarise(`${kind}: search, ${queries.length} queries × ${ROUNDS}`, searchTimes, baseline);
    const slowest = [...byQuery]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([q, ms]) => ({ q, ms }));
    return { rows: [baseline, measured], documents: documentCount, elements: elementCount, slowest };
  } finally {
    await handle.close();
  }
}
