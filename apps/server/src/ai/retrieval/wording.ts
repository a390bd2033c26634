/**
 * A question put in the library's words. People type clipped words ("temp", "decon", "refurb"),
 * the abbreviations of everyday writing ("max", "hrs", "dept"), the other spelling ("steriliser"
 * where the library writes "sterilizer"), a code's plural ("three C2s"), a temperature run into its
 * unit ("50C") and contractions without their apostrophe ("whats"), and they run words together
 * ("workroom") where the library writes them in full, in its own spelling or apart. A word no
 * visible document holds is replaced by the first of these the library holds: its written-out
 * form, its other spelling or its singular; else the library word it is the start of (the one most
 * documents hold), or the two library words it joins. A word the library holds, an everyday word
 * (core/language/everyday.ts), or one that is none of these, stays as typed.
 */
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/connect.ts';
import { lexemeOf } from '../../search/query.ts';
import { documentVisibleToSql } from '../../core/policies/documents.ts';
import { num } from '../../search/sql.ts';
import { isEnglishWord, subjectShare } from '../../core/language/everyday.ts';

/** Clipped words and joined words are at least this long: shorter ones ("ok", "re") are too ambiguous to complete. */
const MIN_LETTERS = 4;
/** A completion or a part is a library word when at least this many documents hold it: one document's word is not the library's wording. */
const LIBRARY_DF = 3;
/** Each part of a joined word has at least this many letters ("work" + "room", not "w" + "orkroom"). */
const MIN_PART = 3;
/** At most this many words of one question are looked up: a question rarely has more unknown words. */
const MAX_UNKNOWN = 8;
/** Two words of three letters or more, apart or hyphenated, that may be one word of the library's. */
const PAIR = /\b([A-Za-z]{3,})[ -](?=([A-Za-z]{3,})\b)/g;
/** At most this many pairs of one question are looked up. */
const MAX_PAIRS = 24;
/** Documents counted for a pair's words and its joined form: enough to compare how the library writes it. */
const PAIR_CAP = 500;
/** The longest completion read back per clipped word: the upper bound of its index range. */
const RANGE_END = 'zzzzzzzzzzzzzzzzzzzzzzzz';

/**
 * The abbreviations of everyday English writing, each with the word it stands for: people write
 * them, the library writes the words. Only general English: a domain's own abbreviations ("RPA",
 * "TMV") are names the library uses itself, and a code is never expanded.
 */
const WRITTEN_OUT: ReadonlyMap<string, string> = new Map(
  Object.entries({
    exam: 'examination',
    exams: 'examinations',
    max: 'maximum',
    min: 'minimum',
    hr: 'hour',
    hrs: 'hours',
    yr: 'year',
    yrs: 'years',
    wk: 'week',
    wks: 'weeks',
    mth: 'month',
    mths: 'months',
    approx: 'approximately',
    dept: 'department',
    depts: 'departments',
    govt: 'government',
    mgmt: 'management',
    mgr: 'manager',
    info: 'information',
    lab: 'laboratory',
    labs: 'laboratories',
    reqs: 'requirements',
    req: 'requirement',
    thru: 'through',
    alt: 'alternative',
    qty: 'quantity',
    maint: 'maintenance',
    equip: 'equipment',
    mtg: 'meeting',
    docs: 'documents',
    ref: 'reference',
    refs: 'references',
    cert: 'certificate',
    certs: 'certificates',
    // Chemical symbols people write for the gases the library names in words.
    o2: 'oxygen',
    n2: 'nitrogen',
  }),
);

/**
 * The other spellings of a word, British and American (the library writes "organisation" but
 * "sterilizer", people write either): -ise/-ize and their forms, -yse/-yze, -our/-or, -tre/-ter,
 * -ence/-ense, doubled l before an ending, and ae/oe written as e.
 */
