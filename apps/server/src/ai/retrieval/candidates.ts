/**
 * Stages two and three of retrieval: the candidate documents (the wiki search's ranking, fused with
 * a semantic one when there is one) and their elements, each with the question's terms it holds.
 */
import { type ChatFilters, SEARCH_PAGE_SIZE } from '@verity/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/connect.ts';
import { rankSearch } from '../../search/rank.ts';
import { documentVisibleToSql, searchable } from '../../core/policies/documents.ts';
import { allOf, anyOf, num } from '../../search/sql.ts';
import { withoutOperators } from '../../search/query.ts';
import { headingHits, hitArray, type PassageElement, type QueryTerm, type ScoringElement } from '../passage-scoring.ts';
import type { RetrievePassagesOptions } from './types.ts';
import { namesCode, namesTitle, PART_OR_YEAR } from './text-signals.ts';
import type { Question } from '../question/read.ts';
import { detectReferences } from '../../core/library/references.ts';
import { type LibraryCode, libraryCodeOf } from '../../core/library/load.ts';

/** Documents whose elements are read and scored: the best-ranked few hold the answer, and each costs its elements' term checks. */
const CANDIDATE_DOCUMENTS = 8;
/** Reciprocal rank fusion's usual constant: a document's place counts, but the first few places do not dominate. */
const FUSION_K = 60;

export interface DocumentRow {
  id: string;
  organisation_id: string | null;
  code: string;
  title: string;
  edition: string;
  status: 'current' | 'superseded';
  superseded_by_code: string | null;
  /** Legislation, Guidance, Approved Code of Practice, Assurance…: what kind of source the document is. */
  category: string;
  /** The nations the document applies to (its front matter's applies_to); empty when it does not say. */
  applies_to: string[];
  title_hits: number[];
}

export interface ElementRow extends ScoringElement {
  id: string;
  document_id: string;
  position: number;
  type: PassageElement['type'];
  headingPath: string[];
  hits: number[];
  /** Whether a heading above the element holds each term (from the heading elements' own hits). */
  headingHits: number[];
  /** Whether a heading above the element or the document's title or code holds each term. */
  contextHits: number[];
}

/** The library's ranking for the question: document ids, best first, and the search score each stands on. */
export interface LibraryRanking {
  ranked: string[];
  searchScores: Map<string, number>;
}

