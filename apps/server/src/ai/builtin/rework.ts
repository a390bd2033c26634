/**
 * A follow-up that asks for the previous answer in another form (question/rework.ts): the answer
 * is made again from what the previous answer stated and cited, every statement keeping its
 * citation (the same quoted passage of the same document, renumbered in order of use). Summarise
 * keeps the statements that carry the answer in the bullets asked for; shorten keeps the most
 * telling within a word budget; expand adds the same documents' further passages on the subject
 * (retrieved again, only from the documents already cited); rephrase puts the statements one to a
 * line under a plain or board framing; a checklist makes each a check; a draft sets them in an
 * e-mail or a numbered procedure. Nothing of substance is added that the passages do not say.
 */
import type { ChatSourceRecord } from '@verity/shared';
import type { Citation } from '../citations.ts';
import { quoteAsData } from '../citations.ts';
import type { Rework } from '../question/rework.ts';
import type { RetrievalResult } from '../retrieval.ts';
import { type ComposedAnswer, citationOf } from './cite.ts';
import { LEANS_ON_PREVIOUS, lowerFirst, sentence } from './text.ts';

/** The answer a follow-up reworks: the question it answered, its text, its citations and its recorded sources. */
export interface PreviousAnswer {
  question: string;
  text: string;
  citations: readonly Citation[];
  /** The sources kept with it for audit: what a rework of it is made from. */
  sources: readonly ChatSourceRecord[];
}

/** The previous answer is read within this many characters, and at most this many statements of it. */
const MAX_CHARACTERS = 40_000;
const MAX_STATEMENTS = 80;
/** A bullet of a summary holds at most this many statements. */
const PER_BULLET = 3;
/** Bullets a summary makes when the message does not say. */
const SUMMARY_BULLETS = 3;
/** Words of a short version: a "key point" or a line or two, else this share of the previous answer (within the cap). */
const KEY_POINT_WORDS = 55;
const SHORT_SHARE = 0.5;
const SHORT_MAX_WORDS = 150;
/** Further passages an expansion adds. */
const EXPAND_LINES = 8;

/** One claim of the previous answer with the citation numbers it carried. */
export interface Statement {
  text: string;
  markers: number[];
  /** Before the supporting points (the lead that answers the question). */
  lead: boolean;
  item: boolean;
  order: number;
  /** List items have been joined to it. */
  joined?: boolean;
  /** A list item that is not a sentence and had no introduction to join ("mobile and ceiling-track hoists"). */
  fragment?: boolean;
}

