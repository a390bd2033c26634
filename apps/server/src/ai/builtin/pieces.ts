/**
 * The supporting points of an answer, passage by passage: lines, lists kept as lists, tables as
 * Markdown tables, each with its citation.
 */
import { quoteAsData } from '../citations.ts';
import type { PassageSentence } from '../passage-scoring.ts';
import type { Question } from '../question/read.ts';
import type { Passage, RetrievalResult } from '../retrieval.ts';
import { isCrossReference, offQuestionSection } from '../retrieval/text-signals.ts';
import type { Citer } from './cite.ts';
import type { LeadCandidate } from './lead.ts';
import { type TextTerm, termShare, textTerms } from './terms.ts';
import {
  DUTY_SECTION,
  LEANS_ON_PREVIOUS,
  NOT_APPLYING,
  markdownTable,
  rowText,
  sectionName,
  sentence,
  sentenceKey,
  standaloneIntro,
  BARE_PRONOUN_INTRO,
  tableRows,
} from './text.ts';

/** A bullet must also score at least this share of the best sentence in any passage. */
const GLOBAL_CUT = 0.4;

/** A table row is quoted when it holds at least this share of the best row's term weight. */
const ROW_CUT = 0.5;

/** Pieces (lines, lists, tables) quoted from one passage. */
const PIECES_PER_PASSAGE = 6;

const LIST_ITEMS = 8;

const SENTENCES_PER_PARAGRAPH = 2;

/** A bullet quotes a sentence or list item only when it scores at least this share of its passage's best. */
const SENTENCE_CUT = 0.5;

/** Rows of a table quoted for the rows that match… */
const TABLE_ROWS = 5;

/** …and of a table that answers as a whole. */
const TABLE_ROWS_WHOLE = 10;

/** A piece of a passage the answer quotes under its document: a line, a list (with its introduction when it can stand alone), a table. */
type Piece =
  | { kind: 'line'; text: string; passage: number; elementId: string; quote: string }
  | {
      kind: 'list';
      intro: { text: string; elementId: string; quote: string } | null;
      /** Items; a nested one belongs to the item before it that ends with ":". */
      items: { text: string; elementId: string; nested: boolean }[];
      passage: number;
    }
  | { kind: 'table'; header: string[]; rows: string[][]; passage: number; elementId: string };

interface LineContext {
  terms: readonly TextTerm[];
  globalBest: number;
  quoted: Set<string>;
  question: Question;
  /** Table elements already shown whole. */
  shownTables: ReadonlySet<string>;
}

/**
 * The quotable pieces of a passage: its lists (kept as lists), its tables (kept as tables: the rows
 * that match, or the whole table when it answers as a whole), its matching sentences — only those
 * that carry the question's terms well (relative to the passage's best and to the best anywhere),
 * not already quoted in the lead, not saying what does not apply, and not mere pointers to other documents.
 */