/** Reciprocal rank fusion of rankings, best first: each id scores Σ 1 / (FUSION_K + rank). Hybrid ranking with embeddings uses it. */
export function fuseRankings(rankings: readonly (readonly string[])[]): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((id, i) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (FUSION_K + i + 1));
    });
  }
  return [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

/** The wiki's first page of results for the question, in its order (no snippets: passages are chosen later), fused with the semantic ranking when there is one. */
export async function rankLibrary(options: {
  db: Database;
  organisationId: string;
  q: string;
  filters: ChatFilters;
  includeInternal: boolean;
  semantic: RetrievePassagesOptions['semantic'];
}): Promise<LibraryRanking> {
  const { db, organisationId, q, filters, includeInternal } = options;
  const [search, semantic] = await Promise.all([
    rankSearch({
      db,
      organisationId,
      // A question is read as words: its quotes and "or" are not search syntax.
      query: { q: withoutOperators(q), category: filters.category, domain: filters.domain, subdomain: filters.subDomain, page: 1 },
    }),
    options.semantic ? options.semantic(q, { filters, includeInternal }) : Promise.resolve(null),
  ]);
  const firstPage = search.scored.slice(0, SEARCH_PAGE_SIZE);
  const ranked = firstPage.map((entry) => entry.row.id);
  const searchScores = new Map(firstPage.map((entry) => [entry.row.id, entry.score]));
  if (!semantic || semantic.length === 0) return { ranked, searchScores };
  // Hybrid: reciprocal rank fusion of the two rankings; the fused score, relative to the best,
  // stands in for the search score in the cut-offs for a document the lexical search did not find.
  const fused = fuseRankings([ranked, semantic.map((entry) => entry.id)]).slice(0, SEARCH_PAGE_SIZE);
  const top = fused[0]?.score ?? 1;
  const lexicalTop = firstPage[0]?.score ?? 1;
  return {
    ranked: fused.map((entry) => entry.id),
    searchScores: new Map(fused.map((entry) => [entry.id, searchScores.get(entry.id) ?? (entry.score / top) * lexicalTop])),
  };
}

/** The first CANDIDATE_DOCUMENTS of the ranking the caller may use (internal documents only when included), with the terms their titles and codes hold. */
export async function candidateDocuments(options: {
  db: Database;
  organisationId: string;
  ranked: readonly string[];
  terms: readonly QueryTerm[];
  includeInternal: boolean;
}): Promise<DocumentRow[]> {
  const { db, organisationId, ranked, terms, includeInternal } = options;
  const documentRows = rowsOf<DocumentRow>(
    await db.execute(sql`
      select d.id, d.organisation_id, d.code, d.title, d.edition, d.status, d.superseded_by_code, d.category, d.applies_to,
        ${hitArray(terms, sql`d.search_vector`)} as title_hits
      from documents d
      where d.id = ${anyOf(ranked)} and ${documentVisibleToSql(organisationId, 'd')}`),
  );
  const byId = new Map(documentRows.map((row) => [row.id, row]));
  return ranked
    .map((id) => byId.get(id))
    .filter((row): row is DocumentRow => row !== undefined && (includeInternal || row.organisation_id === null))
    .slice(0, CANDIDATE_DOCUMENTS);
}

/** Every element of the candidate documents, in document order, with the terms it and its context hold, by document id. */
export async function candidateElements(options: {
  db: Database;
  documents: readonly DocumentRow[];
  terms: readonly QueryTerm[];
}): Promise<Map<string, ElementRow[]>> {
  const { db, documents, terms } = options;
  // Hundreds of rows, read as one JSON value: PGlite decodes a row column by column, which cost
  // twice the query itself (15 ms against 8 ms over the dev set's candidates).
  const [elementsJson] = rowsOf<{ rows: string | null }>(
    await db.execute(sql`
      select json_agg(json_build_object('id', e.id, 'document_id', e.document_id, 'position', e.position,
        'type', e.type, 'text', e.text, 'headingPath', e.heading_path,
        'hits', ${hitArray(terms, sql`e.search_vector`)}) order by e.document_id, e.position)::text as rows
      from document_elements e
      where e.document_id = ${anyOf(documents.map((row) => row.id))}`),
  );
  const elementRows = JSON.parse(elementsJson?.rows ?? '[]') as ElementRow[];
  const elementsByDocument = new Map<string, ElementRow[]>();
  for (const row of elementRows) {
    const list = elementsByDocument.get(row.document_id) ?? [];
    list.push(row);
    elementsByDocument.set(row.document_id, list);
  }
  for (const document of documents) {
    const elements = elementsByDocument.get(document.id) ?? [];
    headingHits(elements, terms.length).forEach((underHeading, i) => {
      const row = elements[i];
      if (!row) return;
      row.headingHits = underHeading;
      row.contextHits = underHeading.map((hit, t) => (hit || document.title_hits[t] ? 1 : 0));
    });
  }
  return elementsByDocument;
}

/**
 * Current documents, not among the candidates, that the given passages name by their code ("…
 * Regulation 15 | CQC Reg 15", "as set out in HSG274"): an overview or a summary that answers a
 * question names the specific document holding the detail, which the search may have ranked below
 * it. Only documents the caller's filters admit, as the search's own. Ids in the order first named; at most `limit`.
 */
export async function documentsNamedIn(options: {
  db: Database;
  organisationId: string;
  texts: readonly string[];
  exclude: readonly string[];
  filters: ChatFilters;
  includeInternal: boolean;
  named: (text: string, code: string) => number;
  limit: number;
  /** Superseded editions too: a question may name one ("what replaced HTM 03-01 (2007)?"); a passage naming one is usually telling what replaced it. */
  anyStatus?: boolean;
}): Promise<string[]> {
  const { db, organisationId, texts, exclude, filters, includeInternal, named, limit, anyStatus = false } = options;
  const text = texts.join('\n');
  if (text.trim().length === 0) return [];
  // With every status, a code is also named without its part or year ("CFPP 01-06" for "CFPP 01-06 (2013)").
  const family = anyStatus ? sql`regexp_replace(d.code, ${PART_OR_YEAR.source}, '', 'i')` : sql`d.code`;
  const rows = rowsOf<{ id: string; code: string; family: string; organisation_id: string | null }>(
    await db.execute(sql`
      select d.id, d.code, ${family} as family, d.organisation_id from documents d
      where ${anyStatus ? sql`true` : sql`d.status = 'current'`} and length(d.code) > 1 and strpos(${text}, ${family}) > 0
        and ${searchable(organisationId, { category: filters.category, domain: filters.domain, subdomain: filters.subDomain })}
        ${exclude.length > 0 ? sql`and d.id <> ${allOf(exclude)}` : sql``}`),
  );
  return rows
    .filter((row) => includeInternal || row.organisation_id === null)
    .map((row) => ({ id: row.id, exact: named(text, row.code) >= 0, at: Math.max(named(text, row.code), named(text, row.family)) }))
    .filter((row) => row.at >= 0)
    .sort((a, b) => Number(b.exact) - Number(a.exact) || a.at - b.at)
    .slice(0, limit)
    .map((row) => row.id);
}

interface NamingRow {
  id: string;
  code: string;
  title: string;
  status: 'current' | 'superseded';
  edition: string;
  superseded_by_code: string | null;
  supersedes: string[];
  organisation_id: string | null;
}

/** The visible libraries last read as the reference detector sees them: the same array for the same rows, so its index is built once. */
const detectorLibraries = new Map<string, LibraryCode[]>();
const DETECTOR_LIBRARIES = 8;

function detectorLibrary(rows: readonly NamingRow[]): LibraryCode[] {
  const key = rows.map((row) => `${row.id}:${row.status}:${row.superseded_by_code ?? ''}`).join('|');
  const known = detectorLibraries.get(key);
  if (known) return known;
  const library = rows.map(libraryCodeOf);
  if (detectorLibraries.size >= DETECTOR_LIBRARIES) detectorLibraries.delete(detectorLibraries.keys().next().value ?? '');
  detectorLibraries.set(key, library);
  return library;
}

/**
 * Documents the question names by their title ("still quotes the Lifts Regulations 1997") or by
 * their code however it is written ("the 2016 records management code", "the 2006 L143 acop",
 * "IRR17"), of any status: a name makes a document a candidate however the search ranks it. The
 * visible library's titles and codes are few enough to read at once; a code is read by the same
 * reference detector the writing assistant and the reviewer use (`detected`).
 */
export async function documentsNamed(options: {
  db: Database;
  organisationId: string;
  question: Pick<Question, 'text' | 'words' | 'search' | 'searchCodes'>;
  filters: ChatFilters;
  includeInternal: boolean;
}): Promise<{ titled: string[]; coded: string[]; detected: string[] }> {
  const { db, organisationId, question, filters, includeInternal } = options;
  const rows = rowsOf<NamingRow>(
    await db.execute(sql`
      select d.id, d.code, d.title, d.status, d.edition, d.superseded_by_code, d.supersedes, d.organisation_id from documents d
      where ${searchable(organisationId, { category: filters.category, domain: filters.domain, subdomain: filters.subDomain })}
      order by d.id`),
  ).filter((row) => includeInternal || row.organisation_id === null);
  const titled = rows.filter((row) => namesTitle(question, row.title));
  const coded = rows.filter((row) => namesCode(question, row.code));
  // A current document of a lineage the question already names by title or code is not named again
  // by the detector: "still quotes the Lifts Regulations 1997 … which lifts regs should it cite?"
  // names the 1997 edition, and "lifts regs" read as the current one would put it in that edition's
  // place. An old edition the detector reads ("HTM 05-02 (the 2014 one)") is the more exact name.
  const lineage = lineageOf(rows);
  const named = new Set([...titled, ...coded].filter((row) => row.status === 'superseded').map((row) => lineage(row.code)));
  // An old title the library has no entry of its own for ("the acoustics technical design manual")
  // is read as its successor, whose text tells what it was.
  const ids = new Set(
    detectReferences([{ n: 1, speaker: null, time: null, text: question.text }], detectorLibrary(rows)).map(
      (r) => r.document_id ?? r.superseded_by?.id ?? null,
    ),
  );
  const detected = rows.filter((row) => ids.has(row.id) && (row.status === 'superseded' || !named.has(lineage(row.code))));
  // The edition of a named lineage that a year in the question dates ("the 2016 emergency lighting code
  // BS 5266-1", "the old 2006 handbook" beside HTM 06-02, "when did the 2016 ones come in"): the
  // question is about that edition, whichever the name points at.
  const years = new Set(question.text.match(/\b(?:19|20)\d\d\b/g) ?? []);
  // Of the same code, not a predecessor of another name merged into the lineage (L127 into L143).
  const lineages = new Set([...titled, ...coded, ...detected].map((row) => `${lineage(row.code)}\u0000${codeBase(row.code)}`));
  const ofNamed = (row: NamingRow) => lineages.has(`${lineage(row.code)}\u0000${codeBase(row.code)}`);
  const dated = years.size === 0 ? [] : rows.filter((row) => ofNamed(row) && years.has(editionYear(row.edition)));
  // "The first edition of HSG107", "the very first HTM 05-01": the earliest edition the library holds of it.
  const first = FIRST_EDITION.test(question.text) ? earliestOf(rows.filter(ofNamed)) : [];
  return {
    titled: titled.map((row) => row.id),
    coded: coded.map((row) => row.id),
    detected: [...new Set([...detected, ...dated, ...first].map((row) => row.id))],
  };
}

/** A question about a document's first edition: "the first edition of", "the very first", "the original … code". */
const FIRST_EDITION =
  /\b(?:first|original|earliest)\s+(?:edition|version|issue)\b|\bvery\s+first\b|\b(?:first|original)\s+(?:\w+\s+){0,2}(?:code|htm|acop|guidance|regs|regulations|standard|memo|handbook)\b/i;

/** Of each code, its edition of the earliest year. */
function earliestOf(rows: readonly NamingRow[]): NamingRow[] {
  const byBase = new Map<string, NamingRow>();
  for (const row of rows) {
    const base = codeBase(row.code);
    const known = byBase.get(base);
    if (editionYear(row.edition) !== '' && (!known || editionYear(row.edition) < editionYear(known.edition))) byBase.set(base, row);
  }
  return [...byBase.values()];
}

/** A code without its edition's year or its part: "BS 5266-1:2016" and "BS 5266-1", "HTM 04-01 (2006)" and "HTM 04-01 Part B", "Lifts Regs 1997" and "Lifts Regs 2016" are one code. */
const codeBase = (code: string) =>
  code
    .replace(/\s+Part\s+[A-Z]$/, '')
    .replace(/(?::|\s)\(?(?:19|20)\d\d\)?$/, '')
    .toLowerCase();

/** The year an edition was published: the first year its edition field gives ("2006 (revised 2008)" → "2006"). */
const editionYear = (edition: string) => /\b(?:19|20)\d\d\b/.exec(edition)?.[0] ?? '';

/** The current code an edition's line of successors ends in (its own code when current), read over the given rows. */
function lineageOf(rows: readonly { code: string; superseded_by_code: string | null }[]): (code: string) => string {
  const next = new Map(rows.map((row) => [row.code, row.superseded_by_code]));
  return (code) => {
    let at = code;
    for (let step = 0; step < rows.length; step++) {
      const successor = next.get(at);
      if (!successor || !next.has(successor)) break;
      at = successor;
    }
    return at;
  };
}

/** A code as people cite one: a series in capitals and its number ("HTM 2045", "HFN 30", "HTM 2011"). */
const CITED_CODE = /\b[A-Z]{2,5}\s?\d{1,4}(?:[-–]\d{1,2})?\b/g;
/** A cited code more lineages than this mention (a document and its editions counting once) is a common reference, not an old name one of them records. */
const MENTIONING_DOCUMENTS = 2;
/** Documents read per cited code: as many means a common reference whatever their lineages. */
const MENTIONING_ROWS = 8;

/** How many lineages the documents are of: one edition superseded by another is of its lineage. */
function lineages(rows: readonly { code: string; superseded_by_code: string | null }[]): number {
  const lineageOf = new Map(rows.map((row) => [row.code, row.code]));
  const root = (code: string): string => {
    let at = code;
    for (let step = 0; step < rows.length && lineageOf.get(at) !== at; step++) at = lineageOf.get(at) ?? at;
    return at;
  };
  for (const row of rows) {
    if (row.superseded_by_code !== null && lineageOf.has(row.superseded_by_code))
      lineageOf.set(root(row.code), root(row.superseded_by_code));
  }
  return new Set(rows.map((row) => root(row.code))).size;
}

/** At most this many cited codes of a question are looked up. */
const MAX_CITED_CODES = 3;

/**
 * Documents whose own text mentions a code the question cites that is no document's code: an old
 * number the library records where it says what replaced it ("HTM 2045 … was replaced by HTM 08-01
 * (2008)"). A code that more than a couple of documents mention is a common reference and names none.
 */
export async function documentsMentioning(options: {
  db: Database;
  organisationId: string;
  text: string;
  filters: ChatFilters;
  includeInternal: boolean;
}): Promise<string[]> {
  const { db, organisationId, text, filters, includeInternal } = options;
  const cited = [...new Set(text.match(CITED_CODE) ?? [])].slice(0, MAX_CITED_CODES);
  if (cited.length === 0) return [];
  const found = await Promise.all(
    cited.map(async (code) => {
      const rows = rowsOf<{ id: string; code: string; superseded_by_code: string | null; organisation_id: string | null; own: boolean }>(
        await db.execute(sql`
          select d.id, d.code, d.superseded_by_code, d.organisation_id,
            exists(select 1 from documents c where strpos(c.code, ${code}) = 1) as own
          from documents d
          where exists(select 1 from document_elements e where e.document_id = d.id and e.search_vector @@ phraseto_tsquery('english', ${code}))
            and ${searchable(organisationId, { category: filters.category, domain: filters.domain, subdomain: filters.subDomain })}
          limit ${num(MENTIONING_ROWS)}`),
      );
      // A code some document carries itself is named by its code, not by mentions; one that more
      // lineages mention than this is a common reference (the editions of one document telling
      // the same history count once: HTM 2010 is recorded by each edition of HTM 01-01).
      if (rows.length >= MENTIONING_ROWS || lineages(rows) > MENTIONING_DOCUMENTS || rows.some((row) => row.own)) return [];
      return rows.filter((row) => includeInternal || row.organisation_id === null).map((row) => row.id);
    }),
  );
  return [...new Set(found.flat())];
}
