/**
 * Stage one of ranking (rank.ts) over the search postings held in memory. At a region's scale the
 * common words of a question ("need", "system", "control") are in most documents, and folding
 * their postings per document in SQL cost 120-150 ms a search over 17,000 documents (4.5 million
 * postings); held as typed arrays, the same figures take a few milliseconds.
 *
 * What is held, per process and database, is only ever what the library holds at one change count
 * (`library_version`, bumped in the same transaction as every write to documents, elements or
 * postings, from any process): every document's id, status and code forms; the postings of the
 * lexemes searched since; and, per organisation and filters, which documents the organisation may
 * search (chosen in SQL by the documents policy, never in application code). Each search reads the
 * count with whatever it still needs, in one statement and so one snapshot; a new count drops
 * everything held before, and the parts are read again together.
 */
import type { SearchQuery } from '@verity/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/connect.ts';
import { documentVisibleToSql, searchable } from '../core/policies/documents.ts';
import { anyOf } from './sql.ts';

/** Postings held per process and database: the least recently searched lexemes go first past it (8 bytes each, ~16 MB). */
const POSTINGS_HELD = 2_000_000;
/** Organisation-and-filter scopes held per process and database, the least recently used dropped first. */
const SCOPES_HELD = 64;

/** A lexeme's postings: the documents holding it (ordinals) and, for each, its elements holding it plus TITLE_TF when the title or code does. */
interface TermPostings {
  docs: Int32Array;
  tf: Int32Array;
}

/** What an organisation may search under one set of filters, by document ordinal, and how many documents it can see (n). */
interface Scope {
  member: Uint8Array;
  n: number;
}

interface Held {
  version: number | null;
  ids: string[];
  ordinals: Map<string, number>;
  superseded: Uint8Array;
  codeCompact: string[];
  codeTokens: string[];
  terms: Map<string, TermPostings>;
  postings: number;
  scopes: Map<string, Scope>;
}

const heldByDatabase = new WeakMap<Database, Held>();

/** Space-separated lists, as the load statement sends ids and numbers (much faster to split than arrays to parse). */
const split = (text: string | null): string[] => (text ? text.split(' ') : []);

interface LoadRow {
  version: number | null;
  documents: [string, string, string, string][] | null;
  scope: { ids: string | null; n: number } | null;
  postings: [string, string, string][] | null;
}

/**
 * One statement, one snapshot: the change count, and the parts the caller lacks at that count —
 * the library's documents, the organisation's scope, the postings of the lexemes not held.
 */
async function load(options: {
  db: Database;
  documents: boolean;
  scope: SQL | null;
  organisationId: string;
  lexemes: readonly string[];
  titleTf: number;
}): Promise<LoadRow> {
  const { db, scope, organisationId, lexemes, titleTf } = options;
  const [row] = rowsOf<LoadRow>(
    await db.execute(sql`
      select (select version from library_version where id = 1) as version,
        ${
          options.documents
            ? sql`(select json_agg(json_build_array(id, status, code_compact, code_tokens)) from documents)`
            : sql`null::json`
        } as documents,
        ${
          scope
            ? sql`json_build_object(
                'ids', (select string_agg(d.id, ' ') from documents d where ${scope}),
                'n', (select count(*) from documents d where ${documentVisibleToSql(organisationId, 'd')}))`
            : sql`null::json`
        } as scope,
        ${
          lexemes.length > 0
            ? sql`(select json_agg(json_build_array(lexeme, ids, tfs)) from (
                select lexeme, string_agg(document_id, ' ') as ids,
                  string_agg((elements + ${sql.raw(String(titleTf))} * in_title::int)::text, ' ') as tfs
                from document_terms where lexeme = ${anyOf(lexemes)} group by lexeme) t)`
            : sql`null::json`
        } as postings`),
  );
  return row ?? { version: null, documents: null, scope: null, postings: null };
}

/** A library as read at one change count: its documents, and nothing searched yet. */
function heldFrom(row: LoadRow): Held {
  const rows = row.documents ?? [];
  const ids = rows.map((document) => document[0]);
  return {
    version: row.version === null ? null : Number(row.version),
    ids,
    ordinals: new Map(ids.map((id, i) => [id, i])),
    superseded: Uint8Array.from(rows, (document) => (document[1] === 'superseded' ? 1 : 0)),
    codeCompact: rows.map((document) => document[2]),
    codeTokens: rows.map((document) => document[3]),
    terms: new Map(),
    postings: 0,
    scopes: new Map(),
  };
}

function takeScope(held: Held, key: string, scope: NonNullable<LoadRow['scope']>): Scope {
  const member = new Uint8Array(held.ids.length);
  for (const id of split(scope.ids)) {
    const ordinal = held.ordinals.get(id);
    if (ordinal !== undefined) member[ordinal] = 1;
  }
  const taken = { member, n: Number(scope.n) };
  held.scopes.set(key, taken);
  if (held.scopes.size > SCOPES_HELD) {
    const oldest = held.scopes.keys().next().value;
    if (oldest !== undefined) held.scopes.delete(oldest);
  }
  return taken;
}