export function passagePieces(passage: Passage, index: number, context: LineContext): Piece[] {
  const pieces: Piece[] = [];
  if (offQuestionSection(passage.headingPath, context.question)) return pieces;
  const best = Math.max(0, ...passage.sentences.map((s) => s.score));
  const strong = (s: PassageSentence) => s.score > 0 && s.score >= best * SENTENCE_CUT && s.score >= context.globalBest * GLOBAL_CUT;
  const fresh = (s: PassageSentence) =>
    !context.quoted.has(sentenceKey(s.elementId, s.text)) &&
    !isCrossReference({ text: s.text }) &&
    (!NOT_APPLYING.test(s.text) || context.question.asks.application);
  const listItems = passage.sentences.filter((s) => s.listItem);
  const anyStrongItem = listItems.some(strong);
  let list: Extract<Piece, { kind: 'list' }> | null = null;
  let pendingIntro: { text: string; elementId: string; quote: string } | null = null;
  let count = 0;
  // After an item ending with ":", the items under it are quoted whole: a list stays a list.
  let under = false;
  for (const element of passage.elements) {
    if (element.type !== 'list_item') {
      list = null;
      under = false;
    }
    if (element.type === 'table') {
      pendingIntro = null;
      if (context.shownTables.has(element.id)) continue;
      const [header = [], ...rows] = tableRows(element.text);
      const read = rows.map((cells) => ({ cells, share: termShare(cells.join(' '), context.terms) }));
      const bestRow = Math.max(0, ...read.map((row) => row.share));
      // A table whose header holds the question's terms as well as any row ("Colour | Waste stream")
      // answers it as a whole, as does one no row of which matches (reached through its heading);
      // otherwise the rows that match about as well as the best one.
      const whole = bestRow <= 0 || termShare(header.join(' '), context.terms) >= bestRow;
      const matching = whole ? read : read.filter((row) => row.share >= bestRow * ROW_CUT);
      const kept = matching.slice(0, whole ? TABLE_ROWS_WHOLE : TABLE_ROWS).map((row) => row.cells);
      if (kept.length > 0) {
        pieces.push({ kind: 'table', header, rows: kept, passage: index, elementId: element.id });
        count += 1;
      }
      continue;
    }
    const sentences = passage.sentences.filter((s) => s.elementId === element.id);
    if (element.type === 'list_item') {
      // A list none of whose items matches (reached through its introduction) is quoted from its start.
      const nested = under && /^[a-z]/.test(element.text.trim());
      if (!nested) under = false;
      // A lower-case item whose parent item or introduction is not quoted is a fragment out of context.
      if (!nested && /^[a-z]/.test(element.text.trim()) && (list ? list.intro === null : pendingIntro === null)) continue;
      // Items under an introduction are the list the introduction announces: it is quoted whole.
      const whole = nested || !anyStrongItem || (list ? list.intro !== null : pendingIntro !== null);
      const keep = (whole ? sentences : sentences.filter(strong)).filter(fresh);
      if (keep.length === 0) continue;
      if (!nested && /:\s*$/.test(keep.at(-1)?.text ?? '')) under = true;
      if (!list) {
        list = { kind: 'list', intro: pendingIntro, items: [], passage: index };
        pendingIntro = null;
        pieces.push(list);
        count += 1;
      }
      for (const s of keep) if (nested || list.items.length < LIST_ITEMS) list.items.push({ text: s.text, elementId: element.id, nested });
      continue;
    }
    pendingIntro = null;
    // An introduction ending in ":" heads the list after it when it can stand alone ("It covers:" → "HTM 02-01 Part B covers:").
    const last = sentences.at(-1);
    const rest = last && /:\s*$/.test(last.text) ? sentences.slice(0, -1) : sentences;
    if (last && rest !== sentences) {
      const said = standaloneIntro(last.text, passage, sentences[0]?.text);
      // "They:" said as its name heads the list with the colon it had.
      const intro = said !== null && BARE_PRONOUN_INTRO.test(last.text.trim()) ? `${said}:` : said;
      if (intro !== null) pendingIntro = { text: intro, elementId: element.id, quote: last.text };
    }
    const chosen = rest.filter(strong).filter(fresh).slice(0, SENTENCES_PER_PARAGRAPH);
    // A sentence that leans on the one before it ("They …") is quoted with it.
    const quoted = chosen.flatMap((s) => {
      const previous = rest[rest.indexOf(s) - 1];
      return previous && LEANS_ON_PREVIOUS.test(s.text) && !chosen.includes(previous) && fresh(previous) ? [previous, s] : [s];
    });
    if (quoted.length > 0) {
      const text = quoted.map((s) => sentence(s.text)).join(' ');
      pieces.push({ kind: 'line', text, passage: index, elementId: element.id, quote: quoted.map((s) => s.text).join(' ') });
      count += 1;
    }
    if (count >= PIECES_PER_PASSAGE) break;
  }
  return pieces;
}

