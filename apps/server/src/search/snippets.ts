/**
 * The snippets shown under each search result: the best matching elements' text with the query's
 * words marked and cut to the fragments around them (highlight.ts), without table bars, escaped but
 * for the <mark> tags, or the document's opening paragraph when it matched by code or title alone.
 */
import type { SearchSnippet } from '@verity/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/connect.ts';
import { documentElements } from '../db/schema.ts';
import { coverDensity, matchesForm } from './cover-density.ts';
import { bitCount, type HeldTerms, type RankedRow, strictPositions } from './rank.ts';
import { anyOf, each, num, sum, w } from './sql.ts';
import { escapeHtml } from '../lib/html.ts';
import { initialsOf, type ScannedText, scanText, snippetHtml, tokenKeys, tsqueryLexemes } from './highlight.ts';
import { lexemesOf } from './query.ts';
import { withoutTableMarkup } from './snippet-text.ts';

/** Enough to show where a document matches without the result list turning into the document. */
const SNIPPETS_PER_DOCUMENT = 3;
/** Per document, how many of the elements holding the most query words are ranked for snippets: ts_rank_cd is the costly part, and the best few come from these. */
const SNIPPET_SHORTLIST = 8;
/** Length of the opening-paragraph snippet of a document found by its code or title alone: about two lines, as long as a headline. */
const OPENING_WORDS = 35;
interface SnippetRow {
  id: string;
  document_id: string;
  text: string;
}

/** The first OPENING_WORDS words of a text, with an ellipsis when cut. */
function openingSnippet(text: string): string {
  const words = withoutTableMarkup(text.trim()).split(/\s+/);
  return words.length <= OPENING_WORDS ? words.join(' ') : `${words.slice(0, OPENING_WORDS).join(' ')} …`;
}

/** The passages chosen for a page's snippets, in order per document, and the query lexemes to mark in them. */
interface SnippetChoice {
  rows: SnippetRow[];
  lexemes: string[];
}

/**
 * The snippet passages chosen by one statement over the page's documents' elements: a strictly
 * matching document's best strict elements, another's best relaxed ones, best by ts_rank_cd among
 * the elements holding the most query words.
 */
async function snippetRowsByStatement(options: {
  db: Database;
  strictIds: readonly string[];
  otherIds: readonly string[];
  queries: SQL;
  words: readonly string[];
}): Promise<SnippetChoice> {
  const { db, strictIds, otherIds, queries, words } = options;
  const elementMatch = sql.join(
    [
      ...(strictIds.length > 0 ? [sql`(e.document_id = ${anyOf(strictIds)} and e.search_vector @@ q.strict)`] : []),
      ...(otherIds.length > 0 ? [sql`(e.document_id = ${anyOf(otherIds)} and e.search_vector @@ q.relaxed)`] : []),
    ],
    sql` or `,
  );
  const rows = rowsOf<SnippetRow & { query: string }>(
    await db.execute(sql`
      with q as materialized (${queries}),
      page_elements as (
        -- The page's documents' elements, read through the document index (offset 0): the
        -- query's own GIN postings would cover the whole library.
        select id, document_id, position, text, search_vector
        from document_elements where document_id = ${anyOf([...strictIds, ...otherIds])}
        offset 0
      ),
      matching as (
        select e.*, case when e.search_vector @@ q.strict then q.strict else q.relaxed end as rank_query
        from page_elements e cross join q
        where ${elementMatch}
      ),
      shortlist as (
        -- ts_rank_cd is the costly part: for a relaxed query only each document's elements holding the most query words are ranked.
        select m.*, row_number() over (partition by m.document_id order by ${sum(
          each(words.length, (i) => sql`(m.search_vector @@ q.${w(i)})::int`),
        )} desc, m.position) as cover_rank
        from matching m cross join q
      ),
      best as (
        select s.id, s.document_id, s.text,
          row_number() over (partition by s.document_id order by ts_rank_cd(s.search_vector, s.rank_query, 32) desc, s.position) as n
        from shortlist s
        where ${words.length > 1 ? sql`s.cover_rank <= ${num(SNIPPET_SHORTLIST)}` : sql`true`}
      )
      select best.id, best.document_id, best.text, q.relaxed::text || ' ' || q.strict::text as query
      from best cross join q
      where best.n <= ${SNIPPETS_PER_DOCUMENT}
      order by best.document_id, best.n`),
  );
  return { rows, lexemes: [...tsqueryLexemes(rows[0]?.query ?? '')] };
}

/**
 * The same choice from the terms' postings held by ranking (rank.ts), when it scored the documents
 * in memory: the elements are picked from their positions, then only the chosen ones are read.
 */
