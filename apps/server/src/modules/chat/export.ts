import { type ChatFeedbackRating, type ChatFilters, type Citation, chatSessionParamsSchema } from '@verity/shared';
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  Tab,
  TextRun,
} from 'docx';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../../app.ts';
import type { Database } from '../../db/connect.ts';
import { chatAttachments, documents, organisations, users } from '../../db/schema.ts';
import { authOf, requireAuth } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { createReadLimits } from '../../lib/read-limits.ts';
import { parseWith } from '../../lib/validate.ts';
import { type ChatMessageRow, type ChatOwner, type ChatSessionRow, getSession } from './service.ts';

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const SESSION_NOT_FOUND = 'The requested conversation could not be found.';
const TIME_ZONE = 'Europe/London';
/** The ASCII file name keeps this much of the title; the UTF-8 one (filename*) keeps it all. */
const FILE_NAME_TITLE_MAX = 80;

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
  const limits = createReadLimits({ store: deps.rateLimitStore, config })('chatExport');

  app.get('/chat/sessions/:id/export', { onRequest: requireAuth(['standard']), ...limits }, async (request, reply) => {
    const owner = ownerOf(request);
    const params = parseWith(chatSessionParamsSchema, request.params, 'params');
    const loaded = await loadConversationExport({ db, owner, sessionId: params.id, appUrl: config.APP_URL, exportedAt: new Date() });
    if (!loaded) throw notFound(SESSION_NOT_FOUND);
    const file = await buildConversationRecord(loaded);
    return reply
      .header('content-type', DOCX_CONTENT_TYPE)
      .header('content-disposition', contentDisposition(exportFileName(loaded.session.title, loaded.exportedAt)))
      .header('cache-control', 'private, no-store')
      .send(file);
  });
}

function ownerOf(request: FastifyRequest): ChatOwner {
  const { organisationId, userId } = authOf(request, ['standard']);
  return { organisationId, userId };
}

/** The conversation and what its record names, or null when the conversation is not the caller's. */
async function loadConversationExport(options: {
  db: Database;
  owner: ChatOwner;
  sessionId: string;
  appUrl: string;
  exportedAt: Date;
}): Promise<ConversationExport | null> {
  const { db, owner } = options;
  const found = await getSession({ db, owner, sessionId: options.sessionId });
  if (!found) return null;
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
          .where(
            and(
              inArray(chatAttachments.id, attachmentIds),
              eq(chatAttachments.sessionId, found.session.id),
              eq(chatAttachments.userId, owner.userId),
              eq(chatAttachments.organisationId, owner.organisationId),
            ),
          ),
    supersedingIds.length === 0
      ? []
      : db
          .select({ id: documents.id, edition: documents.edition })
          .from(documents)
          .where(
            and(
              inArray(documents.id, supersedingIds),
              or(isNull(documents.organisationId), eq(documents.organisationId, owner.organisationId)),
            ),
          ),
  ]);
  if (!organisation || !user) return null;
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
// The document

const QUOTE_STYLE = 'SourceQuote';
const DETAIL_STYLE = 'RecordDetail';
const ACCENT = '005EB8';
const MUTED = '4C6272';

/** One question and the answer given to it (an answer may be missing, e.g. while it was being written). */
interface Exchange {
  question: ChatMessageRow | null;
  answer: ChatMessageRow | null;
}

