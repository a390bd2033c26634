/**
 * Passages from the files a user attached to a conversation, scored against the question with the
 * library's own term weighting (the same stemmed lexemes and rarity weights, the same share-of-weight
 * coverage, heading context counted at half), so an attachment's passages rank alongside the
 * library's. Attachments are never searched any other way: they reach retrieval only through the
 * conversation that owns them.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/connect.ts';
import { headingHits, hitArray, keepBest, pickPassages, passageScorer, type QueryTerm, type ScoringElement } from './passage-scoring.ts';
import type { AttachmentSource, Passage } from './retrieval/types.ts';

export type { AttachmentSource } from './retrieval/types.ts';

/** An attachment passage before its sentences are scored. */
interface AttachmentDraft {
  passage: Omit<Passage, 'sentences'>;
  /** Where the passage starts in its file. */
  position: number;
  /** The file's opening, chosen because nothing in it matched a question about the file as a whole. */
  opening: boolean;
}

/** As many passages as a library document gives: a file is one source among the answer's. */
const PASSAGES_PER_ATTACHMENT = 3;
/** Files answer first but leave room in the eight passages an answer quotes for the library's. */
const MAX_ATTACHMENT_PASSAGES = 5;
/** A passage element longer than this is cut at a word boundary, so one huge paragraph cannot swamp an answer: about a page of a policy. */
const ELEMENT_MAX_CHARACTERS = 1500;

/**
 * Words that point at the file rather than say what is asked about it ("the attached document"), or
 * ask for the file as a whole ("summarise"): the library is not searched for them.
 */
const REFERENCE_WORDS =
  /\b(?:attach(?:ed|ing|ment|ments)?|uploaded|upload|files?|documents?|docs?|pdfs?|docx|txt|enclosed|summar(?:y|ies|ise|ize|ised|ized|ising|izing)|overview|gist)\b/gi;

/** A question about the file as a whole: "summarise this document", "what is the attached policy about?" */
const REFERS_TO_FILE =
  /\b(?:attach(?:ed|ment|ments)|uploaded|enclosed|summar(?:y|ise|ize|ising|izing)|overview|gist|main points|key points)\b|\b(?:this|that|these|those|my|our|the)\s+(?:file|files|document|documents|doc|pdf|paper|report|policy|procedure|text|draft|upload)\b/i;

/** The question without the words that only point at the file, for searching the library. */
export function withoutReferenceWords(question: string): string {
  return question.replace(REFERENCE_WORDS, ' ').replace(/\s+/g, ' ').trim();
}

export function refersToFile(question: string): boolean {
  return REFERS_TO_FILE.test(question);
}

/** The id a citation gives an attachment's element: the attachment and the element's position in it. */
export function attachmentElementId(attachmentId: string, position: number): string {
  return `${attachmentId}-${position}`;
}

/** A file's element as scoring reads it. */
interface Row extends ScoringElement {
  position: number;
  headingPath: string[];
  /** Which terms a heading above the element or the file's title holds. */
  contextHits: number[];
}

interface Seed {
  row: Row;
  score: number;
}

/**
 * Runs database work that carries a file's text as query parameters. The driver's error quotes the
 * failed query's parameters and errors are logged, so a failure is rethrown without them: only what
 * failed and the database's error code, never the text.
 */
export async function withoutFileText<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const codeOf = (value: unknown): string | undefined =>
      typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'string' ? value.code : undefined;
    const code = codeOf(error) ?? codeOf(error instanceof Error ? error.cause : undefined);
    throw new Error(`${what} failed${code ? ` (database error ${code})` : ''}`);
  }
}

/**
 * Which terms each element holds, stemmed by the database exactly as library elements are. Only
 * elements holding at least one term come back; the text travels as one JSON parameter.
 */
