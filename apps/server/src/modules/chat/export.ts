import { type ChatFeedbackRating, type ChatFilters, type Citation, chatEndpoints } from '@verity/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import type { Database } from '../../db/connect.ts';
import { chatAttachments, documents, organisations, users } from '../../db/schema.ts';
import { formatDateTime } from '../../lib/docx/dates.ts';
import { contentDisposition, DOCX_CONTENT_TYPE, datedFileName } from '../../lib/docx/download.ts';
import type { Block, DocumentModel, Field, ListItem, Span } from '../../lib/docx/model.ts';
import { untrustedWork } from '../../untrusted/pool.ts';
import { cleanText } from '../../lib/docx/text.ts';
import { route } from '../../lib/route.ts';
import { type ConversationOwner, conversationNotFound, ownAttachments } from '../../core/policies/conversations.ts';
import { documentVisibleTo } from '../../core/policies/documents.ts';
import { type ChatMessageRow, type ChatSessionRow, getSession } from './conversations.ts';

/** Everything an evidence record of one conversation is made of, loaded for its owner only. */
interface ConversationExport {
  session: ChatSessionRow;
  messages: ChatMessageRow[];
  organisationName: string;
  exportedBy: { name: string; email: string };
  exportedAt: Date;
  /** The public address of the app, for links to the cited passages (config APP_URL). */
  appUrl: string;
  /** File names of the files attached to the conversation's questions, by attachment id. */
  attachmentNames: ReadonlyMap<string, string>;
  /** Editions of the current documents that superseded cited ones, by document id. */
  currentEditions: ReadonlyMap<string, string>;
}

/**
 * GET /api/chat/sessions/{id}/export: the conversation as a Word evidence record. Standard role;
 * the caller's own conversation only (anyone else's id answers exactly like a missing one).
 */
export async function chatExportRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  const limits = deps.readLimits('chatExport');

  route(app, chatEndpoints.exportSession, {
    ...limits,
    handler: async ({ auth, params, reply }) => {
      const loaded = await loadConversationExport({
        db,
        owner: auth,
        sessionId: params.id,
        appUrl: config.APP_URL,
        exportedAt: new Date(),
      });
      const file = await buildConversationRecord(loaded);
      return reply
        .header('content-type', DOCX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(exportFileName(loaded.session.title, loaded.exportedAt)))
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  });
}

/** A conversation of the caller's and what its record names. */
async function loadConversationExport(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
  appUrl: string;
  exportedAt: Date;
}): Promise<ConversationExport> {
  const { db, owner } = options;
  const found = await getSession({ db, owner, sessionId: options.sessionId });
  const attachmentIds = [...new Set(found.messages.flatMap((message) => message.attachmentIds))];
  const supersedingIds = [
    ...new Set(
      found.messages.flatMap((message) =>
        message.citations.flatMap((citation) => (citation.superseded_by ? [citation.superseded_by.id] : [])),
      ),
    ),
  ];
  const [[organisation], [user], attachments, editions] = await Promise.all([
    db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, owner.organisationId)),
    db
      .select({ firstname: users.firstname, surname: users.surname, email: users.email })
      .from(users)
      .where(and(eq(users.id, owner.userId), eq(users.organisationId, owner.organisationId))),
    attachmentIds.length === 0
      ? []
      : db
          .select({ id: chatAttachments.id, fileName: chatAttachments.fileName })
          .from(chatAttachments)
          .where(and(inArray(chatAttachments.id, attachmentIds), ownAttachments(owner, found.session.id))),
    supersedingIds.length === 0
      ? []
      : db
          .select({ id: documents.id, edition: documents.edition })
          .from(documents)
          .where(and(inArray(documents.id, supersedingIds), documentVisibleTo(owner.organisationId))),
  ]);
  // The caller's own organisation and account: gone only when they are being removed.
  if (!organisation || !user) throw conversationNotFound();
  return {
    session: found.session,
    messages: found.messages,
    organisationName: organisation.name,
    exportedBy: { name: `${user.firstname} ${user.surname}`.trim(), email: user.email },
    exportedAt: options.exportedAt,
    appUrl: options.appUrl,
    attachmentNames: new Map(attachments.map((attachment) => [attachment.id, attachment.fileName])),
    currentEditions: new Map(editions.map((document) => [document.id, document.edition])),
  };
}