/** The conversation as a .docx evidence record (see docs/api-contract.md, "Export"). */
async function buildConversationRecord(record: ConversationExport): Promise<Buffer> {
  const exchanges = pairExchanges(record.messages);
  const title = clean(record.session.title);
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(`Verity conversation — ${title}`)] }),
    detail('Organisation', clean(record.organisationName)),
    detail('Exported by', `${clean(record.exportedBy.name)} (${clean(record.exportedBy.email)})`),
    detail('Exported at', formatDateTime(record.exportedAt)),
    detail('Conversation started', formatDateTime(record.session.createdAt)),
    detail('Questions', String(exchanges.filter((exchange) => exchange.question).length)),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('About this record')] }),
    ...statement(record, exchanges).map((text) => new Paragraph({ children: [new TextRun(text)] })),
  ];
  if (exchanges.length === 0) {
    children.push(new Paragraph({ children: [new TextRun('This conversation has no questions yet.')] }));
  }
  exchanges.forEach((exchange, index) => {
    children.push(...exchangeParagraphs(record, exchange, index + 1));
  });

  const document = new Document({
    title: `Verity conversation — ${title}`,
    subject: 'Conversation record with cited sources',
    creator: 'Verity',
    description: `Exported by ${clean(record.exportedBy.name)} for ${clean(record.organisationName)}`,
    styles: {
      default: {
        document: { run: { font: 'Arial', size: 22 }, paragraph: { spacing: { after: 120 } } },
        title: { run: { font: 'Arial', size: 40, bold: true, color: ACCENT }, paragraph: { spacing: { after: 240 } } },
        heading1: {
          run: { font: 'Arial', size: 30, bold: true, color: ACCENT },
          paragraph: { spacing: { before: 360, after: 120 }, keepNext: true },
        },
        heading2: { run: { font: 'Arial', size: 26, bold: true }, paragraph: { spacing: { before: 240, after: 120 }, keepNext: true } },
        heading3: { run: { font: 'Arial', size: 24, bold: true }, paragraph: { spacing: { before: 200, after: 80 }, keepNext: true } },
        heading4: { run: { font: 'Arial', size: 22, bold: true }, paragraph: { spacing: { before: 160, after: 80 }, keepNext: true } },
      },
      paragraphStyles: [
        {
          id: QUOTE_STYLE,
          name: 'Source quote',
          basedOn: 'Normal',
          next: 'Normal',
          run: { color: '212B32' },
          paragraph: {
            indent: { left: 567, right: 284 },
            spacing: { before: 60, after: 120 },
            border: { left: { style: BorderStyle.SINGLE, size: 18, color: ACCENT, space: 8 } },
          },
        },
        {
          id: DETAIL_STYLE,
          name: 'Record detail',
          basedOn: 'Normal',
          next: 'Normal',
          run: { size: 20, color: MUTED },
          paragraph: { spacing: { after: 60 } },
        },
      ],
    },
    sections: [
      {
        properties: { page: { margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } },
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [new TextRun({ text: `Verity conversation record · ${clean(record.organisationName)}`, size: 16, color: MUTED })],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    size: 16,
                    color: MUTED,
                    children: [
                      'Page ',
                      PageNumber.CURRENT,
                      ' of ',
                      PageNumber.TOTAL_PAGES,
                      ` · exported ${formatDateTime(record.exportedAt)}`,
                    ],
                  }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
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
    `This is a record of a conversation with Verity's assistant, exported from Verity. The answers were generated by ${by} from ${clean(record.organisationName)}'s regulatory library in Verity: the shared library of regulations, guidance and standards${internal ? ", together with the organisation's own internal documents where a question included them" : ''}.`,
    'A numbered marker such as [1] in an answer points at the source listed after that answer. Each source gives the document, its edition and status, the passage the answer relied upon, quoted in full as it stood when the answer was given, and a link that opens the document in Verity with that passage highlighted.',
    'The answers support, and do not replace, professional judgement: check the cited documents before acting on them.',
  ];
}

function exchangeParagraphs(record: ConversationExport, exchange: Exchange, number: number): Paragraph[] {
  const out: Paragraph[] = [new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(`Question ${number}`)] })];
  const { question, answer } = exchange;
  if (question) {
    out.push(...plainParagraphs(question.content));
    out.push(detail('Asked', formatDateTime(question.createdAt)));
    out.push(detail('Mode', question.mode === 'draft' ? 'Draft (a structured policy section)' : 'Answer'));
    out.push(detail('Filters', describeFilters(question.filters)));
    out.push(detail('Internal documents', question.includeInternal ? 'Included' : 'Not included'));
    if (question.attachmentIds.length > 0) {
      const names = question.attachmentIds.map((id) => record.attachmentNames.get(id) ?? 'a file no longer available');
      out.push(detail('Attached files', names.map(clean).join(', ')));
    }
  }
  out.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Answer')] }));
  if (!answer) {
    out.push(note('No answer was recorded for this question.'));
    return out;
  }
  if (answer.status === 'error') {
    out.push(note('This answer could not be completed because of an error; no answer text was kept.'));
  } else {
    out.push(...markdownParagraphs(answer.content));
    if (answer.status === 'stopped') {
      out.push(note('This answer was stopped before it was complete; the text above is what had been written by then.'));
    }
  }
  out.push(detail('Answered', formatDateTime(answer.createdAt)));
  out.push(detail('Engine', answer.engine ? engineLabel(answer.engine) : 'Not recorded'));
  out.push(detail('Feedback', describeFeedback(answer.feedback, answer.feedbackComment)));
  if (answer.status === 'error') return out;

  out.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Sources')] }));
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
  for (const citation of answer.citations) out.push(...citationParagraphs(record, citation));
  return out;
}