async function elementHits(
  db: Database,
  attachments: readonly AttachmentSource[],
  terms: readonly QueryTerm[],
): Promise<Map<string, number[]>> {
  const hits = new Map<string, number[]>();
  const lexemes = terms.map((term) => term.lexeme).filter((lexeme) => /^[a-z0-9]+$/.test(lexeme));
  if (lexemes.length !== terms.length || terms.length === 0) return hits;
  // Only elements with a word starting like a term's stem can hold it, so only they go to the
  // database: a stem is the word's start but for its last letter ("safeti" for "safety", "die" for "dying").
  const starts = lexemes.map((lexeme) => lexeme.slice(0, Math.max(2, lexeme.length - 1)));
  const mayHold = new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${starts.join('|')})`, 'iu');
  const payload = attachments.flatMap((attachment, a) =>
    attachment.elements.flatMap((element, i) => (mayHold.test(element.text) ? pieces(element.text).map((t) => ({ a, i, t })) : [])),
  );
  for (const batch of batches(payload)) {
    const rows = rowsOf<{ a: number; i: number; hits: number[] }>(
      await withoutFileText('scoring attached files', () =>
        db.execute(sql`
        select s.a, s.i, ${hitArray(terms, sql`v.vector`)} as hits
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as s(a int, i int, t text)
        cross join lateral (select to_tsvector('english', s.t) as vector) as v
        where v.vector @@ cast(${lexemes.join(' | ')} as tsquery)`),
      ),
    );
    for (const row of rows) {
      // An element scored in pieces holds a term when any piece does.
      const key = `${row.a}:${row.i}`;
      const earlier = hits.get(key);
      hits.set(
        key,
        row.hits.map((hit, t) => Number(hit) | (earlier?.[t] ?? 0)),
      );
    }
    // The embedded database stems on this thread: other requests are served between batches.
    await nextTurn();
  }
  return hits;
}

/** The text one scoring query stems: about 30 ms of the embedded database's time. */
const SCORING_BATCH_CHARACTERS = 40_000;

/**
 * An element's text in pieces of at most SCORING_BATCH_CHARACTERS, cut at white space, so one huge
 * paragraph is stemmed in several turns too. Terms are single words, so no term is cut in two.
 */
function pieces(text: string): string[] {
  if (text.length <= SCORING_BATCH_CHARACTERS) return [text];
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + SCORING_BATCH_CHARACTERS);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > start) end = space;
    }
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}

/** Element pieces in runs of at most SCORING_BATCH_CHARACTERS of text. */
function* batches<T extends { t: string }>(payload: readonly T[]): Generator<T[]> {
  let batch: T[] = [];
  let size = 0;
  for (const item of payload) {
    if (batch.length > 0 && size + item.t.length > SCORING_BATCH_CHARACTERS) {
      yield batch;
      batch = [];
      size = 0;
    }
    batch.push(item);
    size += item.t.length;
  }
  if (batch.length > 0) yield batch;
}

function clip(text: string): string {
  if (text.length <= ELEMENT_MAX_CHARACTERS) return text;
  const cut = text.slice(0, ELEMENT_MAX_CHARACTERS);
  const space = cut.lastIndexOf(' ');
  return `${(space > ELEMENT_MAX_CHARACTERS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const isBody = (row: Row) => row.type !== 'title' && row.type !== 'heading';

/** The file's opening: the first body element of each of its first sections, for a question about the whole file. */
function openingSeeds(rows: readonly Row[]): Row[] {
  const seen = new Set<string>();
  const seeds: Row[] = [];
  for (const row of rows) {
    if (seeds.length >= PASSAGES_PER_ATTACHMENT) break;
    if (!isBody(row)) continue;
    const section = row.headingPath[0] ?? '';
    if (seen.has(section)) continue;
    seen.add(section);
    seeds.push(row);
  }
  return seeds;
}

/** What the files hold for a question: their passages, and which of the question's terms they answer. */
export interface AttachmentSelection {
  /**
   * The passages to cite, best file first. `libraryAnswers` says whether the library had relevant
   * passages: a file attached to this very question that does not match is used only when it has not.
   */
  drafts(libraryAnswers: boolean): AttachmentDraft[];
  /** Indexes of the terms held by the matching files' passages (in the elements or their headings and title). */
  held: ReadonlySet<number>;
}

/**
 * The attachment passages for a question. A file whose best element holds at least `threshold` of
 * the question's own term weight answers with its best passages. A file that does not match is still
 * used when the question asks about the file as a whole ("summarise this document"), or when it was
 * attached to this very question and the library has nothing relevant either: then its best partial
 * matches, or its opening when nothing matches at all. Files attached to earlier questions of the
 * conversation are otherwise left out, so an unrelated follow-up is not padded with them.
 */
export async function selectAttachmentPassages(options: {
  db: Database;
  attachments: readonly AttachmentSource[];
  terms: readonly QueryTerm[];
  /** The question as asked (with its words about the file). */
  question: string;
  threshold: number;
}): Promise<AttachmentSelection> {
  const { attachments, terms, threshold } = options;
  const hits = attachments.length === 0 ? new Map<string, number[]>() : await elementHits(options.db, attachments, terms);
  const scorer = passageScorer(terms);
  const generic = refersToFile(options.question);
  const none = terms.map(() => 0);
  const held = new Set<number>();

  interface Group {
    attachment: AttachmentSource;
    relevance: number;
    drafts: AttachmentDraft[];
    /** Used only when the library has nothing relevant. */
    pending: boolean;
  }
  const groups: Group[] = [];
  attachments.forEach((attachment, a) => {
    const rows: Row[] = attachment.elements.map((element, position) => ({
      position,
      type: element.type,
      text: element.text,
      headingPath: element.headingPath,
      hits: hits.get(`${a}:${position}`) ?? none,
      contextHits: none,
    }));
    // A term in a heading above an element, or in the file's title, is context for it (at half weight).
    let titleHits = none;
    for (const row of rows) {
      if (row.type === 'title') titleHits = titleHits.map((hit, i) => hit | (row.hits[i] ?? 0));
    }
    headingHits(rows, terms.length).forEach((underHeading, i) => {
      const row = rows[i];
      if (row) row.contextHits = underHeading.map((hit, t) => (titleHits[t] || hit ? 1 : 0));
    });
    const seeds: (Seed & { relevance: number })[] = rows
      .filter(isBody)
      .map((row) => ({ row, score: scorer.coverage(row, false), relevance: scorer.coverage(row, true) }))
      .sort((x, y) => y.score - x.score || x.row.position - y.row.position);
    const relevance = Math.max(0, ...seeds.map((seed) => seed.relevance));
    const matches = relevance >= threshold;
    if (!matches && !generic && !attachment.current) return;

    const best = seeds[0]?.score ?? 0;
    const opening = best <= 0;
    // A file's opening matched nothing, so no seed of it is cut for scoring too little.
    const picked = opening
      ? pickPassages<Row, Seed>(
          openingSeeds(rows).map((row) => ({ row, score: 0 })),
          rows,
          { max: PASSAGES_PER_ATTACHMENT, best, cut: false },
        )
      : pickPassages<Row, Seed>(seeds, rows, { max: PASSAGES_PER_ATTACHMENT, best, cut: true });
    const drafts: AttachmentDraft[] = [];
    for (const { seed, elements: expanded } of picked) {
      if (matches) {
        for (const row of expanded) {
          terms.forEach((_, i) => {
            if (row.hits[i] || row.contextHits[i]) held.add(i);
          });
        }
      }
      drafts.push({
        position: expanded[0]?.position ?? seed.row.position,
        opening,
        passage: {
          source: 'attachment',
          documentId: attachment.id,
          code: '',
          title: attachment.title,
          edition: '',
          status: 'current',
          supersededByCode: null,
          supersededBy: null,
          headingPath: seed.row.headingPath,
          elements: expanded.map((row) => ({
            id: attachmentElementId(attachment.id, row.position),
            type: row.type,
            text: row.type === 'table' ? row.text : clip(row.text),
          })),
          score: seed.score,
        },
      });
    }
    if (drafts.length > 0) groups.push({ attachment, relevance: matches ? relevance : 0, drafts, pending: !matches && !generic });
  });

  // The best-matching file first (this question's own files before earlier ones when equal); each
  // keeps its best passage, and the rest of the room goes to the best-scoring others.
  groups.sort((x, y) => y.relevance - x.relevance || Number(y.attachment.current) - Number(x.attachment.current));
  return {
    held,
    drafts(libraryAnswers) {
      const used = groups.filter((group) => !group.pending || !libraryAnswers);
      const kept = keepBest(
        used.map((group) => group.drafts),
        MAX_ATTACHMENT_PASSAGES,
      );
      // Within a file, passages read in the file's order.
      return used.flatMap((group) => group.drafts.filter((draft) => kept.has(draft)).sort((x, y) => x.position - y.position));
    },
  };
}
