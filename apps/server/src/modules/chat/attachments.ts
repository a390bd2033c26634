/**
 * Files attached to a conversation to ask about: uploaded as multipart, parsed at once with the
 * ingestion parsers (PDF, Word .docx, plain text or Markdown) and kept with their elements. An
 * attachment belongs to one user and one conversation: it is never part of the library, the wiki,
 * search, or anyone else's retrieval, and it is deleted with its conversation (foreign-key cascade).
 *
 * A question names the files it is asked about (attachment_ids); the files of earlier questions of
 * the same conversation stay in scope for later questions. A file can be removed only until a
 * question has used it (after that the answers cite it, so it stays): 409 otherwise.
 */
import { createHash } from 'node:crypto';
import { type ChatAttachment, type ChatMessage, ERROR_CODES } from '@verity/shared';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type AttachmentSource, withoutFileText } from '../../ai/attachment-passages.ts';
import type { Database } from '../../db/connect.ts';
import { chatAttachments, chatMessages, chatSessions } from '../../db/schema.ts';
import type { ParsedElement } from '../../ingest/markdown.ts';
import { parseUntrustedFile } from '../../untrusted/pool.ts';
import { type ParsedDocument, UnreadableFileError } from '../../ingest/parse.ts';
import { ACCEPTED_TYPES_MESSAGE } from '../../ingest/sniff.ts';
import { AppError, catalogued, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { createRateLimiter, type RateLimiter, type RateLimitStore } from '../../lib/rate-limit.ts';
import { formatMegabytes } from '../../lib/uploads.ts';
import {
  attachmentNotFound,
  type ConversationOwner,
  conversationNotFound,
  ownAttachments,
  ownConversation,
} from '../../core/policies/conversations.ts';
import { type ChatMessageRow, findSession, presentMessage } from './conversations.ts';

type ChatAttachmentRow = typeof chatAttachments.$inferSelect;
/** An attachment without its elements (what listing and presenting need). */
type AttachmentSummaryRow = Omit<ChatAttachmentRow, 'elements'>;

export const ATTACHMENT_NOT_IN_CONVERSATION = 'An attachment could not be found in this conversation';
export const CHAT_ACCEPTED_TYPES_MESSAGE = 'Attach a PDF, Word (.docx) or plain text (.txt or Markdown) file.';
const ATTACHMENT_IN_USE = 'This file has been asked about in this conversation, so it stays with the answers that use it.';
/** Files one conversation may hold: plenty for real work, and a bound on what one conversation stores. */
export const CHAT_SESSION_ATTACHMENTS_MAX = 20;
const TITLE_MAX_LENGTH = 200;

/** The refusal of a file (or a body) over the attachment size limit. */
export function attachmentTooLarge(maxBytes: number): AppError {
  return catalogued(413, 'fileTooLarge', `The file is larger than the ${formatMegabytes(maxBytes)} limit for attachments.`);
}

/** Parsing a file costs more than answering from it: uploads have a per-user limit of their own. */
export function createUploadLimiter(options: { store: RateLimitStore; perMinute: number }): RateLimiter {
  return createRateLimiter({ store: options.store, name: 'chat:attachments', limit: options.perMinute, windowMs: 60_000 });
}

const summaryColumns = {
  id: chatAttachments.id,
  organisationId: chatAttachments.organisationId,
  userId: chatAttachments.userId,
  sessionId: chatAttachments.sessionId,
  fileName: chatAttachments.fileName,
  format: chatAttachments.format,
  size: chatAttachments.size,
  sha256: chatAttachments.sha256,
  title: chatAttachments.title,
  pages: chatAttachments.pages,
  createdAt: chatAttachments.createdAt,
};

export function presentAttachment(row: AttachmentSummaryRow): ChatAttachment {
  return {
    id: row.id,
    file_name: row.fileName,
    title: row.title,
    format: row.format === 'pdf' || row.format === 'docx' ? row.format : 'text',
    size: row.size,
    pages: row.pages,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Store a parsed file in the caller's conversation; null when the conversation is not the caller's
 * (or was deleted meanwhile), 'full' when it already holds CHAT_SESSION_ATTACHMENTS_MAX files.
 * The conversation row is locked, so two uploads cannot both take the last place.
 */
async function createAttachment(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
  fileName: string;
  bytes: Uint8Array;
  parsed: ParsedDocument;
  /** CHAT_ATTACHMENT_MAX_CHARACTERS: the text of all the conversation's files together. */
  maxCharacters: number;
}): Promise<AttachmentSummaryRow | 'full' | 'too_much_text' | null> {
  const { db, owner, sessionId, parsed } = options;
  return withoutFileText('storing an attachment', () =>
    db.transaction(async (tx) => {
      const [session] = await tx.select({ id: chatSessions.id }).from(chatSessions).where(ownConversation(owner, sessionId)).for('update');
      if (!session) return null;
      const [held] = await tx
        .select({ n: sql<number>`count(*)::int`, text: sql<number>`coalesce(sum(length(${chatAttachments.elements}::text)), 0)::int` })
        .from(chatAttachments)
        .where(ownAttachments(owner, sessionId));
      if (Number(held?.n ?? 0) >= CHAT_SESSION_ATTACHMENTS_MAX) return 'full' as const;
      // Every question scores the conversation's files: their text together is bounded, so that work is too.
      if (Number(held?.text ?? 0) + JSON.stringify(parsed.elements).length > options.maxCharacters) return 'too_much_text' as const;
      const [row] = await tx
        .insert(chatAttachments)
        .values({
          id: newId(),
          organisationId: owner.organisationId,
          userId: owner.userId,
          sessionId,
          fileName: options.fileName,
          // Markdown is text to the chat: the contract knows PDF, Word and text.
          format: parsed.format === 'pdf' || parsed.format === 'docx' ? parsed.format : 'text',
          size: options.bytes.byteLength,
          sha256: createHash('sha256').update(options.bytes).digest('hex'),
          title: attachmentTitle(parsed.title, options.fileName),
          elements: parsed.elements,
          pages: parsed.format === 'pdf' ? parsed.pageCount : null,
        })
        .returning(summaryColumns);
      if (!row) throw new Error('chat attachment insert returned nothing');
      return row;
    }),
  );
}

/** The document's own title, white space collapsed and cut to a sensible length, or the file name. */
function attachmentTitle(title: string | null, fileName: string): string {
  const text = (title ?? '').replace(/\s+/g, ' ').trim();
  if (text.length === 0) return fileName;
  if (text.length <= TITLE_MAX_LENGTH) return text;
  return `${text.slice(0, TITLE_MAX_LENGTH - 1).trimEnd()}…`;
}

/** The attachments of a conversation of the caller's, oldest first. */
export async function listAttachments(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
}): Promise<AttachmentSummaryRow[]> {
  if (!(await findSession(options))) throw conversationNotFound();
  return options.db
    .select(summaryColumns)
    .from(chatAttachments)
    .where(ownAttachments(options.owner, options.sessionId))
    .orderBy(asc(chatAttachments.createdAt), asc(chatAttachments.id));
}

/** The given attachments of the caller's conversation (any other id is simply absent). */
export async function findAttachments(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
  ids: readonly string[];
}): Promise<AttachmentSummaryRow[]> {
  if (options.ids.length === 0) return [];
  return options.db
    .select(summaryColumns)
    .from(chatAttachments)
    .where(and(ownAttachments(options.owner, options.sessionId), inArray(chatAttachments.id, [...options.ids])));
}