async function heldSnippetRows(options: {
  db: Database;
  strictIds: readonly string[];
  otherIds: readonly string[];
  held: HeldTerms;
  words: readonly string[];
}): Promise<SnippetChoice> {
  const { db, strictIds, otherIds, held, words } = options;
  const termCount = held.lexemes.length;
  const wordMask = (1 << termCount) - 1;
  const picked: { document: string; position: number }[] = [];
  for (const id of [...strictIds, ...otherIds]) {
    const ordinal = held.library.ordinals.get(id);
    // Ranking held the elements of every document it scored, and the page's are among them.
    const elements = ordinal === undefined ? undefined : held.elements.get(ordinal);
    if (!elements) continue;
    const strict = strictIds.includes(id);
    // A strictly matching document's elements matching the strict query, another's holding a query word.
    let matching: { position: number; positions: (Uint16Array | undefined)[]; cover: number }[] = [];
    for (const [position, element] of elements) {
      if (strict) {
        const positions = strictPositions(held.strict, element.positions);
        if (matchesForm(positions, held.strict)) matching.push({ position, positions, cover: bitCount(element.mask & wordMask) });
      } else if ((element.mask & wordMask) !== 0) {
        matching.push({ position, positions: element.positions.slice(0, termCount), cover: bitCount(element.mask & wordMask) });
      }
    }
    if (words.length > 1) {
      matching = matching.sort((a, b) => b.cover - a.cover || a.position - b.position).slice(0, SNIPPET_SHORTLIST);
    }
    const ranked = matching
      .map(({ position, positions }) => ({ position, rank: coverDensity(positions, strict ? held.strict.conjuncts : 'any') }))
      .sort((a, b) => b.rank - a.rank || a.position - b.position)
      .slice(0, SNIPPETS_PER_DOCUMENT);
    for (const { position } of ranked) picked.push({ document: id, position });
  }
  if (picked.length === 0) return { rows: [], lexemes: held.marked };
  const read = rowsOf<SnippetRow & { position: number }>(
    await db.execute(sql`
      select e.id, e.document_id, e.position, e.text from document_elements e
      join unnest(${sql.param(picked.map((pick) => pick.document))}::text[], ${sql.param(picked.map((pick) => pick.position))}::int[])
        as p(document_id, position) on e.document_id = p.document_id and e.position = p.position`),
  );
  const byPlace = new Map(read.map((row) => [`${row.document_id} ${row.position}`, row]));
  const rows = picked.flatMap((pick) => {
    const row = byPlace.get(`${pick.document} ${pick.position}`);
    return row ? [row] : [];
  });
  return { rows, lexemes: held.marked };
}

/**
 * The snippets of a page of ranked documents, by document id. `queries` and `words` are the
 * ranking's (rankSearch), so snippets mark what the ranking matched.
 */
export async function pageSnippets(options: {
  db: Database;
  rows: readonly Pick<RankedRow, 'id' | 'is_strict' | 'text_match'>[];
  queries: SQL;
  words: readonly string[];
  /** The terms' postings, when ranking scored the documents in memory. */
  held?: HeldTerms | undefined;
}): Promise<Map<string, SearchSnippet[]>> {
  const { db, rows, queries, words, held } = options;
  const pageIds = rows.map((row) => row.id);
  const strictIds = rows.filter((row) => row.is_strict).map((row) => row.id);
  const otherIds = rows.filter((row) => !row.is_strict && row.text_match).map((row) => row.id);
  const chosen =
    strictIds.length + otherIds.length === 0
      ? { rows: [], lexemes: [] }
      : held
        ? await heldSnippetRows({ db, strictIds, otherIds, held, words })
        : await snippetRowsByStatement({ db, strictIds, otherIds, queries, words });
  const snippetRows = chosen.rows;
  const snippets = new Map<string, SearchSnippet[]>();
  if (snippetRows.length > 0) {
    const queryLexemes = chosen.lexemes;
    const initials = initialsOf(queryLexemes);
    const scanned = snippetRows.map((row) => scanText(row.text, initials));
    const keys = tokenKeys(scanned);
    // Every word's lexeme, from the process's cache (one round trip for the words it has not seen).
    const lexemes = await lexemesOf(db, keys);
    const lexemeByKey = new Map(keys.map((key, i) => [key, lexemes[i] ?? null]));
    const lexemeOf = (key: string) => lexemeByKey.get(key) ?? null;
    for (const [i, row] of snippetRows.entries()) {
      const list = snippets.get(row.document_id) ?? [];
      list.push({ element_id: row.id, text_html: snippetHtml(scanned[i] as ScannedText, lexemeOf, queryLexemes) });
      snippets.set(row.document_id, list);
    }
  }
  // A document found by its code or title alone is shown with its opening paragraph.
  const withoutSnippets = pageIds.filter((id) => !snippets.has(id));
  if (withoutSnippets.length > 0) {
    const openings = await db
      .selectDistinctOn([documentElements.documentId], {
        id: documentElements.id,
        documentId: documentElements.documentId,
        text: documentElements.text,
      })
      .from(documentElements)
      .where(inArray(documentElements.documentId, withoutSnippets))
      .orderBy(documentElements.documentId, sql`${documentElements.type} <> 'paragraph'`, documentElements.position);
    for (const opening of openings) {
      snippets.set(opening.documentId, [{ element_id: opening.id, text_html: escapeHtml(openingSnippet(opening.text)) }]);
    }
  }
  return snippets;
}
