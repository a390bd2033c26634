/**
 * Stage one of ranking (rank.ts) over the search postings held in memory. At a region's scale the
 * common words of a question ("need", "system", "control") are in most documents, and folding
 * their postings per document in SQL cost 120-150 ms a search over 17,000 documents (4.5 million
 * postings); held as typed arrays, the same figures take a few milliseconds.
 *
 * What is held, per process and database, is only ever what the library holds at one change count
 * (`library_version`, bumped in the same transaction as every write to documents, elements or
 * postings, from any process): every document's id, status, code forms and reference columns; the
 * postings of the lexemes searched since; and, per organisation and filters, which documents the organisation may
 * search (chosen in SQL by the documents policy, never in application code). Each search reads the
 * count with whatever it still needs, in one statement and so one snapshot; a new count drops
 * everything held before, and the parts are read again together.
 */
import type { SearchQuery } from '@verity/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/connect.ts';
import { documentVisibleToSql, searchable } from '../core/policies/documents.ts';
import { anyOf } from './sql.ts';

/**
 * Postings held per process and database, each a document, element or title holding a lexeme (8 to
 * 16 bytes and its positions, 2 bytes each): the least recently searched lexemes go first past it.
 */
const POSTINGS_HELD = 2_000_000;
/** Organisation-and-filter scopes held per process and database, the least recently used dropped first. */
const SCOPES_HELD = 64;
/**
 * A word's positions are held only while it is in at most this many elements (today's commonest
 * word is in about 800): a word in most passages of a region's library would cost more to read and
 * hold than stage two's statement costs, and queries with such a word are scored by the statement.
 */
const POSITIONS_HELD_PER_LEXEME = 10_000;

/**
 * A lexeme's postings: the documents holding it (ordinals) and, for each, its elements holding it
 * plus TITLE_TF when the title or code does; how many elements hold it in all; and, once stage two
 * has scored a query of it in memory (rank.ts), where it stands in those elements and titles.
 */
export interface TermPostings {
  docs: Int32Array;
  tf: Int32Array;
  elementCount: number;
  positions?: TermPositions;
}

/** A lexeme's positions in the elements and titles holding it. */
export interface TermPositions {
  /** Entry k: an element of document docs[k] (its position in the document, key[k]) holding the lexeme at positions[start[k]..start[k+1]). */
  elements: { docs: Int32Array; keys: Int32Array; start: Int32Array; positions: Uint16Array };
  /** The lexeme's positions in a document's title and code vector, by document ordinal. */
  titles: Map<number, Uint16Array>;
}

const NO_POSITIONS: TermPositions = {
  elements: { docs: new Int32Array(0), keys: new Int32Array(0), start: new Int32Array(1), positions: new Uint16Array(0) },
  titles: new Map(),
};

/** What an organisation may search under one set of filters, by document ordinal, and how many documents it can see (n). */
interface Scope {
  member: Uint8Array;
  n: number;
}

/** What a search result shows of a document: the columns a document reference is made of. */
export interface HeldDocument {
  id: string;
  code: string;
  title: string;
  category: string;
  domain: string;
  subdomain: string;
  status: 'current' | 'superseded';
  edition: string;
}

interface Held {
  version: number | null;
  ids: string[];
  documents: HeldDocument[];
  ordinals: Map<string, number>;
  superseded: Uint8Array;
  codeCompact: string[];
  codeTokens: string[];
  supersededBy: (string | null)[];
  terms: Map<string, TermPostings>;
  postings: number;
  scopes: Map<string, Scope>;
}

const heldByDatabase = new WeakMap<Database, Held>();

/** Space-separated lists, as the load statement sends ids and numbers (much faster to split than arrays to parse). */
const split = (text: string | null): string[] => (text ? text.split(' ') : []);

interface LoadRow {
  version: number | null;
  /** id, status, code forms, code, superseded_by_code, then the reference's other columns (title, category, domain, subdomain, edition). */
  documents: [string, HeldDocument['status'], string, string, string, string | null, string, string, string, string, string][] | null;
  scope: { ids: string | null; n: number } | null;
  postings: [string, string, string, number][] | null;
}

interface PositionsRow {
  version: number | null;
  /** Per lexeme, "documentId:elementPosition:p,p,p" for each element holding it, space-separated. */
  elements: [string, string][] | null;
  /** Per lexeme, "documentId:p,p" for each title and code vector holding it, space-separated. */
  titles: [string, string][] | null;
}