function citationParagraphs(record: ConversationExport, citation: Citation): Paragraph[] {
  const out: Paragraph[] = [];
  if (citation.source === 'attachment') {
    out.push(
      new Paragraph({
        keepNext: true,
        children: [new TextRun({ text: `[${citation.n}] Attached file: ${clean(citation.title)}`, bold: true })],
      }),
      detailLine('A file attached to this conversation; it is not part of the library.'),
    );
  } else {
    const heading = [citation.code, citation.title].map(clean).filter((part) => part.length > 0);
    out.push(
      new Paragraph({ keepNext: true, children: [new TextRun({ text: `[${citation.n}] ${heading.join(' — ')}`, bold: true })] }),
      detailLine(`Edition: ${clean(citation.edition) || 'not stated'} · Status: ${describeStatus(record, citation)}`),
    );
  }
  out.push(...quoteParagraphs(citation.quote));
  if (citation.source === 'library') {
    const link = wikiLink(record.appUrl, citation);
    out.push(
      new Paragraph({
        style: DETAIL_STYLE,
        children: [
          new TextRun('Open in Verity: '),
          new ExternalHyperlink({ link, children: [new TextRun({ text: link, style: 'Hyperlink' })] }),
        ],
      }),
    );
  }
  return out;
}

function describeStatus(record: ConversationExport, citation: Citation): string {
  if (citation.status !== 'superseded') return 'Current';
  const current = citation.superseded_by;
  if (!current) return 'Superseded (no current edition is in the library)';
  const edition = record.currentEditions.get(current.id);
  return `Superseded — current edition: ${clean(current.code)}${edition ? ` ${clean(edition)}` : ''}`;
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
  const chosen = parts.filter(([, values]) => values.length > 0).map(([label, values]) => `${label}: ${values.map(clean).join(', ')}`);
  return chosen.length === 0 ? 'None (the whole library)' : chosen.join('; ');
}

function describeFeedback(rating: ChatFeedbackRating | null, comment: string | null): string {
  if (!rating) return 'None given';
  const verdict = rating === 'up' ? 'Helpful (thumbs up)' : 'Not helpful (thumbs down)';
  return comment ? `${verdict}, with the comment: “${clean(comment)}”` : verdict;
}

/** The engine an answer records, as a reader would name it ('builtin', 'provider:openai:gpt-4o-mini', …). */
function engineLabel(engine: string): string {
  if (engine === 'builtin') return "Verity's built-in engine (offline; answers composed from quoted passages)";
  const [kind, provider, ...model] = engine.split(':');
  if (kind !== 'provider' || !provider) return clean(engine);
  const name =
    { openai: 'OpenAI', azure: 'Azure OpenAI', anthropic: 'Anthropic', 'openai-compatible': 'an OpenAI-compatible model server' }[
      provider
    ] ?? clean(provider);
  const modelName = clean(model.join(':'));
  return modelName ? `${name} (model ${modelName})` : name;
}

function detail(label: string, value: string): Paragraph {
  return new Paragraph({ style: DETAIL_STYLE, children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(value)] });
}

function detailLine(text: string): Paragraph {
  return new Paragraph({ style: DETAIL_STYLE, children: [new TextRun(text)] });
}

function note(text: string): Paragraph {
  return new Paragraph({ children: [new TextRun({ text, italics: true, color: MUTED })] });
}

/** Text as typed (a question): one paragraph per blank-line-separated block, line breaks kept. */
function plainParagraphs(text: string): Paragraph[] {
  return clean(text)
    .split(/\n\s*\n/)
    .filter((block) => block.trim().length > 0)
    .map((block) => new Paragraph({ children: linesAsRuns(block.trim().split('\n')) }));
}

/** A quoted passage, in full, in the quote style (its lines, such as table rows, kept). */
function quoteParagraphs(quote: string): Paragraph[] {
  const text = clean(quote).trim();
  if (text.length === 0) return [];
  return text.split(/\n\s*\n/).map((block) => new Paragraph({ style: QUOTE_STYLE, children: linesAsRuns(block.trim().split('\n')) }));
}

function linesAsRuns(lines: readonly string[]): TextRun[] {
  return lines.map((line, index) => new TextRun({ text: line, break: index > 0 ? 1 : undefined }));
}

type AnswerBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'bullet'; level: number; text: string }
  | { kind: 'numbered'; level: number; number: string; text: string };

const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?$/;
const BULLET = /^(\s*)[-*+•]\s+(.*)$/;
const NUMBERED = /^(\s*)(\d{1,4})[.)]\s+(.*)$/;