const HEADING = /^\s*(?:#{1,6}\s|\*\*[^*]+\*\*:?\s*$|\*[^*]+\*\s*$)/;
const SOURCES = /^\s*(?:#+\s*)?\*{0,2}(?:sources|references)\*{0,2}:?\s*$/i;
const ITEM = /^\s*(?:[-*•+]|\d{1,3}[.)])\s+(?:(?:\[ \]|☐)\s+)?/;
const MARKER_RUN = /(?:\s*\[\d{1,3}\])+/g;
const SOURCE_COLUMN = /^(?:sources?|references?|documents?|set by|where)$/i;
/** The answer's own word on what the passages do not state: said in an answer, not carried into a checklist or a draft. */
const NOT_STATED = /^The library's text\b[^.]*\bdoes not state\b/;

function markersOf(text: string): number[] {
  return [...text.matchAll(/\[(\d{1,3})\]/g)].map((match) => Number(match[1]));
}

/** The statements of an answer's body: its sentences and list items with their markers; table rows read as "cell — cell". */
export function statementsOf(text: string): Statement[] {
  const statements: Statement[] = [];
  let lead = true;
  let header: string[] | null = null;
  for (const raw of text.slice(0, MAX_CHARACTERS).split('\n')) {
    if (statements.length >= MAX_STATEMENTS) break;
    const line = raw.trim();
    if (SOURCES.test(line)) break;
    if (line.length === 0) {
      header = null;
      continue;
    }
    if (HEADING.test(line)) {
      if (statements.length > 0) lead = false;
      continue;
    }
    if (line.startsWith('|')) {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      if (cells.every((cell) => /^:?-{2,}:?$/.test(cell) || cell.length === 0)) continue;
      if (header === null) {
        header = cells;
        continue;
      }
      const markers = markersOf(line);
      const [first, ...rest] = cells.map((cell) => cell.replace(MARKER_RUN, '').trim().replace(/\.$/, ''));
      // A column naming where the row comes from is the citation's work, not a claim.
      const details = rest
        .map((cell, i) => ({ cell, name: header?.[i + 1] ?? '' }))
        .filter(({ cell, name }) => cell.length > 0 && !SOURCE_COLUMN.test(name))
        .map(({ cell, name }) => (name ? `${lowerFirst(name)}: ${cell}` : cell));
      if (markers.length > 0 && first)
        statements.push({ text: `${first} — ${details.join('; ')}`, markers, lead, item: true, order: statements.length });
      continue;
    }
    const item = ITEM.test(line);
    const body = line.replace(ITEM, '');
    // A list's introduction without a marker of its own ("The checks cover:"): its items are joined to it.
    if (/:$/.test(body) && markersOf(body).length === 0) {
      statements.push({ text: body, markers: [], lead: lead && !item, item, order: statements.length });
      continue;
    }
    // A paragraph is read as the claims each ending in its markers: "A. [1] B. [2]" (split in one pass, no backtracking).
    const parts = body.split(/((?:\s*\[\d{1,3}\])+)/);
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const claim = (parts[i] ?? '').trim();
      if (claim.length < 3 || statements.length >= MAX_STATEMENTS) continue;
      statements.push({ text: claim, markers: markersOf(parts[i + 1] ?? ''), lead: lead && !item, item, order: statements.length });
    }
  }
  return distinct(joinLists(statements).filter((statement) => statement.markers.length > 0));
}

/** A list's items that are fragments ("segregation at the point of use;") joined to the introduction they complete ("… the whole cycle:"). */
function joinLists(statements: readonly Statement[]): Statement[] {
  const out: Statement[] = [];
  for (const statement of statements) {
    const last = out.at(-1);
    const fragment = statement.item && /^[a-z(]/.test(statement.text);
    if (last && fragment && (/:$/.test(last.text) || last.joined)) {
      const piece = statement.text.replace(/[;,.]$/, '');
      last.text = /:$/.test(last.text) ? `${last.text} ${piece}` : `${last.text}; ${piece}`;
      last.markers = [...new Set([...last.markers, ...statement.markers])];
      last.joined = true;
      continue;
    }
    out.push({ ...statement, order: out.length, fragment: fragment || undefined });
  }
  return out;
}

const wordSet = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);

/** Statements saying the same thing twice (a lead sentence and the table row it came from) kept once: the fuller one, in the first one's place. */
function distinct(statements: readonly Statement[]): Statement[] {
  const out: Statement[] = [];
  for (const statement of statements) {
    const own = wordSet(statement.text);
    const twin = out.findIndex((kept) => {
      const other = wordSet(kept.text);
      const shared = [...own].filter((word) => other.has(word)).length;
      return shared >= 0.8 * Math.min(own.size, other.size);
    });
    if (twin < 0) out.push(statement);
    else {
      const kept = out[twin];
      if (kept && own.size > wordSet(kept.text).size && !statement.item) out[twin] = { ...statement, lead: kept.lead, order: kept.order };
    }
  }
  return out.map((statement, order) => ({ ...statement, order }));
}

/** How much a statement carries: the answer's lead first, then stated figures, intervals and duties. */
function weight(statement: Statement): number {
  let value = statement.lead ? 3 : 0;
  if (/\d/.test(statement.text)) value += 1;
  if (/\b(must|shall|should|required?|at least|no more than|within|every|each|annual\w*|monthly|weekly|daily)\b/i.test(statement.text))
    value += 1;
  if (statement.text.split(/\s+/).length < 4) value -= 2;
  // A sentence leaning on the one before it ("It is written for …") does not stand alone in another form.
  if (LEANS_ON_PREVIOUS.test(statement.text)) value -= 2;
  return value;
}

const words = (text: string) => text.split(/\s+/).filter((word) => word.length > 0).length;

