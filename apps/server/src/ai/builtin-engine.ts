/**
 * The built-in answer engine: offline and deterministic. It retrieves passages from the library and
 * composes an extractive answer from them — a lead paragraph of the best-matching sentences, the key
 * requirements quoted as bullets grouped by source, then the sources — or, in draft mode, a policy
 * section skeleton filled with cited requirements. Every word of substance is quoted from a cited
 * passage; the engine adds only headings and connective framing. Passage text is data: it is
 * quoted, never followed, whatever it says.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database } from '../db/connect.ts';
import type { ChatFilters, ChatMode, ChatSourceRecord } from '@verity/shared';
import { type ChatEngineEvent, type Citation, quoteAsData } from './citations.ts';
import { type Passage, type PassageSentence, type RetrievalResult, retrievePassages } from './retrieval.ts';

export interface ComposedAnswer {
  text: string;
  citations: Citation[];
  /** False when the library held nothing relevant and the answer says so. */
  answered: boolean;
}

const LEAD_SENTENCES = 3;
const LEAD_MAX_CHARACTERS = 700;
/** A lead sentence must score at least this share of the best sentence. */
const LEAD_CUT = 0.6;
const BULLETS_PER_PASSAGE = 6;
const SENTENCES_PER_PARAGRAPH = 2;
/** A bullet quotes a sentence or list item only when it scores at least this share of its passage's best. */
const SENTENCE_CUT = 0.5;
const TABLE_ROWS = 5;
const MAX_ROLES = 6;
const DUTIES_PER_ROLE = 4;
const MONITORING_ITEMS = 5;
const CHUNK_CHARACTERS = 24;

/** Placeholder for passage i's marker until markers are numbered in order of first use. */
const placeholder = (i: number) => `\uE000${i}\uE001`;

/** Ends a quoted sentence with a full stop unless it already ends with punctuation. */
function sentence(text: string): string {
  const quoted = quoteAsData(text);
  return /[.!?:;)"”]$/.test(quoted) ? quoted : `${quoted}.`;
}

/** Table text as rows of cells (the ingester writes one row a line, cells separated by " | "). */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells.some((cell) => cell.length > 0));
}

/** A table row read against its header: "Hoists — Maximum interval: 6 months; Source: LOLER". */
function rowText(header: readonly string[], cells: readonly string[]): string {
  const [first, ...rest] = cells;
  const details = rest.map((cell, i) => (header[i + 1] ? `${header[i + 1]}: ${cell}` : cell)).filter((part) => part.length > 0);
  return details.length > 0 ? `${first ?? ''} — ${details.join('; ')}` : (first ?? '');
}

/** Whether a text holds a query term (the stem as a word prefix, as the database's stemmer would mostly agree). */
function holdsTerm(text: string, stems: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return stems.some((stem) => new RegExp(`\\b${stem}`).test(lower));
}

interface Line {
  text: string;
  passage: number;
}

/** The quotable lines of a passage for bullets: list items, table rows read with their header, matching sentences. */
function passageLines(passage: Passage, index: number, stems: readonly string[]): { intro: string | null; lines: Line[] } {
  let intro: string | null = null;
  const lines: Line[] = [];
  // Only the sentences and list items that carry the question's terms well, relative to the passage's best.
  const best = Math.max(0, ...passage.sentences.map((s) => s.score));
  const strong = (s: PassageSentence) => s.score > 0 && s.score >= best * SENTENCE_CUT;
  const listItems = passage.sentences.filter((s) => s.listItem);
  const anyStrongItem = listItems.some(strong);
  for (const element of passage.elements) {
    if (element.type === 'table') {
      const [header = [], ...rows] = tableRows(element.text);
      const matching = rows.filter((cells) => holdsTerm(cells.join(' '), stems));
      for (const cells of (matching.length > 0 ? matching : rows).slice(0, TABLE_ROWS))
        lines.push({ text: sentence(rowText(header, cells)), passage: index });
      continue;
    }
    const sentences = passage.sentences.filter((s) => s.elementId === element.id);
    if (element.type === 'list_item') {
      // A list none of whose items matches (reached through its introduction) is quoted from its start.
      const keep = anyStrongItem ? sentences.filter(strong) : sentences;
      for (const s of keep) lines.push({ text: sentence(s.text), passage: index });
      continue;
    }
    if (element === passage.elements[0] && /:\s*$/.test(element.text) && passage.elements.length > 1) {
      intro = quoteAsData(element.text);
      continue;
    }
    const matched = sentences.filter(strong);
    const chosen = (matched.length > 0 ? matched : sentences.slice(0, 1)).slice(0, SENTENCES_PER_PARAGRAPH);
    if (chosen.length > 0) lines.push({ text: chosen.map((s) => sentence(s.text)).join(' '), passage: index });
  }
  return { intro, lines: lines.slice(0, BULLETS_PER_PASSAGE) };
}