/** The postings read, and an empty list for each lexeme asked for that no document holds (so it is not asked for again). */
function takePostings(held: Held, postings: LoadRow['postings'], asked: readonly string[]): void {
  for (const lexeme of asked) if (!held.terms.has(lexeme)) held.terms.set(lexeme, { docs: new Int32Array(0), tf: new Int32Array(0) });
  for (const [lexeme, ids, tfs] of postings ?? []) {
    held.postings -= held.terms.get(lexeme)?.docs.length ?? 0;
    const documentIds = split(ids);
    const frequencies = split(tfs);
    const docs = new Int32Array(documentIds.length);
    const tf = new Int32Array(documentIds.length);
    let count = 0;
    documentIds.forEach((id, i) => {
      const ordinal = held.ordinals.get(id);
      if (ordinal === undefined) return;
      docs[count] = ordinal;
      tf[count] = Number(frequencies[i]);
      count++;
    });
    held.terms.set(lexeme, { docs: docs.subarray(0, count), tf: tf.subarray(0, count) });
    held.postings += count;
  }
}

/** Past the cap, the least recently searched lexemes go, never one the search in hand needs. */
function trimPostings(held: Held, needed: ReadonlySet<string>, cap: number): void {
  for (const [lexeme, postings] of held.terms) {
    if (held.postings <= cap) return;
    if (needed.has(lexeme)) continue;
    held.terms.delete(lexeme);
    held.postings -= postings.docs.length;
  }
}

/** What stage one reads: the library's documents, the caller's scope and each lexeme's postings (empty for a lexeme no document holds). */
export interface HeldPostings {
  ids: readonly string[];
  /** Each document's ordinal (its index in ids). */
  ordinals: ReadonlyMap<string, number>;
  superseded: Uint8Array;
  codeCompact: readonly string[];
  codeTokens: readonly string[];
  scope: Scope;
  terms: (TermPostings | null)[];
}

/** The parts a search needs, at the library's current change count. */
export async function heldPostings(options: {
  db: Database;
  organisationId: string;
  query: Pick<SearchQuery, 'category' | 'domain' | 'subdomain'>;
  lexemes: readonly string[];
  titleTf: number;
  /** At most this many postings are kept (tests set a small bound). */
  postingsHeld?: number;
}): Promise<HeldPostings> {
  const { db, organisationId, query, lexemes, titleTf } = options;
  const cap = options.postingsHeld ?? POSTINGS_HELD;
  const scopeKey = JSON.stringify([organisationId, query.category, query.domain, query.subdomain]);
  const scopeSql = searchable(organisationId, query);
  const wanted = [...new Set(lexemes)];
  const held = heldByDatabase.get(db);
  if (held) {
    const missing = wanted.filter((lexeme) => !held.terms.has(lexeme));
    const needScope = !held.scopes.has(scopeKey);
    const row = await load({ db, documents: false, scope: needScope ? scopeSql : null, organisationId, lexemes: missing, titleTf });
    // Parts read at the count the rest was read at belong with it; at another, everything is read
    // again (as it is when a search side by side let the scope go in between).
    const current = row.version !== null && Number(row.version) === held.version;
    if (current && (row.scope || held.scopes.has(scopeKey))) return take(held, row, { scopeKey, lexemes, missing, cap });
  }
  // Read together, in one snapshot. Searches running side by side may each read a library; each
  // answers from its own, and the last read is the one kept.
  const row = await load({ db, documents: true, scope: scopeSql, organisationId, lexemes: wanted, titleTf });
  const fresh = heldFrom(row);
  // A library without the change-count row (a database restored without it) is never kept.
  if (row.version === null) heldByDatabase.delete(db);
  else heldByDatabase.set(db, fresh);
  return take(fresh, row, { scopeKey, lexemes, missing: wanted, cap });
}

/** Adds what the statement read to what is held (every part at the same count), and picks out what the search needs. */
function take(
  held: Held,
  row: LoadRow,
  wanted: { scopeKey: string; lexemes: readonly string[]; missing: readonly string[]; cap: number },
): HeldPostings {
  let scope = held.scopes.get(wanted.scopeKey);
  if (scope) {
    held.scopes.delete(wanted.scopeKey);
    held.scopes.set(wanted.scopeKey, scope);
  } else {
    if (!row.scope) throw new Error('the search scope was not read');
    scope = takeScope(held, wanted.scopeKey, row.scope);
  }
  takePostings(held, row.postings, wanted.missing);
  for (const lexeme of wanted.lexemes) {
    const postings = held.terms.get(lexeme);
    // Most recently searched last, so trimming takes the oldest first.
    if (postings) {
      held.terms.delete(lexeme);
      held.terms.set(lexeme, postings);
    }
  }
  trimPostings(held, new Set(wanted.lexemes), wanted.cap);
  const terms = wanted.lexemes.map((lexeme) => held.terms.get(lexeme) ?? null);
  return {
    ids: held.ids,
    ordinals: held.ordinals,
    superseded: held.superseded,
    codeCompact: held.codeCompact,
    codeTokens: held.codeTokens,
    scope,
    terms,
  };
}