/** The statements that carry most, within a count or a word budget, back in their own order. */
function strongest(statements: readonly Statement[], limit: { count?: number; words?: number }): Statement[] {
  const ranked = [...statements].sort((a, b) => weight(b) - weight(a) || a.order - b.order);
  const chosen: Statement[] = [];
  let used = 0;
  for (const statement of ranked) {
    if (limit.count !== undefined && chosen.length >= limit.count) break;
    const cost = words(statement.text);
    if (limit.words !== undefined && chosen.length > 0 && used + cost > limit.words) continue;
    chosen.push(statement);
    used += cost;
  }
  return chosen.sort((a, b) => a.order - b.order);
}

/** Citations renumbered in order of use: each old number keeps its passage, quote and document. */
class Renumber {
  readonly citations: Citation[] = [];
  private readonly byOld = new Map<number, number>();
  private readonly previous: ReadonlyMap<number, Citation>;

  constructor(previous: readonly Citation[]) {
    this.previous = new Map(previous.map((citation) => [citation.n, citation]));
  }

  /** The markers of a statement in the new numbering (markers that resolved to nothing are dropped). */
  marks(old: readonly number[]): string {
    const shown: number[] = [];
    for (const n of old) {
      const citation = this.previous.get(n);
      if (!citation) continue;
      let now = this.byOld.get(n);
      if (now === undefined) {
        now = this.citations.length + 1;
        this.byOld.set(n, now);
        this.citations.push({ ...citation, n: now });
      }
      if (!shown.includes(now)) shown.push(now);
    }
    return shown
      .sort((a, b) => a - b)
      .map((n) => `[${n}]`)
      .join('');
  }

  /** A new citation (an expansion's further passage). */
  add(citation: Omit<Citation, 'n'>): string {
    const same = this.citations.find((existing) => existing.document_id === citation.document_id && existing.quote === citation.quote);
    if (same) return `[${same.n}]`;
    const n = this.citations.length + 1;
    this.citations.push({ ...citation, n });
    return `[${n}]`;
  }
}

const said = (statement: Statement, renumber: Renumber) => `${sentence(statement.text)} ${renumber.marks(statement.markers)}`.trim();

/** The sources section: one line per document, with its markers. */
function sourcesOf(citations: readonly Citation[]): string {
  const documents: { label: string; markers: number[] }[] = [];
  for (const citation of citations) {
    const edition = citation.edition.trim().length > 1 ? ` (${citation.edition.trim()})` : '';
    const label =
      citation.source === 'attachment'
        ? `Your attached file — ${quoteAsData(citation.title)}`
        : `${citation.code} — ${quoteAsData(citation.title)}${edition}${citation.status === 'superseded' ? ' (superseded)' : ''}`;
    const entry = documents.find((document) => document.label === label);
    if (entry) entry.markers.push(citation.n);
    else documents.push({ label, markers: [citation.n] });
  }
  return `**Sources**\n\n${documents.map((document) => `- ${document.label} ${document.markers.map((n) => `[${n}]`).join('')}`).join('\n')}`;
}

function documentNamesOf(citations: readonly Citation[]): string[] {
  return [...new Set(citations.map((citation) => (citation.source === 'attachment' ? 'your attached file' : citation.code)))];
}

/** Where the documents a reworked answer cites are named, once it is composed. */
const FROM = '\uE010documents\uE011';