/** The best-matching sentences across the passages, at most one per element, tables left to the bullets. */
function leadSentences(passages: readonly Passage[]): { sentence: PassageSentence; passage: number }[] {
  const all = passages.flatMap((passage, index) =>
    passage.sentences
      // Whole sentences only: not an introduction ending in ":", a table, or a list fragment in lower case.
      .filter((s) => s.score > 0 && s.text.length >= 20 && !/:\s*$/.test(s.text) && !s.text.includes(' | ') && !/^[a-z]/.test(s.text))
      .map((s) => ({ sentence: s, passage: index })),
  );
  all.sort((a, b) => b.sentence.score - a.sentence.score || a.passage - b.passage);
  const best = all[0]?.sentence.score ?? 0;
  const chosen: typeof all = [];
  const elements = new Set<string>();
  let length = 0;
  for (const entry of all) {
    if (chosen.length >= LEAD_SENTENCES || entry.sentence.score < best * LEAD_CUT) break;
    if (elements.has(entry.sentence.elementId)) continue;
    if (chosen.length > 0 && length + entry.sentence.text.length > LEAD_MAX_CHARACTERS) continue;
    chosen.push(entry);
    elements.add(entry.sentence.elementId);
    length += entry.sentence.text.length;
  }
  return chosen;
}

function sourceLabel(passage: Passage): string {
  const edition = passage.edition.trim().length > 1 ? ` (${passage.edition.trim()})` : '';
  const superseded =
    passage.status === 'superseded' ? ` (superseded${passage.supersededByCode ? ` — see ${passage.supersededByCode}` : ''})` : '';
  return `${passage.code} — ${passage.title}${edition}${superseded}`;
}

/** Passages grouped by document, in the order the documents first appear. */
function byDocument(passages: readonly Passage[]): { passage: Passage; indexes: number[] }[] {
  const groups: { passage: Passage; indexes: number[] }[] = [];
  passages.forEach((passage, index) => {
    const group = groups.find((entry) => entry.passage.documentId === passage.documentId);
    if (group) group.indexes.push(index);
    else groups.push({ passage, indexes: [index] });
  });
  return groups;
}

function sourcesSection(passages: readonly Passage[], used: ReadonlySet<number>): string {
  const lines = byDocument(passages)
    .map(({ passage, indexes }) => ({ passage, markers: indexes.filter((i) => used.has(i)).map(placeholder) }))
    .filter((entry) => entry.markers.length > 0)
    .map(({ passage, markers }) => `- ${sourceLabel(passage)} ${markers.join('')}`);
  return `**Sources**\n\n${lines.join('\n')}`;
}

/** Numbers the placeholders in order of first use and lists exactly the citations used. */
function finalise(body: string, passages: readonly Passage[]): ComposedAnswer {
  const numbers = new Map<number, number>();
  const numbered = body.replace(/\uE000(\d+)\uE001/g, (_, raw: string) => {
    const index = Number(raw);
    let n = numbers.get(index);
    if (n === undefined) {
      n = numbers.size + 1;
      numbers.set(index, n);
    }
    return `[${n}]`;
  });
  // Runs of markers read in ascending order ("[1][3]", not "[3][1]").
  const ordered = numbered.replace(/(?:\[\d+\])+/g, (run) =>
    (run.match(/\d+/g) ?? [])
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => `[${n}]`)
      .join(''),
  );
  const citations: Citation[] = [...numbers.entries()].flatMap(([index, n]) => {
    const passage = passages[index];
    if (!passage) return [];
    return [
      {
        n,
        document_id: passage.documentId,
        code: passage.code,
        title: passage.title,
        edition: passage.edition,
        status: passage.status,
        element_ids: passage.elements.map((element) => element.id),
        quote: passage.elements.map((element) => element.text).join('\n'),
        superseded_by: passage.supersededBy,
      },
    ];
  });
  return { text: ordered, citations, answered: true };
}

function stemsOf(retrieval: RetrievalResult): string[] {
  return retrieval.terms.filter((term) => !term.carried && term.lexeme.length >= 3).map((term) => term.lexeme);
}