function otherSpellings(word: string): string[] {
  const swaps: [RegExp, string][] = [
    [/is(e|ed|es|er|ers|ing|ation|ations|able)$/, 'iz$1'],
    [/iz(e|ed|es|er|ers|ing|ation|ations|able)$/, 'is$1'],
    [/ys(e|ed|es|er|ers|ing)$/, 'yz$1'],
    [/yz(e|ed|es|er|ers|ing)$/, 'ys$1'],
    [/our(s|ed|ing|ful|less)?$/, 'or$1'],
    [/([^aeiou])or(s|ed|ing)?$/, '$1our$2'],
    [/tre(s)?$/, 'ter$1'],
    [/ter(s)?$/, 'tre$1'],
    [/ence(s)?$/, 'ense$1'],
    [/ense(s)?$/, 'ence$1'],
    [/ll(ed|ing|er|ers)$/, 'l$1'],
    [/([aeiou][^aeiou])l(ed|ing|er|ers)$/, '$1ll$2'],
    [/ae/g, 'e'],
    [/oe/g, 'e'],
  ];
  return [...new Set(swaps.map(([pattern, replacement]) => word.replace(pattern, replacement)).filter((other) => other !== word))];
}

/** A code's plural as people write it ("C2s", "SOPs", "TMVs"): capitals or digits, then a lower-case s. */
const CODE_PLURAL = /^([A-Z][A-Z0-9]*[A-Z0-9])s$/;

/**
 * A temperature run into its unit ("50C", "60°c"): read as the library writes it ("50 °C"). Other
 * units stay as typed: the library rarely writes a figure and its unit the same way twice.
 */
const FIGURE_CELSIUS = /(?<![£$€\d.,])\b(\d+(?:\.\d+)?)(?:\s?°\s?c|c)\b/gi;

/**
 * Contractions typed without their apostrophe ("whats", "dont"): read as the words they join, which
 * weigh nothing, not as the library words they start ("whats" is not "whatever").
 */
const DROPPED_APOSTROPHE =
  /\b(what|that|there|who|where|it|don|doesn|didn|isn|aren|wasn|weren|hasn|haven|hadn|shouldn|wouldn|couldn|can|won|we|they|you|i)(s|t|re|ve|m|ll|d)\b/gi;
const CONTRACTIONS: ReadonlySet<string> = new Set(
  (
    'whats thats theres whos wheres dont doesnt didnt isnt arent wasnt werent hasnt havent hadnt shouldnt wouldnt ' +
    'couldnt cant wont weve theyre theyve youre youve im ive'
  ).split(' '),
);

/** Minutes after a figure ("flush for 2 min"): "min" there is no minimum. */
const FIGURE_MINUTES = /\b(\d+)\s*mins?\b/gi;

/** A text with its contractions given their apostrophes, "2 min" as minutes and a temperature written the library's way ("50C" → "50 °C"). */
export function plainTyping(text: string): string {
  return text
    .replace(DROPPED_APOSTROPHE, (word: string, head: string, tail: string) =>
      CONTRACTIONS.has(word.toLowerCase()) ? `${head}'${tail}` : word,
    )
    .replace(FIGURE_MINUTES, '$1 minutes')
    .replace(FIGURE_CELSIUS, '$1 °C');
}

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
 * How many visible documents hold each word's lexeme, counted up to a cap (LIBRARY_DF unless more is
 * asked: a common word is not counted through), by word; 0 for a stop-word or an unknown word.
 */
async function documentCounts(
  db: Database,
  organisationId: string,
  words: readonly string[],
  cap = LIBRARY_DF,
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
         where t.lexeme = l.lexeme and t.elements > 0 and ${documentVisibleToSql(organisationId, 'd')} limit ${num(cap)}) held)::int as df
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

/** An abbreviation the library may write out: two to six capitals. */
const ABBREVIATION = /^[A-Z]{2,6}$/;
/** Two to six capitals not followed by the kind of instrument they abbreviate. */
const ABBREVIATION_SAID = /\b([A-Z]{2,6})\b(?![ \t]+(?:[Aa]cts?|[Rr]egs?|[Rr]egulations|[Oo]rders?)\b)/g;
/** At most this many abbreviations of one question are looked for in the library's text. */
const MAX_ABBREVIATIONS = 2;
/** Small words a name may hold between its capitalised words ("Association of Healthcare Cleaning Professionals"). */
const NAME_JOINERS = '(?:of|and|for|the|in|on|at|to|&)';