// ---------------------------------------------------------------------------------------------
// The record, as a document for the shared Word renderer

const RECORD_LABEL = 'Verity conversation';

/** One question and the answer given to it (an answer may be missing, e.g. while it was being written). */
interface Exchange {
  question: ChatMessageRow | null;
  answer: ChatMessageRow | null;
}

/** The conversation as a .docx evidence record (see docs/api-contract.md, "Export"). */
async function buildConversationRecord(record: ConversationExport): Promise<Buffer> {
  return untrustedWork().docx(conversationDocument(record));
}

function conversationDocument(record: ConversationExport): DocumentModel {
  const exchanges = pairExchanges(record.messages);
  const organisation = record.organisationName;
  const blocks: Block[] = [
    { kind: 'heading', level: 1, content: 'About this record' },
    ...statement(record, exchanges).map((text): Block => ({ kind: 'paragraph', content: text })),
  ];
  if (exchanges.length === 0) blocks.push({ kind: 'paragraph', content: 'This conversation has no questions yet.' });
  exchanges.forEach((exchange, index) => {
    blocks.push(...exchangeBlocks(record, exchange, index + 1));
  });
  return {
    title: `${RECORD_LABEL} — ${record.session.title}`,
    metadata: [
      { label: 'Organisation', value: organisation },
      { label: 'Exported by', value: `${record.exportedBy.name} (${record.exportedBy.email})` },
      { label: 'Exported at', value: formatDateTime(record.exportedAt) },
      { label: 'Conversation started', value: formatDateTime(record.session.createdAt) },
      { label: 'Questions', value: String(exchanges.filter((exchange) => exchange.question).length) },
    ],
    header: `Verity conversation record · ${organisation}`,
    footer: { pageNumbers: true, text: `exported ${formatDateTime(record.exportedAt)}` },
    creator: 'Verity',
    subject: 'Conversation record with cited sources',
    description: `Exported by ${record.exportedBy.name} for ${organisation}`,
    blocks,
  };
}

/** Questions with the answer that follows each, in conversation order. */
function pairExchanges(messages: readonly ChatMessageRow[]): Exchange[] {
  const exchanges: Exchange[] = [];
  for (const message of messages) {
    const last = exchanges.at(-1);
    if (message.role === 'user') exchanges.push({ question: message, answer: null });
    else if (last && last.answer === null) last.answer = message;
    else exchanges.push({ question: null, answer: message });
  }
  return exchanges;
}

function statement(record: ConversationExport, exchanges: readonly Exchange[]): string[] {
  const engines = [...new Set(exchanges.flatMap((exchange) => (exchange.answer?.engine ? [exchange.answer.engine] : [])))];
  const by = engines.length === 0 ? 'Verity' : joinWords(engines.map(engineLabel));
  const internal = exchanges.some((exchange) => exchange.question?.includeInternal !== false);
  return [
    `This is a record of a conversation with Verity's assistant, exported from Verity. The answers were generated by ${by} from ${record.organisationName}'s regulatory library in Verity: the shared library of regulations, guidance and standards${internal ? ", together with the organisation's own internal documents where a question included them" : ''}.`,
    'A numbered marker such as [1] in an answer points at the source listed after that answer. Each source gives the document, its edition and status, the passage the answer relied upon, quoted in full as it stood when the answer was given, and a link that opens the document in Verity with that passage highlighted.',
    'The answers support, and do not replace, professional judgement: check the cited documents before acting on them.',
  ];
}