function composeAnswerText(retrieval: RetrievalResult): ComposedAnswer {
  const { passages } = retrieval;
  const used = new Set<number>();
  const lead = leadSentences(passages);
  for (const entry of lead) used.add(entry.passage);
  const leadText = lead.map((entry) => `${sentence(entry.sentence.text)} ${placeholder(entry.passage)}`).join(' ');
  const stems = stemsOf(retrieval);

  const groups: string[] = [];
  for (const { passage, indexes } of byDocument(passages)) {
    const bullets: string[] = [];
    for (const index of indexes) {
      const member = passages[index];
      if (!member) continue;
      const { intro, lines } = passageLines(member, index, stems);
      if (lines.length === 0 && intro === null) continue;
      used.add(index);
      if (intro !== null && lines.length > 0) {
        bullets.push(`- ${intro} ${placeholder(index)}`);
        for (const line of lines) bullets.push(`  - ${line.text} ${placeholder(index)}`);
      } else {
        for (const line of lines) bullets.push(`- ${line.text} ${placeholder(index)}`);
        if (intro !== null) bullets.push(`- ${intro} ${placeholder(index)}`);
      }
    }
    if (bullets.length > 0) groups.push(`*${passage.code} — ${quoteAsData(passage.title)}*\n\n${bullets.join('\n')}`);
  }
  const parts = [
    leadText.length > 0 ? leadText : 'The library holds these passages on the question.',
    `**Key requirements**\n\n${groups.join('\n\n')}`,
  ];
  parts.push(sourcesSection(passages, used));
  return finalise(parts.join('\n\n'), passages);
}

/** Role names as the library writes them: "Designated Person", "Authorising Engineer", "Water Safety Group", "Duty Holder". */
const ROLE_NOUN =
  '(?:Person|Persons|Engineer|Manager|Officer|Group|Holder|Dutyholder|Director|Lead|Committee|Board|Adviser|Advisor|Microbiologist|Controller|Executive|Provider|Employer|Team|Contractor|Practitioner|Owner|Nurse)';
const ROLE_AT_START = new RegExp(`^((?:[A-Z][\\w'()-]*\\s+){0,4}${ROLE_NOUN})\\b\\s*(?:[.:—–-]|\\(|,)`);
const ROLE_IN_TEXT = new RegExp(
  `\\b(?:The\\s+)?((?:[A-Z][\\w'-]*\\s+){1,3}${ROLE_NOUN})\\s+(?:must|should|shall|is|are|has|have|appoints|ensures|takes|holds|reviews|signs|approves|advises|keeps|leads|chairs)\\b`,
);

interface Duty {
  role: string;
  text: string;
  passage: number;
}

function normaliseRole(role: string): string {
  return role
    .replace(/\s+/g, ' ')
    .replace(/^The\s+/, '')
    .trim();
}

/** Duties under the named roles the passages define: role tables, "Role — duty" items, "The Role must…" sentences. */
function roleDuties(passages: readonly Passage[]): Duty[] {
  const duties: Duty[] = [];
  passages.forEach((passage, index) => {
    for (const element of passage.elements) {
      if (element.type === 'table') {
        const [header = [], ...rows] = tableRows(element.text);
        if (!/role/i.test(header[0] ?? '')) continue;
        for (const cells of rows) {
          const [role, ...rest] = cells;
          if (!role) continue;
          const details = rest.map((cell, i) =>
            header[i + 1] && !/what|responsib|duties|does/i.test(header[i + 1] ?? '') ? `${header[i + 1]}: ${cell}` : cell,
          );
          duties.push({ role: normaliseRole(role), text: sentence(details.join('; ')), passage: index });
        }
        continue;
      }
      for (const s of passage.sentences.filter((entry) => entry.elementId === element.id)) {
        const start = ROLE_AT_START.exec(s.text);
        if (start?.[1]) {
          const rest = s.text.slice(start[0].length - (start[0].endsWith('(') ? 1 : 0)).trim();
          duties.push({ role: normaliseRole(start[1]), text: sentence(rest.length > 0 ? rest : s.text), passage: index });
          continue;
        }
        const within = ROLE_IN_TEXT.exec(s.text);
        if (within?.[1]) duties.push({ role: normaliseRole(within[1]), text: sentence(s.text), passage: index });
      }
    }
  });
  return duties;
}

const MONITORING = /\b(monitor\w*|record\w*|log\w*|audit\w*|review\w*|inspect\w*|test\w*|check\w*|report\w*|evidence)\b/i;

/** Words that ask for a draft rather than say what it is about. */
const DRAFT_WORDS = /\b(draft|write|prepare|create|produce|compose|outline|me|us|please|section|template|policy|procedure|document)\b/gi;