/**
 * For each abbreviation the library does not hold, the name the library writes whose capitalised
 * words it is the initials of ("MDA" → "Medical Devices Agency", "CSA" → "Care Standards Act"): the
 * name the most documents write, when one does more than any other. The pattern is built from
 * capitals only and passed as a parameter.
 */
async function writtenOutNames(db: Database, organisationId: string, abbreviations: readonly string[]): Promise<Map<string, string>> {
  const found = await Promise.all(abbreviations.map((abbreviation) => writtenOutName(db, organisationId, abbreviation)));
  return new Map(abbreviations.flatMap((abbreviation, i) => (found[i] ? [[abbreviation.toLowerCase(), found[i]] as const] : [])));
}

/** The name the library writes for one abbreviation (writtenOutNames), or null. */
async function writtenOutName(db: Database, organisationId: string, abbreviation: string): Promise<string | null> {
  const pattern = `\\m${[...abbreviation].map((letter) => `${letter}[a-z]+`).join(`(?:\\s+${NAME_JOINERS})*\\s+`)}\\M`;
  const rows = rowsOf<{ name: string; n: number }>(
    await db.execute(sql`
        select m.name, count(distinct e.document_id)::int as n
        from document_elements e join documents d on d.id = e.document_id
        cross join lateral (select substring(e.text from ${pattern}) as name) m
        where e.text ~ ${pattern} and ${documentVisibleToSql(organisationId, 'd')}
        group by m.name order by n desc, m.name limit 2`),
  );
  const [best, next] = rows;
  return best?.name && Number(best.n) > Number(next?.n ?? 0) ? best.name : null;
}

/** Writes a text's clipped and joined words as the library writes them. */
export type Rewording = (text: string) => string;