function exchangeBlocks(record: ConversationExport, exchange: Exchange, number: number): Block[] {
  const out: Block[] = [{ kind: 'heading', level: 1, content: `Question ${number}` }];
  const { question, answer } = exchange;
  if (question) {
    out.push(...plainParagraphs(question.content));
    const asked: Field[] = [
      { label: 'Asked', value: formatDateTime(question.createdAt) },
      { label: 'Mode', value: question.mode === 'draft' ? 'Draft (a structured policy section)' : 'Answer' },
      { label: 'Filters', value: describeFilters(question.filters) },
      { label: 'Internal documents', value: question.includeInternal ? 'Included' : 'Not included' },
    ];
    if (question.attachmentIds.length > 0) {
      const names = question.attachmentIds.map((id) => record.attachmentNames.get(id) ?? 'a file no longer available');
      asked.push({ label: 'Attached files', value: names.join(', ') });
    }
    out.push({ kind: 'fields', fields: asked });
  }
  out.push({ kind: 'heading', level: 2, content: 'Answer' });
  if (!answer) {
    out.push(note('No answer was recorded for this question.'));
    return out;
  }
  if (answer.status === 'error') {
    out.push(note('This answer could not be completed because of an error; no answer text was kept.'));
  } else {
    out.push(...answerContent(answer.content));
    if (answer.status === 'stopped') {
      out.push(note('This answer was stopped before it was complete; the text above is what had been written by then.'));
    }
  }
  out.push({
    kind: 'fields',
    fields: [
      { label: 'Answered', value: formatDateTime(answer.createdAt) },
      { label: 'Engine', value: answer.engine ? engineLabel(answer.engine) : 'Not recorded' },
      { label: 'Feedback', value: describeFeedback(answer.feedback, answer.feedbackComment) },
    ],
  });
  if (answer.status === 'error') return out;

  out.push({ kind: 'heading', level: 2, content: 'Sources' });
  if (answer.citations.length === 0) {
    out.push(
      note(
        answer.status === 'stopped'
          ? 'No sources were listed: the answer was stopped before they were given.'
          : 'This answer cites no sources.',
      ),
    );
    return out;
  }
  for (const citation of answer.citations) out.push(...citationBlocks(record, citation));
  return out;
}

/** A citation: what it is, then the passage quoted in full and, for the library, a link to it. */
function citationBlocks(record: ConversationExport, citation: Citation): Block[] {
  if (citation.source === 'attachment') {
    return [
      { kind: 'paragraph', keepWithNext: true, content: [{ text: `[${citation.n}] Attached file: ${citation.title}`, bold: true }] },
      { kind: 'paragraph', style: 'detail', content: 'A file attached to this conversation; it is not part of the library.' },
      { kind: 'quote', text: citation.quote },
    ];
  }
  const heading = [citation.code, citation.title].map(cleanText).filter((part) => part.length > 0);
  const link = wikiLink(record.appUrl, citation);
  return [
    { kind: 'paragraph', keepWithNext: true, content: [{ text: `[${citation.n}] ${heading.join(' — ')}`, bold: true }] },
    {
      kind: 'paragraph',
      style: 'detail',
      content: `Edition: ${cleanText(citation.edition) || 'not stated'} · Status: ${describeStatus(record, citation)}`,
    },
    { kind: 'quote', text: citation.quote, source: ['Open in Verity: ', { text: link, href: link }] },
  ];
}

function describeStatus(record: ConversationExport, citation: Citation): string {
  if (citation.status !== 'superseded') return 'Current';
  const current = citation.superseded_by;
  if (!current) return 'Superseded (no current edition is in the library)';
  const edition = record.currentEditions.get(current.id);
  return `Superseded — current edition: ${current.code}${edition ? ` ${edition}` : ''}`;
}

/** The wiki reader at the cited elements: /wiki/{id}?element_ids=a&element_ids=b. */
export function wikiLink(appUrl: string, citation: Pick<Citation, 'document_id' | 'element_ids'>): string {
  const query = new URLSearchParams(citation.element_ids.map((id) => ['element_ids', id]));
  const search = query.toString();
  return `${appUrl.replace(/\/+$/, '')}/wiki/${encodeURIComponent(citation.document_id)}${search ? `?${search}` : ''}`;
}