/** The lexemes as one tsquery matching any of them, for the vectors' GIN indexes (quotes doubled, backslashes escaped). */
const anyLexeme = (lexemes: readonly string[]): string =>
  lexemes.map((lexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');

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
            ? sql`(select json_agg(json_build_array(id, status, code_compact, code_tokens, code, superseded_by_code, title, category, domain, subdomain, edition)) from documents)`
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
            ? sql`(select json_agg(json_build_array(lexeme, ids, tfs, elements)) from (
                select lexeme, string_agg(document_id, ' ') as ids,
                  string_agg((elements + ${sql.raw(String(titleTf))} * in_title::int)::text, ' ') as tfs,
                  sum(elements) as elements
                from document_terms where lexeme = ${anyOf(lexemes)} group by lexeme) t)`
            : sql`null::json`
        } as postings`),
  );
  return row ?? { version: null, documents: null, scope: null, postings: null };
}

/** The change count, and the elements and titles holding each lexeme with its positions there (from the stored vectors, through their GIN indexes). */
async function loadPositions(db: Database, lexemes: readonly string[]): Promise<PositionsRow> {
  const matching = sql`${sql.param(anyLexeme(lexemes))}::tsquery`;
  const [row] = rowsOf<PositionsRow>(
    await db.execute(sql`
      select (select version from library_version where id = 1) as version,
        (select json_agg(json_build_array(lexeme, entries)) from (
          select u.lexeme, string_agg(e.document_id || ':' || e.position || ':' || array_to_string(u.positions, ','), ' ') as entries
          from document_elements e cross join lateral unnest(e.search_vector) u
          where e.search_vector @@ ${matching} and u.lexeme = ${anyOf(lexemes)}
          group by u.lexeme) t) as elements,
        (select json_agg(json_build_array(lexeme, entries)) from (
          select u.lexeme, string_agg(d.id || ':' || array_to_string(u.positions, ','), ' ') as entries
          from documents d cross join lateral unnest(d.search_vector) u
          where d.search_vector @@ ${matching} and u.lexeme = ${anyOf(lexemes)}
          group by u.lexeme) t) as titles`),
  );
  return row ?? { version: null, elements: null, titles: null };
}

/** A library as read at one change count: its documents, and nothing searched yet. */
function heldFrom(row: LoadRow): Held {
  const rows = row.documents ?? [];
  const ids = rows.map((document) => document[0]);
  return {
    version: row.version === null ? null : Number(row.version),
    ids,
    documents: rows.map(([id, status, , , code, , title, category, domain, subdomain, edition]) => ({
      id,
      code,
      title,
      category,
      domain,
      subdomain,
      status,
      edition,
    })),
    ordinals: new Map(ids.map((id, i) => [id, i])),
    superseded: Uint8Array.from(rows, (document) => (document[1] === 'superseded' ? 1 : 0)),
    codeCompact: rows.map((document) => document[2]),
    codeTokens: rows.map((document) => document[3]),
    supersededBy: rows.map((document) => document[5]),
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

/** Each element holding a lexeme, from "documentId:elementPosition:p,p" entries; entries of documents not held are left out. */
function elementsFrom(held: Held, entries: string): TermPositions['elements'] {
  const list = split(entries);
  const docs = new Int32Array(list.length);
  const keys = new Int32Array(list.length);
  const start = new Int32Array(list.length + 1);
  const positions: number[] = [];
  let count = 0;
  for (const entry of list) {
    const [id = '', key = '', at = ''] = entry.split(':');
    const ordinal = held.ordinals.get(id);
    if (ordinal === undefined) continue;
    docs[count] = ordinal;
    keys[count] = Number(key);
    for (const position of at.split(',')) positions.push(Number(position));
    count++;
    start[count] = positions.length;
  }
  return {
    docs: docs.subarray(0, count),
    keys: keys.subarray(0, count),
    start: start.subarray(0, count + 1),
    positions: Uint16Array.from(positions),
  };
}

/** A lexeme's positions in titles, from "documentId:p,p" entries. */
function titlesFrom(held: Held, entries: string): Map<number, Uint16Array> {
  const titles = new Map<number, Uint16Array>();
  for (const entry of split(entries)) {
    const [id = '', at = ''] = entry.split(':');
    const ordinal = held.ordinals.get(id);
    if (ordinal !== undefined) titles.set(ordinal, Uint16Array.from(at.split(','), Number));
  }
  return titles;
}

/** What a lexeme's postings count against POSTINGS_HELD: its documents, and its elements and titles once their positions are held. */
const weight = (postings: TermPostings | undefined) =>
  postings ? postings.docs.length + (postings.positions ? postings.positions.elements.docs.length + postings.positions.titles.size : 0) : 0;

/** The postings read, and an empty list for each lexeme asked for that no document holds (so it is not asked for again). */
function takePostings(held: Held, postings: LoadRow['postings'], asked: readonly string[]): void {
  for (const lexeme of asked) {
    if (!held.terms.has(lexeme)) {
      held.terms.set(lexeme, { docs: new Int32Array(0), tf: new Int32Array(0), elementCount: 0, positions: NO_POSITIONS });
    }
  }
  for (const [lexeme, ids, tfs, elementCount] of postings ?? []) {
    held.postings -= weight(held.terms.get(lexeme));
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
    const taken = { docs: docs.subarray(0, count), tf: tf.subarray(0, count), elementCount: Number(elementCount) };
    held.terms.set(lexeme, taken);
    held.postings += weight(taken);
  }
}

/**
 * Gives the search's terms their positions, reading those not held yet at the change count the
 * rest was read at; false (the search is scored by the statement) when a term is in more than
 * POSITIONS_HELD_PER_LEXEME elements or the library changed in between.
 */
async function holdPositions(
  db: Database,
  held: Held,
  terms: readonly (TermPostings | null)[],
  wanted: { lexemes: readonly string[]; cap: number; perLexeme: number },
) {
  const { lexemes, cap, perLexeme } = wanted;
  if (terms.some((postings) => !postings || postings.elementCount > perLexeme)) return false;
  const missing = lexemes.filter((_, i) => !terms[i]?.positions);
  if (missing.length === 0) return true;
  const row = await loadPositions(db, missing);
  if (row.version === null || Number(row.version) !== held.version) return false;
  const elements = new Map(row.elements ?? []);
  const titles = new Map(row.titles ?? []);
  lexemes.forEach((lexeme, i) => {
    const postings = terms[i] as TermPostings;
    if (postings.positions) return;
    // A search side by side may have let the lexeme go: its postings are still this search's, but no longer counted.
    const counted = held.terms.get(lexeme) === postings;
    if (counted) held.postings -= weight(postings);
    postings.positions = { elements: elementsFrom(held, elements.get(lexeme) ?? ''), titles: titlesFrom(held, titles.get(lexeme) ?? '') };
    if (counted) held.postings += weight(postings);
  });
  trimPostings(held, new Set(lexemes), cap);
  return true;
}

/** Past the cap, the least recently searched lexemes go, never one the search in hand needs. */
function trimPostings(held: Held, needed: ReadonlySet<string>, cap: number): void {
  for (const [lexeme, postings] of held.terms) {
    if (held.postings <= cap) return;
    if (needed.has(lexeme)) continue;
    held.terms.delete(lexeme);
    held.postings -= weight(postings);
  }
}

/** What stage one reads: the library's documents, the caller's scope and each lexeme's postings (empty for a lexeme no document holds). */
export interface HeldPostings {
  ids: readonly string[];
  /** Each document's reference columns, by ordinal. */
  documents: readonly HeldDocument[];
  /** Each document's ordinal (its index in ids). */
  ordinals: ReadonlyMap<string, number>;
  superseded: Uint8Array;
  codeCompact: readonly string[];
  codeTokens: readonly string[];
  supersededBy: readonly (string | null)[];
  scope: Scope;
  terms: (TermPostings | null)[];
  /** Gives every term its positions (see holdPositions); false when they cannot be held. */
  holdPositions(): Promise<boolean>;
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
  /** Positions are held for words in at most this many elements (tests set a small bound). */
  positionsHeldPerLexeme?: number;
}): Promise<HeldPostings> {
  const { db, organisationId, query, lexemes, titleTf } = options;
  const cap = options.postingsHeld ?? POSTINGS_HELD;
  const perLexeme = options.positionsHeldPerLexeme ?? POSITIONS_HELD_PER_LEXEME;
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
    if (current && (row.scope || held.scopes.has(scopeKey))) return take(db, held, row, { scopeKey, lexemes, missing, cap, perLexeme });
  }
  // Read together, in one snapshot. Searches running side by side may each read a library; each
  // answers from its own, and the last read is the one kept.
  const row = await load({ db, documents: true, scope: scopeSql, organisationId, lexemes: wanted, titleTf });
  const fresh = heldFrom(row);
  // A library without the change-count row (a database restored without it) is never kept.
  if (row.version === null) heldByDatabase.delete(db);
  else heldByDatabase.set(db, fresh);
  return take(db, fresh, row, { scopeKey, lexemes, missing: wanted, cap, perLexeme });
}

/** Adds what the statement read to what is held (every part at the same count), and picks out what the search needs. */
function take(
  db: Database,
  held: Held,
  row: LoadRow,
  wanted: { scopeKey: string; lexemes: readonly string[]; missing: readonly string[]; cap: number; perLexeme: number },
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
    documents: held.documents,
    ordinals: held.ordinals,
    superseded: held.superseded,
    codeCompact: held.codeCompact,
    codeTokens: held.codeTokens,
    supersededBy: held.supersededBy,
    scope,
    terms,
    holdPositions: () => holdPositions(db, held, terms, wanted),
  };
}