/** The subject of a draft request, for retrieval: "Draft the responsibilities section of a water safety policy" → "responsibilities … water safety". */
export function draftSubject(question: string): string {
  // "…for a community hospital" names the setting, not the topic: its words would pull in documents
  // about hospitals rather than about the subject of the draft.
  const topic = question.replace(/\s+for\s+(?:a|an|the|our|my|your)\s+[^,;.?!]*[.?!]?\s*$/i, '');
  const subject = topic.replace(DRAFT_WORDS, ' ').replace(/\s+/g, ' ').trim();
  return subject.split(' ').length >= 2 ? subject : question;
}

/** The draft's title from the request: "Draft the responsibilities section of …" → "Responsibilities section of …". */
function draftTitle(question: string): string {
  const title = question
    .trim()
    .replace(/[.?!]+$/, '')
    .replace(/^(please\s+)?(draft|write|prepare|create|produce|compose|outline)\s+(me\s+|us\s+)?((a|an|the)\s+)?/i, '')
    .trim();
  const text = title.length > 0 ? title : question.trim();
  return quoteAsData(text.charAt(0).toUpperCase() + text.slice(1));
}

function composeDraftText(question: string, retrieval: RetrievalResult): ComposedAnswer {
  const { passages } = retrieval;
  const used = new Set<number>();
  const cite = (index: number) => {
    used.add(index);
    return placeholder(index);
  };
  const sections: string[] = [`## Draft: ${draftTitle(question)}`];
  sections.push(
    `*A starting draft assembled from the library passages cited below. Adapt the roles and names to your organisation and have it approved through your usual governance route.*`,
  );

  const lead = leadSentences(passages);
  const purpose = lead.map((entry) => `${sentence(entry.sentence.text)} ${cite(entry.passage)}`).join(' ');
  sections.push(
    `### 1. Purpose\n\nThis section sets out the organisation's arrangements, drawing on the requirements cited below.${purpose ? ` ${purpose}` : ''}`,
  );

  const duties = roleDuties(passages);
  const roles: { role: string; duties: Duty[] }[] = [];
  for (const duty of duties) {
    const key = duty.role.toLowerCase();
    let entry = roles.find((role) => role.role.toLowerCase() === key);
    if (!entry) {
      if (roles.length >= MAX_ROLES) continue;
      entry = { role: duty.role, duties: [] };
      roles.push(entry);
    }
    if (entry.duties.length < DUTIES_PER_ROLE && !entry.duties.some((existing) => existing.text === duty.text)) entry.duties.push(duty);
  }
  const dutyTexts = new Set(duties.map((duty) => duty.text));
  if (roles.length > 0) {
    const blocks = roles.map(
      (role, r) =>
        `**2.${r + 1} ${quoteAsData(role.role)}**\n\n${role.duties.map((duty, i) => `${i + 1}. ${duty.text} ${cite(duty.passage)}`).join('\n')}`,
    );
    sections.push(`### 2. Roles and responsibilities\n\n${blocks.join('\n\n')}`);
  } else {
    const stems = stemsOf(retrieval);
    const lines = passages.flatMap((passage, index) => passageLines(passage, index, stems).lines).slice(0, 10);
    sections.push(`### 2. Duties\n\n${lines.map((line, i) => `${i + 1}. ${line.text} ${cite(line.passage)}`).join('\n')}`);
  }

  const monitoring = passages
    .flatMap((passage, index) =>
      passage.sentences
        .filter((s) => MONITORING.test(s.text) && !s.text.includes(' | ') && !/:\s*$/.test(s.text))
        .map((s) => ({ text: sentence(s.text), passage: index, score: s.score })),
    )
    // The most relevant first; sort is stable, so equals keep the passages' order.
    .sort((a, b) => b.score - a.score)
    .filter((line) => !dutyTexts.has(line.text))
    .filter((line, i, all) => all.findIndex((other) => other.text === line.text) === i)
    .slice(0, MONITORING_ITEMS);
  if (monitoring.length > 0) {
    sections.push(
      `### 3. Monitoring and records\n\n${monitoring.map((line, i) => `${i + 1}. ${line.text} ${cite(line.passage)}`).join('\n')}`,
    );
  }
  sections.push(sourcesSection(passages, used));
  return finalise(sections.join('\n\n'), passages);
}