/**
 * An answer's Markdown subset, read as the chat page reads it (apps/web answer-format.ts):
 * `#` headings, `- ` bullets and `1. ` numbered items (nested by two-space indents; an indented
 * line that is not an item continues the item above), paragraphs whose lines join with a space,
 * **bold** and *italics*. Citation markers [n] stay in the text.
 */
function answerBlocks(markdown: string): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  let paragraph: string[] | null = null;
  let item: Extract<AnswerBlock, { text: string }> | null = null;
  for (const raw of clean(markdown).split('\n')) {
    const line = raw.trimEnd();
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
 * The answer as Word paragraphs: headings below the record's own (Heading 3 and 4), real bullet
 * lists, and numbered items that keep the number the answer gave them, so a duty referred to as
 * "3." reads the same in the record.
 */
function markdownParagraphs(markdown: string): Paragraph[] {
  return answerBlocks(markdown).map((block) => {
    switch (block.kind) {
      case 'heading':
        return new Paragraph({
          heading: block.level <= 2 ? HeadingLevel.HEADING_3 : HeadingLevel.HEADING_4,
          children: inlineRuns(block.text),
        });
      case 'bullet':
        return new Paragraph({ bullet: { level: block.level }, children: inlineRuns(block.text) });
      case 'numbered':
        return new Paragraph({
          indent: { left: 567 * (block.level + 1), hanging: 425 },
          children: [new TextRun(`${block.number}.`), new TextRun({ children: [new Tab()] }), ...inlineRuns(block.text)],
        });
      default:
        return new Paragraph({ children: inlineRuns(block.lines.join(' ')) });
    }
  });
}

/** Two spaces (or a tab) of indent per level, at most four levels. */
function nesting(indent: string): number {
  const width = indent.replace(/\t/g, '  ').length;
  return Math.min(3, Math.floor(width / 2));
}

/** Inline text as runs: **bold** (which may hold italics), then *italics* with no space just inside the stars. */
function inlineRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(/\*\*(?=\S)(.+?)\*\*/g)) {
    if (match.index > last) runs.push(...italicRuns(text.slice(last, match.index), false));
    runs.push(...italicRuns(match[1] ?? '', true));
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push(...italicRuns(text.slice(last), false));
  return runs;
}

function italicRuns(text: string, bold: boolean): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  const styled = (part: string, italics: boolean) =>
    new TextRun({ text: part, ...(bold ? { bold: true } : {}), ...(italics ? { italics: true } : {}) });
  for (const match of text.matchAll(/\*(?=\S)([^*]*?\S)\*/g)) {
    if (match.index > last) runs.push(styled(text.slice(last, match.index), false));
    runs.push(styled(match[1] ?? '', true));
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push(styled(text.slice(last), false));
  return runs;
}

/** Characters XML 1.0 cannot hold (Word refuses the file) removed; new lines normalised. */
function clean(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being removed
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
  );
}

function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "22 November 2026 at 09:05 GMT" (UK time, with BST in summer). */
export function formatDateTime(date: Date): string {
  return dateTimeFormat.format(date);
}

/** The export date in UK time as YYYY-MM-DD, for the file name. */
function isoDate(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    date,
  );
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** "Verity conversation - {title} - {YYYY-MM-DD}.docx" with the title as typed (no path or control characters). */
export function exportFileName(title: string, exportedAt: Date): string {
  const safeTitle = clean(title)
    .replace(/[\\/:*?"<>|\u007F-\u009F]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `Verity conversation - ${safeTitle || 'Untitled'} - ${isoDate(exportedAt)}.docx`;
}

/**
 * Content-Disposition for a download: an ASCII `filename` any client understands (accents
 * stripped, other characters dropped, the title shortened) and the exact `filename*` in UTF-8.
 */
export function contentDisposition(fileName: string): string {
  const match = /^(Verity conversation - )(.*)( - \d{4}-\d{2}-\d{2}\.docx)$/.exec(fileName);
  const [prefix, title, suffix] = match ? [match[1] ?? '', match[2] ?? '', match[3] ?? ''] : ['', fileName, ''];
  let ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '')
    .replace(/[–—]/g, '-')
    .replace(/[^A-Za-z0-9 '&()+,.\-_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (ascii.length > FILE_NAME_TITLE_MAX) ascii = `${ascii.slice(0, FILE_NAME_TITLE_MAX).trimEnd()}...`;
  const asciiName = `${prefix}${ascii || 'Untitled'}${suffix}`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encoded}`;
}
