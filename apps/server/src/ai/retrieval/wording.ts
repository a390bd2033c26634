/**
 * A question put in the library's words. People type clipped words ("temp", "decon", "refurb") and
 * run words together ("workroom") where the library writes them in full or apart ("temperature",
 * "work room"). A word no visible document holds is replaced by the library word it is the start of
 * (the one most documents hold), or by the two library words it joins; a word the library holds, an
 * everyday word (question/everyday.ts), or one that is neither, stays as typed.
 */
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/connect.ts';
import { lexemeOf } from '../../search/query.ts';
import { documentVisibleToSql } from '../../core/policies/documents.ts';
import { num } from '../../search/sql.ts';
import { isEnglishWord, subjectShare } from '../question/everyday.ts';

/** Clipped words and joined words are at least this long: shorter ones ("ok", "re") are too ambiguous to complete. */
const MIN_LETTERS = 4;
/** A completion or a part is a library word when at least this many documents hold it: one document's word is not the library's wording. */
const LIBRARY_DF = 3;
/** Each part of a joined word has at least this many letters ("work" + "room", not "w" + "orkroom"). */
const MIN_PART = 3;
/** At most this many words of one question are looked up: a question rarely has more unknown words. */
const MAX_UNKNOWN = 8;
/** The longest completion read back per clipped word: the upper bound of its index range. */
const RANGE_END = 'zzzzzzzzzzzzzzzzzzzzzzzz';

/** Every split of a word into two English words ("work" + "room"). */
function splits(word: string): [string, string][] {
  const parts: [string, string][] = [];
  for (let i = MIN_PART; i <= word.length - MIN_PART; i++) {
    const [a, b] = [word.slice(0, i), word.slice(i)];
    if (isEnglishWord(a) && isEnglishWord(b)) parts.push([a, b]);
  }
  return parts;
}

/**
 * How many visible documents hold each word's lexeme, counted up to LIBRARY_DF (all that is asked of
 * a count here: a common word is not counted through), by word; 0 for a stop-word or an unknown word.
 */
async function documentCounts(
  db: Database,
  organisationId: string,
  words: readonly string[],
): Promise<Map<string, { lexeme: string | null; df: number }>> {
  if (words.length === 0) return new Map();
  const rows = rowsOf<{ word: string; lexeme: string | null; df: number }>(
    await db.execute(sql`
      with w(word) as (values ${sql.join(
        words.map((word) => sql`(${word}::text)`),
        sql`, `,
      )}),
      l as (select word, ${lexemeOf(sql`w.word`)} as lexeme from w)
      select l.word, l.lexeme,
        (select count(*) from (select 1 from document_terms t join documents d on d.id = t.document_id
         where t.lexeme = l.lexeme and t.elements > 0 and ${documentVisibleToSql(organisationId, 'd')} limit ${num(LIBRARY_DF)}) held)::int as df
      from l`),
  );
  return new Map(rows.map((row) => [row.word, { lexeme: row.lexeme, df: Number(row.df) }]));
}

/** For each clipped word, the library lexeme starting with it that most visible documents hold (at least LIBRARY_DF). */
async function completions(db: Database, organisationId: string, stems: readonly string[]): Promise<Map<string, string>> {
  if (stems.length === 0) return new Map();
  const rows = rowsOf<{ stem: string; lexeme: string }>(
    await db.execute(sql`
      with s(stem) as (values ${sql.join(
        stems.map((stem) => sql`(${stem}::text)`),
        sql`, `,
      )})
      -- Per stem, its own index range (a join over several stems at once scans every posting).
      select s.stem, c.lexeme
      from s cross join lateral (
        select t.lexeme
        from document_terms t join documents d on d.id = t.document_id
        where t.lexeme >= s.stem and t.lexeme < s.stem || ${RANGE_END} and left(t.lexeme, length(s.stem)) = s.stem
          and t.lexeme <> s.stem and t.elements > 0 and ${documentVisibleToSql(organisationId, 'd')}
        group by t.lexeme
        having count(*) >= ${num(LIBRARY_DF)}
        order by count(*) desc, t.lexeme
        limit 1
      ) c`),
  );
  return new Map(rows.map((row) => [row.stem, row.lexeme]));
}

/** Writes a text's clipped and joined words as the library writes them. */
export type Rewording = (text: string) => string;

const unchanged: Rewording = (text) => text;

/** How to write the words of a text (a question and the context it carries) as the library writes them. */
export async function libraryWording(options: { db: Database; organisationId: string; text: string }): Promise<Rewording> {
  const { db, organisationId, text } = options;
  const candidates = [...new Set(text.toLowerCase().match(/\b[a-z]+\b/g) ?? [])].filter((word) => word.length >= MIN_LETTERS);
  if (candidates.length === 0) return unchanged;
  const counts = await documentCounts(db, organisationId, candidates);
  // An everyday word the library lacks is another subject ("football" is not "foot ball"): only a
  // word used beyond everyday talk is read as clipped, and only a rare one as two words joined.
  const unknown = candidates
    .filter((word) => counts.get(word)?.lexeme && counts.get(word)?.df === 0)
    .slice(0, MAX_UNKNOWN)
    .map((word) => ({ word, lexeme: counts.get(word)?.lexeme ?? word, share: subjectShare(word) }))
    .filter((entry) => entry.share > 0);
  if (unknown.length === 0) return unchanged;
  const joins = new Map(unknown.filter((entry) => entry.share === 1).map((entry) => [entry.word, splits(entry.word)]));
  const [completed, partCounts] = await Promise.all([
    completions(
      db,
      organisationId,
      unknown.map((entry) => entry.lexeme),
    ),
    documentCounts(db, organisationId, [...new Set([...joins.values()].flat(2))]),
  ]);
  const library = (part: string) => (partCounts.get(part)?.df ?? 0) >= LIBRARY_DF;
  const replacements = new Map<string, string>();
  for (const { word, lexeme } of unknown) {
    const joined = joins.get(word)?.find(([a, b]) => library(a) && library(b));
    const completion = completed.get(lexeme);
    if (joined) replacements.set(word, joined.join(' '));
    else if (completion) replacements.set(word, completion);
  }
  if (replacements.size === 0) return unchanged;
  return (words) => words.replace(/\b[A-Za-z]+\b/g, (word) => replacements.get(word.toLowerCase()) ?? word);
}