/** A document's pieces as Markdown: lines and lists as bullets, tables as tables (each separated by a blank line). */
export function renderPieces(pieces: readonly Piece[], citer: Citer, shownRows: Set<string> = new Set()): string {
  const blocks: string[] = [];
  let bullets: string[] = [];
  const flush = () => {
    if (bullets.length > 0) blocks.push(bullets.join('\n'));
    bullets = [];
  };
  for (const piece of pieces) {
    if (piece.kind === 'line') bullets.push(`- ${piece.text} ${citer.mark(piece.passage, piece.elementId, piece.quote)}`);
    else if (piece.kind === 'list') {
      const indent = piece.intro ? '  ' : '';
      if (piece.intro) bullets.push(`- ${quoteAsData(piece.intro.text)}`);
      for (const item of piece.items) {
        const text = `${quoteAsData(item.text)} ${citer.mark(piece.passage, item.elementId, item.text)}`;
        bullets.push(`${indent}${item.nested ? '  ' : ''}- ${text}`);
      }
    } else {
      // A row another document's table already gave (the same figures in a code and its guidance) is not repeated.
      const rows = piece.rows.filter((cells) => !shownRows.has(cells.join('|')));
      if (rows.length === 0) continue;
      for (const cells of rows) shownRows.add(cells.join('|'));
      flush();
      blocks.push(
        markdownTable(
          piece.header,
          rows.map((cells) => ({ cells, marker: citer.mark(piece.passage, piece.elementId, rowText(piece.header, cells)) })),
        ),
      );
    }
  }
  flush();
  return blocks.join('\n\n');
}

/** What the pieces need to know: the terms, the best sentence score anywhere, what the lead already quotes and which tables it shows. */
export function lineContext(
  question: Question,
  retrieval: RetrievalResult,
  lead: readonly LeadCandidate[],
  shownTables: ReadonlySet<string> = new Set(),
): LineContext {
  return {
    question,
    terms: textTerms(retrieval, question),
    globalBest: Math.max(0, ...retrieval.passages.flatMap((passage) => passage.sentences.map((s) => s.score))),
    quoted: new Set(lead.flatMap((entry) => entry.keys)),
    shownTables,
  };
}

/** Sections that list the records to keep. */
const RECORDS_SECTION = /\b(records?|record[- ]keeping|documentation|log ?books?|evidence)\b/i;

/**
 * The duties (or the records) a document lists under its duties or requirements (or records)
 * section, as a list (most relevant items when it is long, in the document's order), introduced by
 * the answer: "CQC Reg 20 sets out these duties:", "LOLER 1998 lists these records:".
 */
export function kindList(
  question: Question,
  retrieval: RetrievalResult,
  citer: Citer,
  kind: 'duties' | 'records',
): { text: string; keys: string[] } | null {
  const section = kind === 'duties' ? DUTY_SECTION : RECORDS_SECTION;
  for (const [index, passage] of retrieval.passages.entries()) {
    if (!section.test(sectionName(passage)) || offQuestionSection(passage.headingPath, question)) continue;
    const items = passage.sentences.filter((s) => s.listItem && (!NOT_APPLYING.test(s.text) || question.asks.application));
    if (items.length < 2) continue;
    const kept =
      items.length <= LIST_ITEMS
        ? items
        : [...items]
            .sort((a, b) => b.score - a.score)
            .slice(0, LIST_ITEMS)
            .sort((a, b) => items.indexOf(a) - items.indexOf(b));
    const label = passage.source === 'attachment' ? 'Your attached file' : passage.code;
    // An item ending with ":" keeps the items under it beneath it (a list stays a list).
    const lines = kept.map((s, i) => {
      const nested = /^[a-z]/.test(s.text) && i > 0 && kept.slice(0, i).some((before) => /:\s*$/.test(before.text));
      const text = /:\s*$/.test(s.text) || nested ? quoteAsData(s.text) : sentence(s.text);
      return `${nested ? '  ' : ''}- ${text} ${citer.mark(index, s.elementId, s.text)}`;
    });
    const intro = kind === 'duties' ? 'sets out these duties' : 'lists these records';
    return { text: `${label} ${intro}:\n\n${lines.join('\n')}`, keys: kept.map((s) => sentenceKey(s.elementId, s.text)) };
  }
  return null;
}