/** How to write the words of a text (a question and the context it carries) as the library writes them. */
export async function libraryWording(options: { db: Database; organisationId: string; text: string }): Promise<Rewording> {
  const { db, organisationId } = options;
  const text = plainTyping(options.text);
  const words = [...new Set(text.match(/\b[A-Za-z][A-Za-z0-9]*\b/g) ?? [])];
  const lower = [...new Set(words.map((word) => word.toLowerCase()))];
  // "The HSW act", "MHSW regs": an abbreviation with its kind names a document as it is (the reference detector reads it).
  const abbreviations = [...new Set([...text.matchAll(ABBREVIATION_SAID)].map((match) => match[1] ?? ''))].filter((word) =>
    ABBREVIATION.test(word),
  );
  const abbreviated = new Set(abbreviations.map((word) => word.toLowerCase()));
  const candidates = lower.filter((word) => word.length >= MIN_LETTERS || WRITTEN_OUT.has(word) || abbreviated.has(word));
  const plurals = words.flatMap((word) => CODE_PLURAL.exec(word)?.slice(1, 2) ?? []).map((word) => word.toLowerCase());
  // Two words the library writes as one ("log book" → "logbook", "work place" → "workplace").
  const pairs = [...new Set([...text.matchAll(PAIR)].map((match) => `${match[1]} ${match[2]}`.toLowerCase()))].slice(0, MAX_PAIRS);
  const joinedPair = (pair: string) => pair.replace(' ', '');
  if (candidates.length === 0 && plurals.length === 0 && pairs.length === 0 && abbreviations.length === 0) return plainTyping;
  const counts = await documentCounts(db, organisationId, [
    ...new Set([...candidates, ...plurals.map((word) => `${word}s`), ...pairs.map(joinedPair)]),
  ]);
  // A pair is joined when the library writes it joined at least as often as it writes the rarer of its
  // two words: "logbook" (8 documents) over "book" (6), not "dutyholder" (15) over "holder" (38).
  const joinable = pairs.filter((pair) => (counts.get(joinedPair(pair))?.df ?? 0) >= 1);
  const pairCounts =
    joinable.length === 0
      ? new Map<string, { lexeme: string | null; df: number }>()
      : await documentCounts(
          db,
          organisationId,
          [...new Set(joinable.flatMap((pair) => [...pair.split(' '), joinedPair(pair)]))],
          PAIR_CAP,
        );
  const pairDf = (word: string) => pairCounts.get(word)?.df ?? 0;
  const together = joinable.filter((pair) => {
    const [a = '', b = ''] = pair.split(' ');
    return pairDf(joinedPair(pair)) >= Math.min(pairDf(a), pairDf(b));
  });
  const absent = (word: string) => counts.get(word)?.lexeme && counts.get(word)?.df === 0;
  // The forms a word the library lacks may take in the library's own writing.
  const forms = new Map<string, string[]>();
  // An abbreviation a document or two also use ("min" in a table) is still the library's word written short.
  const scarce = (word: string) => counts.get(word)?.lexeme && (counts.get(word)?.df ?? 0) < LIBRARY_DF;
  for (const word of candidates.filter((word) => (WRITTEN_OUT.has(word) ? scarce(word) : absent(word))).slice(0, MAX_UNKNOWN)) {
    const written = WRITTEN_OUT.get(word);
    forms.set(word, [...(written ? [written] : []), ...(word.length >= MIN_LETTERS ? otherSpellings(word) : [])]);
  }
  for (const singular of plurals) if (absent(`${singular}s`)) forms.set(`${singular}s`, [singular]);
  // An everyday word the library lacks is another subject ("football" is not "foot ball"): only a
  // word used beyond everyday talk is read as clipped, and only a rare one as two words joined.
  const unknown = candidates
    .filter((word) => word.length >= MIN_LETTERS && /^[a-z]+$/.test(word) && absent(word))
    .slice(0, MAX_UNKNOWN)
    .map((word) => ({ word, lexeme: counts.get(word)?.lexeme ?? word, share: subjectShare(word) }))
    .filter((entry) => entry.share > 0);
  const joins = new Map(unknown.filter((entry) => entry.share === 1).map((entry) => [entry.word, splits(entry.word)]));
  // An abbreviation the library does not hold is written out as a name the library writes ("MDA").
  const unheld = abbreviations.filter((word) => absent(word.toLowerCase())).slice(0, MAX_ABBREVIATIONS);
  // The library's forms, completions and parts, and the names abbreviations stand for, looked up together.
  const [completed, libraryCounts, names] = await Promise.all([
    completions(
      db,
      organisationId,
      unknown.map((entry) => entry.lexeme),
    ),
    documentCounts(db, organisationId, [...new Set([...[...forms.values()].flat(), ...[...joins.values()].flat(2)])]),
    writtenOutNames(db, organisationId, unheld),
  ]);
  const df = (word: string) => libraryCounts.get(word)?.df ?? 0;
  const replacements = new Map<string, string>();
  for (const [word, spellings] of forms) {
    // A written-out form is the library's wording when it is the library's (LIBRARY_DF); another spelling when any document uses it.
    const form = spellings.find((option, i) => df(option) >= (i === 0 && WRITTEN_OUT.has(word) ? LIBRARY_DF : 1));
    if (form) replacements.set(word, form);
  }
  for (const [word, name] of names) replacements.set(word, name);
  for (const { word, lexeme } of unknown) {
    if (replacements.has(word)) continue;
    const joined = joins.get(word)?.find(([a, b]) => df(a) >= LIBRARY_DF && df(b) >= LIBRARY_DF);
    const completion = completed.get(lexeme);
    if (joined) replacements.set(word, joined.join(' '));
    else if (completion) replacements.set(word, completion);
  }
  if (replacements.size === 0 && together.length === 0) return plainTyping;
  const joinPairs = (input: string) =>
    together.length === 0
      ? input
      : // The separator goes: each word is read with the next, so "alarm log" does not hide "log book".
        input.replace(PAIR, (pair: string, a: string, b: string) => (together.includes(`${a} ${b}`.toLowerCase()) ? a : pair));
  return (input) =>
    joinPairs(plainTyping(input)).replace(/\b[A-Za-z][A-Za-z0-9]*\b/g, (word) => replacements.get(word.toLowerCase()) ?? word);
}