function describeSearch(retrieval: RetrievalResult): string {
  const scope = retrieval.includeInternal ? "the regulatory library and your organisation's internal documents" : 'the regulatory library';
  const filters = [
    retrieval.filters.category.length > 0 ? `category ${retrieval.filters.category.join(', ')}` : null,
    retrieval.filters.domain.length > 0 ? `domain ${retrieval.filters.domain.join(', ')}` : null,
    retrieval.filters.subDomain.length > 0 ? `subdomain ${retrieval.filters.subDomain.join(', ')}` : null,
  ].filter((part): part is string => part !== null);
  return filters.length > 0 ? `${scope}, limited to ${filters.map(quoteAsData).join('; ')}` : `${scope}, with no filters`;
}

/** The plain answer when the library holds nothing relevant: what was searched and where to look instead. */
export function nothingRelevantText(retrieval: RetrievalResult): string {
  const filtered = retrieval.filters.category.length + retrieval.filters.domain.length + retrieval.filters.subDomain.length > 0;
  const suggestions = [
    filtered ? 'Clear or widen the category, domain and subdomain filters and ask again.' : null,
    'Rephrase the question with the name or code of the regulation or guidance you have in mind.',
    'Browse or search the Regulatory Wiki.',
    retrieval.includeInternal
      ? "Check your organisation's own policies and procedures, or ask the team responsible for them."
      : "Include your organisation's internal documents, or check its own policies and procedures.",
    'For clinical, HR or other questions outside healthcare regulation and estates compliance, ask the service responsible.',
  ].filter((line): line is string => line !== null);
  return [
    'I could not find anything in the library that answers this question, so I have not answered it: I only answer from the documents the library holds, and I will not guess at a regulation, edition, clause or interval.',
    `I searched ${describeSearch(retrieval)}.`,
    `You could:\n\n${suggestions.map((line) => `- ${line}`).join('\n')}`,
  ].join('\n\n');
}

/** The whole answer for retrieved passages, deterministic for the same passages. */
export function composeAnswer(options: { question: string; mode: ChatMode; retrieval: RetrievalResult }): ComposedAnswer {
  const { question, mode, retrieval } = options;
  if (retrieval.passages.length === 0) return { text: nothingRelevantText(retrieval), citations: [], answered: false };
  return mode === 'draft' ? composeDraftText(question, retrieval) : composeAnswerText(retrieval);
}

/** Every passage handed to composition, numbered in retrieval order, for the audit record of an answer. */
export function sourceRecords(retrieval: RetrievalResult): ChatSourceRecord[] {
  return retrieval.passages.map((passage, i) => ({
    n: i + 1,
    document_id: passage.documentId,
    code: passage.code,
    edition: passage.edition,
    element_ids: passage.elements.map((element) => element.id),
    score: Math.round(passage.score * 1000) / 1000,
  }));
}

/** Small chunks at word boundaries, so the answer streams like a generated one. */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
    if (current.length > 0 && current.length + piece.length > CHUNK_CHARACTERS) {
      chunks.push(current);
      current = '';
    }
    current += piece;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export interface BuiltinEngineOptions {
  db: Database;
  organisationId: string;
  question: string;
  mode?: ChatMode;
  /** Earlier questions of the conversation, oldest first. */
  history?: readonly string[];
  filters?: Partial<ChatFilters>;
  includeInternal?: boolean;
  signal?: AbortSignal;
  /** Told what was retrieved before the first token (for recording sources and timing). */
  onRetrieval?: (retrieval: RetrievalResult) => void;
}

/**
 * Streams an answer as token events, then its citations, then done. When the signal aborts, the
 * stream ends at once without citations or done: the caller keeps the tokens it has and marks the
 * answer stopped.
 */
export async function* answerWithBuiltinEngine(options: BuiltinEngineOptions): AsyncGenerator<ChatEngineEvent> {
  const { signal } = options;
  const mode = options.mode ?? 'answer';
  if (signal?.aborted) return;
  const retrieval = await retrievePassages({
    db: options.db,
    organisationId: options.organisationId,
    question: mode === 'draft' ? draftSubject(options.question) : options.question,
    history: options.history,
    filters: options.filters,
    includeInternal: options.includeInternal,
  });
  options.onRetrieval?.(retrieval);
  const answer = composeAnswer({ question: options.question, mode, retrieval });
  let sent = 0;
  for (const chunk of chunkText(answer.text)) {
    if (signal?.aborted) return;
    yield { type: 'token', text: chunk };
    // Let other requests and an abort in between get a turn on long answers.
    if (++sent % 16 === 0) await yieldToEventLoop();
  }
  if (signal?.aborted) return;
  yield { type: 'citations', citations: answer.citations };
  yield { type: 'done' };
}