/**
 * Remove an attachment no question has used yet (409 once one has: the answers cite it), in one
 * statement so a question cannot slip in between.
 */
export async function deleteAttachment(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
  attachmentId: string;
}): Promise<void> {
  const { db, owner, sessionId, attachmentId } = options;
  if (!(await findSession({ db, owner, sessionId }))) throw conversationNotFound();
  const target = and(ownAttachments(owner, sessionId), eq(chatAttachments.id, attachmentId));
  const used = sql`exists (select 1 from ${chatMessages} where ${chatMessages.sessionId} = ${sessionId} and ${attachmentId} = any(${chatMessages.attachmentIds}))`;
  const deleted = await db
    .delete(chatAttachments)
    .where(and(target, sql`not ${used}`))
    .returning({ id: chatAttachments.id });
  if (deleted.length > 0) return;
  const [exists] = await db.select({ id: chatAttachments.id }).from(chatAttachments).where(target);
  throw exists ? new AppError(409, ATTACHMENT_IN_USE) : attachmentNotFound();
}

/**
 * The files in scope for answering a question: those attached to it, then those of the earlier
 * questions of its conversation (a later question may still be about them), with their elements
 * for retrieval; and the question's own attachments as presented with it.
 */
export async function attachmentsInScope(options: {
  db: Database;
  owner: ConversationOwner;
  question: ChatMessageRow;
}): Promise<{ sources: AttachmentSource[]; question: ChatAttachment[] }> {
  const { db, owner, question } = options;
  const earlier = await db
    .select({ ids: chatMessages.attachmentIds })
    .from(chatMessages)
    .where(
      and(eq(chatMessages.sessionId, question.sessionId), eq(chatMessages.role, 'user'), lt(chatMessages.position, question.position)),
    );
  const own = new Set(question.attachmentIds);
  const ids = [...new Set([...question.attachmentIds, ...earlier.flatMap((row) => row.ids)])];
  if (ids.length === 0) return { sources: [], question: [] };
  const rows = await db
    .select()
    .from(chatAttachments)
    .where(and(ownAttachments(owner, question.sessionId), inArray(chatAttachments.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.map((id) => byId.get(id)).filter((row): row is ChatAttachmentRow => row !== undefined);
  return {
    sources: ordered.map((row) => ({
      id: row.id,
      title: row.title,
      elements: row.elements as ParsedElement[],
      current: own.has(row.id),
    })),
    question: ordered.filter((row) => own.has(row.id)).map(presentAttachment),
  };
}

/** Messages as the browser sees them, each question with its attachments (in the order they were given). */
export async function presentMessages(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
  messages: readonly ChatMessageRow[];
}): Promise<ChatMessage[]> {
  const ids = [...new Set(options.messages.flatMap((message) => message.attachmentIds))];
  const rows = await findAttachments({ db: options.db, owner: options.owner, sessionId: options.sessionId, ids });
  const byId = new Map(rows.map((row) => [row.id, presentAttachment(row)]));
  return options.messages.map((message) =>
    presentMessage(
      message,
      message.attachmentIds.map((id) => byId.get(id)).filter((attachment): attachment is ChatAttachment => attachment !== undefined),
    ),
  );
}

/** A refusal of the file itself: 422, naming the file field, with the catalogue's code when it is the wrong kind of file. */
function fileRefused(message: string, unsupported: boolean): AppError {
  const entry = ERROR_CODES.unsupportedDocument;
  return new AppError(422, message, {
    detail: [{ loc: ['body', 'file'], msg: message }],
    ...(unsupported ? { errorCode: entry.code, errorTitle: entry.title } : {}),
  });
}

/** The parser's reason for refusing a file, worded for the chat (which takes fewer types than the library). */
function unreadable(error: UnreadableFileError): AppError {
  if (error.reason === 'unsupported_type') {
    const message = error.message.includes(ACCEPTED_TYPES_MESSAGE)
      ? error.message.replace(ACCEPTED_TYPES_MESSAGE, CHAT_ACCEPTED_TYPES_MESSAGE)
      : `${error.message} ${CHAT_ACCEPTED_TYPES_MESSAGE}`;
    return fileRefused(message, true);
  }
  const message = error.reason === 'no_text' && !error.message.includes('PDF') ? 'The file contains no text to ask about.' : error.message;
  return fileRefused(message.replace(/ before ingestion\.$/, ' before it can be attached.'), false);
}

/**
 * Parse a file and keep it in a conversation of the caller's. Refused, in this order: an empty
 * file, the caller's upload rate limit, a file the parsers cannot read or a chat does not take
 * (422, or 413 past the size limit), a conversation that is not the caller's (deleted meanwhile)
 * and a conversation already holding CHAT_SESSION_ATTACHMENTS_MAX files.
 */
export async function attachFile(options: {
  db: Database;
  limiter: RateLimiter;
  owner: ConversationOwner;
  sessionId: string;
  file: Blob;
  fileName: string;
  maxBytes: number;
  maxCharacters: number;
}): Promise<AttachmentSummaryRow> {
  const { db, owner, sessionId, file, fileName, maxBytes } = options;
  if (file.size === 0) throw fileRefused('The file is empty.', false);
  await options.limiter.consume(`${owner.organisationId}:${owner.userId}`);

  const bytes = new Uint8Array(await file.arrayBuffer());
  let parsed: ParsedDocument;
  try {
    parsed = await parseUntrustedFile({ bytes, filename: fileName, maxBytes, owner: owner.userId });
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error.reason === 'too_large' ? attachmentTooLarge(maxBytes) : unreadable(error);
    throw error;
  }
  // The ingestion parsers read web pages too; a chat attachment is a document, not a page.
  if (parsed.format === 'html') {
    throw fileRefused(`This file is a web page (HTML). ${CHAT_ACCEPTED_TYPES_MESSAGE}`, true);
  }
  const stored = await createAttachment({ db, owner, sessionId, fileName, bytes, parsed, maxCharacters: options.maxCharacters });
  if (stored === null) throw conversationNotFound();
  if (stored === 'too_much_text') {
    throw validationError([
      {
        loc: ['body', 'file'],
        msg: `A conversation's files can hold about ${options.maxCharacters.toLocaleString('en-GB')} characters of text in all, and this file would take it past that. Attach only the part you want to ask about, or start a new conversation.`,
      },
    ]);
  }
  if (stored === 'full') {
    throw validationError([
      {
        loc: ['body', 'file'],
        msg: `A conversation holds at most ${CHAT_SESSION_ATTACHMENTS_MAX} files. Start a new conversation to ask about more.`,
      },
    ]);
  }
  return stored;
}