/** The documents the previous answer cited, named for a sentence ("HTM 04-01 Part B and HSG274"). */
function documentList(citations: readonly Citation[]): string {
  const names = documentNamesOf(citations);
  return names.length <= 1 ? (names[0] ?? 'the library') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** In plain words: the library's formal modal verbs and connectives said as people say them. */
function plainWords(text: string): string {
  return text
    .replace(/\bshall\b/g, 'must')
    .replace(/\bin accordance with\b/gi, 'in line with')
    .replace(/\bprior to\b/gi, 'before')
    .replace(/\bin order to\b/gi, 'to')
    .replace(/\bcommence\b/gi, 'start')
    .replace(/\bundertake\b/gi, 'carry out')
    .replace(/\bensure that\b/gi, 'make sure that')
    .replace(/\bensure\b/gi, 'make sure');
}

/** Statements split into `count` runs in their own order, as even as they go. */
function runs(statements: readonly Statement[], count: number): Statement[][] {
  const size = Math.ceil(statements.length / Math.max(1, count));
  const out: Statement[][] = [];
  for (let i = 0; i < statements.length; i += size) out.push(statements.slice(i, i + size));
  return out;
}

/** What a follow-up says when the answer before it did not come from the library. */
export function nothingToReworkText(): string {
  return [
    'The previous answer did not draw on any passage of the library, so there is nothing from the library to rework: I only rework answers that quote the documents the library holds.',
    'Ask the question again with the name or code of the regulation or guidance you have in mind, or search the Regulatory Wiki, then ask for the summary, checklist or draft again.',
  ].join('\n\n');
}

/** The further passages of an expansion: the retrieved passages of the documents already cited, their sentences not yet stated. */
function furtherLines(
  extra: RetrievalResult | undefined,
  statements: readonly Statement[],
  citations: readonly Citation[],
  renumber: Renumber,
  focus: readonly string[],
): string[] {
  if (!extra) return [];
  const cited = new Set(citations.map((citation) => citation.document_id));
  const stated = new Set(statements.map((statement) => sentence(statement.text).toLowerCase()));
  const focusWords = focus.map((word) => word.toLowerCase());
  const candidates = extra.passages.flatMap((passage) =>
    cited.has(passage.documentId)
      ? passage.sentences
          .filter((s) => s.text.length >= 25 && /^[A-Z0-9“"(]/.test(s.text) && !/:\s*$/.test(s.text) && !s.text.includes(' | '))
          .map((s) => ({
            passage,
            s,
            value: s.score + focusWords.filter((word) => s.text.toLowerCase().includes(word)).length,
          }))
      : [],
  );
  // When the follow-up names what to dwell on and the passages speak of it, only they are added.
  const onFocus = candidates.filter(({ s }) => focusWords.some((word) => s.text.toLowerCase().includes(word)));
  const pool = onFocus.length >= 2 ? onFocus : candidates;
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const { passage, s } of pool.sort((a, b) => b.value - a.value)) {
    const text = sentence(s.text);
    const key = text.toLowerCase();
    if (stated.has(key) || seen.has(key)) continue;
    seen.add(key);
    const element = passage.elements.find((candidate) => candidate.id === s.elementId);
    const { n: _unnumbered, ...passageCitation } = citationOf(passage, 0);
    const marker = renumber.add({
      ...passageCitation,
      element_ids: [s.elementId],
      quote: quoteAsData(s.text || element?.text || ''),
    });
    lines.push(`- ${text} ${marker}`);
    if (lines.length >= EXPAND_LINES) break;
  }
  return lines;
}

/**
 * The previous answer made again in the form asked for. `extra` (an expansion's) holds passages
 * retrieved again for the previous question and the follow-up's own words; only those of documents
 * the previous answer cited are used.
 */
export function composeRework(options: { rework: Rework; previous: PreviousAnswer; extra?: RetrievalResult }): ComposedAnswer {
  const { rework, previous, extra } = options;
  const cited = statementsOf(previous.text).filter((statement) =>
    statement.markers.some((n) => previous.citations.some((citation) => citation.n === n)),
  );
  // A fragment reads only under its list: an expansion keeps the list whole; the other forms leave it out.
  const whole = cited.filter(
    (statement) => !statement.fragment && !(['checklist', 'draft'].includes(rework.kind) && NOT_STATED.test(statement.text)),
  );
  const statements = rework.kind === 'expand' || whole.length === 0 ? cited : whole;
  if (statements.length === 0 || previous.citations.length === 0) return { text: nothingToReworkText(), citations: [], answered: false };
  const renumber = new Renumber(previous.citations);
  // The documents are named once the form has chosen what it keeps: only those it cites ("HSG274
  // requires", "HSG274 and ACoP L8 require").
  const from = FROM;
  const verb = (plural: string, singular: string) => `\uE012${plural}\uE013${singular}\uE014`;
  const parts: string[] = [];
  switch (rework.kind) {
    case 'summarise': {
      const bullets = rework.count ?? SUMMARY_BULLETS;
      const chosen = strongest(statements, { count: bullets * PER_BULLET, words: bullets * 50 });
      parts.push(`In summary, from ${from}:`);
      parts.push(
        runs(chosen, bullets)
          .map((run) => `- ${run.map((statement) => said(statement, renumber)).join(' ')}`)
          .join('\n'),
      );
      break;
    }
    case 'shorten': {
      const total = statements.reduce((sum, statement) => sum + words(statement.text), 0);
      const budget =
        rework.count !== null
          ? rework.count * 25
          : rework.focus.length === 0 && /key|main|headline|essential|bottom/i.test(rework.focus.join(' '))
            ? KEY_POINT_WORDS
            : Math.min(SHORT_MAX_WORDS, Math.max(KEY_POINT_WORDS, Math.floor(total * SHORT_SHARE)));
      parts.push(
        strongest(statements, { words: budget })
          .map((statement) => said(statement, renumber))
          .join(' '),
      );
      break;
    }
    case 'expand': {
      parts.push(
        statements
          .filter((statement) => statement.lead)
          .map((statement) => said(statement, renumber))
          .join(' '),
      );
      const rest = statements.filter((statement) => !statement.lead);
      if (rest.length > 0)
        parts.push(`**What the documents require**\n\n${rest.map((statement) => `- ${said(statement, renumber)}`).join('\n')}`);
      const further = furtherLines(extra, statements, previous.citations, renumber, rework.focus);
      if (further.length > 0) parts.push(`**More from ${from}**\n\n${further.join('\n')}`);
      break;
    }
    case 'rephrase': {
      const chosen = strongest(statements, { count: 10 });
      if (rework.register === 'board') {
        parts.push(`**For the board**\n\nWhat ${from} ${verb('require', 'requires')} of the organisation, with the source of each point:`);
        parts.push(chosen.map((statement) => `- ${said(statement, renumber)}`).join('\n'));
        parts.push(
          'Assurance for the board is evidence that each of these points is met: the records, checks and named people they call for.',
        );
      } else {
        parts.push(`In plain English, ${from} ${verb('say', 'says')}:`);
        parts.push(chosen.map((statement) => `- ${plainWords(said(statement, renumber))}`).join('\n'));
      }
      break;
    }
    case 'checklist': {
      // Every statement of the answer is a point to check: a checklist that dropped some would drop what they require.
      const chosen = statements.slice(0, 15);
      parts.push(`**Checklist** (from ${from})`);
      parts.push(chosen.map((statement) => `- ☐ ${sentence(statement.text)} ${renumber.marks(statement.markers)}`.trimEnd()).join('\n'));
      break;
    }
    case 'draft': {
      const chosen = strongest(statements, { count: 10 });
      if (rework.piece === 'procedure') {
        parts.push(`**Procedure** (drafted from ${from}; adapt the names and roles to your organisation)`);
        parts.push(chosen.map((statement, i) => `${i + 1}. ${said(statement, renumber)}`).join('\n'));
        parts.push(
          'Keep a record of each step when it is carried out, and review this procedure when the guidance or your arrangements change.',
        );
      } else {
        const audience = rework.audience ? rework.audience.replace(/^(?:a|an|the|our|my|all|new)\s+/i, '') : null;
        const greeting = audience && /s$/i.test(audience) ? `Dear ${audience},` : audience ? `Dear ${audience},` : 'Hello all,';
        parts.push(
          [
            greeting,
            `I am writing to set out what ${from} ${verb('require', 'requires')} on this, so that you and your teams can act on it:`,
            chosen.map((statement) => `- ${said(statement, renumber)}`).join('\n'),
            'Please make sure your teams are aware of this, and contact me if you have any questions.',
            'Kind regards',
          ].join('\n\n'),
        );
      }
      break;
    }
  }
  const used = renumber.citations;
  const body = parts
    .filter((part) => part.trim().length > 0)
    .join('\n\n')
    .replaceAll(FROM, documentList(used))
    .replace(/\uE012([^\uE013]*)\uE013([^\uE014]*)\uE014/g, (_, plural: string, singular: string) =>
      documentNamesOf(used).length > 1 ? plural : singular,
    );
  return { text: `${body}\n\n${sourcesOf(renumber.citations)}`, citations: renumber.citations, answered: true };
}