function describeFilters(filters: ChatFilters | null): string {
  const parts = [
    ['Category', filters?.category ?? []],
    ['Domain', filters?.domain ?? []],
    ['Subdomain', filters?.subDomain ?? []],
  ] as const;
  const chosen = parts.filter(([, values]) => values.length > 0).map(([label, values]) => `${label}: ${values.join(', ')}`);
  return chosen.length === 0 ? 'None (the whole library)' : chosen.join('; ');
}

function describeFeedback(rating: ChatFeedbackRating | null, comment: string | null): string {
  if (!rating) return 'None given';
  const verdict = rating === 'up' ? 'Helpful (thumbs up)' : 'Not helpful (thumbs down)';
  return comment ? `${verdict}, with the comment: “${comment}”` : verdict;
}

/** The engine an answer records, as a reader would name it ('builtin', 'provider:openai:gpt-4o-mini', …). */
function engineLabel(engine: string): string {
  if (engine === 'builtin') return "Verity's built-in engine (offline; answers composed from quoted passages)";
  const [kind, provider, ...model] = engine.split(':');
  if (kind !== 'provider' || !provider) return engine;
  const name =
    { openai: 'OpenAI', azure: 'Azure OpenAI', anthropic: 'Anthropic', 'openai-compatible': 'an OpenAI-compatible model server' }[
      provider
    ] ?? provider;
  const modelName = cleanText(model.join(':'));
  return modelName ? `${name} (model ${modelName})` : name;
}

function note(text: string): Block {
  return { kind: 'paragraph', style: 'note', content: text };
}

/** Text as typed (a question): one paragraph per blank-line-separated block, its line breaks kept. */
function plainParagraphs(text: string): Block[] {
  return cleanText(text)
    .split(/\n\s*\n/)
    .filter((block) => block.trim().length > 0)
    .map((block) => ({ kind: 'paragraph', content: block.trim() }));
}

type AnswerBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'bullet'; level: number; text: string }
  | { kind: 'numbered'; level: number; number: string; text: string }
  | { kind: 'table'; header: string[]; rows: string[][] };

const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?$/;
const BULLET = /^(\s*)[-*+•]\s+(.*)$/;
const NUMBERED = /^(\s*)(\d{1,4})[.)]\s+(.*)$/;
const DELIMITER_CELL = /^:?-+:?$/;

/** The cells of a pipe-table row (outer bars dropped, `\|` a bar inside a cell), or null for a line with no bar. */
function tableCells(line: string): string[] | null {
  if (!line.includes('|')) return null;
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  return text.split(/(?<!\\)\|/).map((cell) =>
    cell
      .replace(/\\\|/g, '|')
      .replace(/<br\s*\/?>/gi, '; ')
      .trim(),
  );
}

/** A table starts with a row whose next line is a delimiter row (`| --- | :---: |`) of as many cells. */
function tableHead(line: string, next: string | undefined): string[] | null {
  const header = tableCells(line);
  const delimiter = next === undefined ? null : tableCells(next);
  if (!header || !delimiter || delimiter.length !== header.length || !delimiter.every((cell) => DELIMITER_CELL.test(cell))) return null;
  return header;
}

/**
 * An answer's Markdown subset, read as the chat page reads it (apps/web answer-format.ts):
 * `#` headings, `- ` bullets and `1. ` numbered items (nested by two-space indents; an indented
 * line that is not an item continues the item above), pipe tables (a header row, a delimiter row,
 * rows until a line with no bar), paragraphs whose lines join with a space, **bold** and
 * *italics*. Citation markers [n] stay in the text.
 */
function answerBlocks(markdown: string): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  let paragraph: string[] | null = null;
  let item: Extract<AnswerBlock, { text: string }> | null = null;
  const lines = cleanText(markdown).split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const raw = lines[index] ?? '';
    const line = raw.trimEnd();
    const header = tableHead(line, lines[index + 1]);
    if (header) {
      // Rows until a line with no bar; short rows padded, long ones cut to the header's columns.
      const rows: string[][] = [];
      for (index += 2; index < lines.length; index += 1) {
        const cells = tableCells(lines[index] ?? '');
        if (!cells) break;
        rows.push(header.map((_, i) => cells[i] ?? ''));
      }
      index -= 1;
      blocks.push({ kind: 'table', header, rows });
      paragraph = null;
      item = null;
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (line.trim() === '') {
      paragraph = null;
      item = null;
    } else if (heading) {
      item = { kind: 'heading', level: (heading[1] ?? '#').length, text: heading[2] ?? '' };
      blocks.push(item);
      paragraph = null;
      item = null;
    } else if (bullet) {
      item = { kind: 'bullet', level: nesting(bullet[1] ?? ''), text: bullet[2] ?? '' };
      blocks.push(item);
      paragraph = null;
    } else if (numbered) {
      item = { kind: 'numbered', level: nesting(numbered[1] ?? ''), number: numbered[2] ?? '', text: numbered[3] ?? '' };
      blocks.push(item);
      paragraph = null;
    } else if (item && /^\s+\S/.test(raw)) {
      item.text += ` ${line.trim()}`;
    } else if (paragraph) {
      paragraph.push(line.trim());
    } else {
      item = null;
      paragraph = [line.trim()];
      blocks.push({ kind: 'paragraph', lines: paragraph });
    }
  }
  return blocks;
}

/**
 * The answer as the record's blocks: headings below the record's own (levels 3 and 4), bullet
 * lists, and numbered items that keep the number the answer gave them, so a duty referred to as
 * "3." reads the same in the record.
 */
function answerContent(markdown: string): Block[] {
  const out: Block[] = [];
  // The items of the list being filled: consecutive items of one kind make one list.
  let items: ListItem[] | null = null;
  let itemsOrdered = false;
  for (const block of answerBlocks(markdown)) {
    if (block.kind === 'bullet' || block.kind === 'numbered') {
      const ordered = block.kind === 'numbered';
      const item: ListItem = { content: inlineSpans(block.text), level: block.level, ...(ordered ? { number: block.number } : {}) };
      if (items && itemsOrdered === ordered) {
        items.push(item);
      } else {
        items = [item];
        itemsOrdered = ordered;
        out.push({ kind: 'list', ordered, items });
      }
      continue;
    }
    items = null;
    if (block.kind === 'table') {
      out.push({ kind: 'table', header: block.header.map(inlineSpans), rows: block.rows.map((row) => row.map(inlineSpans)) });
      continue;
    }
    if (block.kind === 'heading') out.push({ kind: 'heading', level: block.level <= 2 ? 3 : 4, content: inlineSpans(block.text) });
    else out.push({ kind: 'paragraph', content: inlineSpans(block.lines.join(' ')) });
  }
  return out;
}

/** Two spaces (or a tab) of indent per level, at most four levels. */
function nesting(indent: string): number {
  const width = indent.replace(/\t/g, '  ').length;
  return Math.min(3, Math.floor(width / 2));
}

/** Inline text as spans: **bold** (which may hold italics), then *italics* with no space just inside the stars. */
function inlineSpans(text: string): Span[] {
  const spans: Span[] = [];
  let last = 0;
  for (const match of text.matchAll(/\*\*(?=\S)(.+?)\*\*/g)) {
    if (match.index > last) spans.push(...italicSpans(text.slice(last, match.index), false));
    spans.push(...italicSpans(match[1] ?? '', true));
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push(...italicSpans(text.slice(last), false));
  return spans;
}

function italicSpans(text: string, bold: boolean): Span[] {
  const spans: Span[] = [];
  let last = 0;
  const styled = (part: string, italic: boolean): Span => ({
    text: part,
    ...(bold ? { bold: true } : {}),
    ...(italic ? { italic: true } : {}),
  });
  for (const match of text.matchAll(/\*(?=\S)([^*]*?\S)\*/g)) {
    if (match.index > last) spans.push(styled(text.slice(last, match.index), false));
    spans.push(styled(match[1] ?? '', true));
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push(styled(text.slice(last), false));
  return spans;
}

function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "Verity conversation - {title} - {YYYY-MM-DD}.docx", the date the UK date of the export. */
export function exportFileName(title: string, exportedAt: Date): string {
  return datedFileName({ label: RECORD_LABEL, title, date: exportedAt });
}
