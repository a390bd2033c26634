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
import { type ChatAttachment, type ChatMessage, chatSessionParamsSchema, ERROR_CODES, isChatId } from '@verity/shared';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AttachmentSource, withoutFileText } from '../../ai/attachment-passages.ts';
import type { RouteDeps } from '../../app.ts';
import type { Database } from '../../db/connect.ts';
import { chatAttachments, chatMessages, chatSessions } from '../../db/schema.ts';
import type { ParsedElement } from '../../ingest/markdown.ts';
import { parseUntrustedFile } from '../../ingest/isolated.ts';
import { type ParsedDocument, UnreadableFileError } from '../../ingest/parse.ts';
import { ACCEPTED_TYPES_MESSAGE } from '../../ingest/sniff.ts';
import { authOf, requireAuth } from '../../lib/auth.ts';
import { AppError, catalogued, notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { acceptMultipart, formatMegabytes, formFile, readForm } from '../../lib/uploads.ts';
import { parseWith } from '../../lib/validate.ts';
import { type ChatMessageRow, type ChatOwner, findSession, presentMessage } from './service.ts';

type ChatAttachmentRow = typeof chatAttachments.$inferSelect;
/** An attachment without its elements (what listing and presenting need). */
type AttachmentSummaryRow = Omit<ChatAttachmentRow, 'elements'>;

const SESSION_NOT_FOUND = 'The requested conversation could not be found.';
const ATTACHMENT_NOT_FOUND = 'The requested attachment could not be found.';
export const ATTACHMENT_NOT_IN_CONVERSATION = 'An attachment could not be found in this conversation';
export const CHAT_ACCEPTED_TYPES_MESSAGE = 'Attach a PDF, Word (.docx) or plain text (.txt or Markdown) file.';
const ATTACHMENT_IN_USE = 'This file has been asked about in this conversation, so it stays with the answers that use it.';
/** Files one conversation may hold: plenty for real work, and a bound on what one conversation stores. */
export const CHAT_SESSION_ATTACHMENTS_MAX = 20;
const TITLE_MAX_LENGTH = 200;
// Room for the multipart framing on top of the largest file allowed.
const FORM_OVERHEAD_BYTES = 64 * 1024;

const attachmentParamsSchema = z.object({
  id: z.string().refine(isChatId, 'A conversation id is 26 letters or digits'),
  attachmentId: z.string().refine(isChatId, 'An attachment id is 26 letters or digits'),
});

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

/** Attachments of the caller's conversation only: the owner and the conversation must both match. */
const ownedBy = (owner: ChatOwner, sessionId: string) =>
  and(
    eq(chatAttachments.sessionId, sessionId),
    eq(chatAttachments.organisationId, owner.organisationId),
    eq(chatAttachments.userId, owner.userId),
  );

function presentAttachment(row: AttachmentSummaryRow): ChatAttachment {
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
  owner: ChatOwner;
  sessionId: string;
  fileName: string;
  bytes: Uint8Array;
  parsed: ParsedDocument;
}): Promise<AttachmentSummaryRow | 'full' | null> {
  const { db, owner, sessionId, parsed } = options;
  return withoutFileText('storing an attachment', () =>
    db.transaction(async (tx) => {
      const [session] = await tx
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .where(
          and(eq(chatSessions.id, sessionId), eq(chatSessions.organisationId, owner.organisationId), eq(chatSessions.userId, owner.userId)),
        )
        .for('update');
      if (!session) return null;
      const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(chatAttachments).where(ownedBy(owner, sessionId));
      if (Number(held?.n ?? 0) >= CHAT_SESSION_ATTACHMENTS_MAX) return 'full' as const;
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

/** The caller's conversation's attachments, oldest first. */
async function listAttachments(options: { db: Database; owner: ChatOwner; sessionId: string }): Promise<AttachmentSummaryRow[]> {
  return options.db
    .select(summaryColumns)
    .from(chatAttachments)
    .where(ownedBy(options.owner, options.sessionId))
    .orderBy(asc(chatAttachments.createdAt), asc(chatAttachments.id));
}

/** The given attachments of the caller's conversation (any other id is simply absent). */
export async function findAttachments(options: {
  db: Database;
  owner: ChatOwner;
  sessionId: string;
  ids: readonly string[];
}): Promise<AttachmentSummaryRow[]> {
  if (options.ids.length === 0) return [];
  return options.db
    .select(summaryColumns)
    .from(chatAttachments)
    .where(and(ownedBy(options.owner, options.sessionId), inArray(chatAttachments.id, [...options.ids])));
}

type DeleteAttachmentResult = 'deleted' | 'not_found' | 'in_use';

/** Remove an attachment no question has used yet, in one statement so a question cannot slip in between. */
async function deleteAttachment(options: {
  db: Database;
  owner: ChatOwner;
  sessionId: string;
  attachmentId: string;
}): Promise<DeleteAttachmentResult> {
  const { db, owner, sessionId, attachmentId } = options;
  const target = and(ownedBy(owner, sessionId), eq(chatAttachments.id, attachmentId));
  const used = sql`exists (select 1 from ${chatMessages} where ${chatMessages.sessionId} = ${sessionId} and ${attachmentId} = any(${chatMessages.attachmentIds}))`;
  const deleted = await db
    .delete(chatAttachments)
    .where(and(target, sql`not ${used}`))
    .returning({ id: chatAttachments.id });
  if (deleted.length > 0) return 'deleted';
  const [exists] = await db.select({ id: chatAttachments.id }).from(chatAttachments).where(target);
  return exists ? 'in_use' : 'not_found';
}

/**
 * The files in scope for answering a question: those attached to it, then those of the earlier
 * questions of its conversation (a later question may still be about them), with their elements
 * for retrieval; and the question's own attachments as presented with it.
 */
export async function attachmentsInScope(options: {
  db: Database;
  owner: ChatOwner;
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
    .where(and(ownedBy(owner, question.sessionId), inArray(chatAttachments.id, ids)));
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
  owner: ChatOwner;
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

function ownerOf(request: FastifyRequest): ChatOwner {
  const { organisationId, userId } = authOf(request, ['standard']);
  return { organisationId, userId };
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
 * Routes under /api/chat/sessions/{id}/attachments. Standard role only; the conversation must be
 * the caller's (anyone else's answers exactly like a missing one, before the file is read).
 */
export async function chatAttachmentRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  const maxBytes = config.CHAT_ATTACHMENT_MAX_BYTES;
  const tooLarge = () => catalogued(413, 'fileTooLarge', `The file is larger than the ${formatMegabytes(maxBytes)} limit for attachments.`);
  const standardOnly = { onRequest: requireAuth(['standard']) };
  // Parsing a file costs more than answering from it: uploads have a per-user limit of their own.
  const limiter = createRateLimiter({
    store: deps.rateLimitStore,
    name: 'chat:attachments',
    limit: config.CHAT_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
  });

  // A scope of its own: the upload reads multipart itself, with the attachment size as its limit.
  await app.register(async (scope) => {
    acceptMultipart(scope, maxBytes + FORM_OVERHEAD_BYTES, tooLarge);

    scope.post(
      '/chat/sessions/:id/attachments',
      {
        ...standardOnly,
        // Before the body is read: someone else's (or no) conversation is refused without taking the upload.
        preParsing: async (request) => {
          const params = parseWith(chatSessionParamsSchema, request.params, 'params');
          if (!(await findSession({ db, owner: ownerOf(request), sessionId: params.id }))) throw notFound(SESSION_NOT_FOUND);
        },
      },
      async (request, reply): Promise<ChatAttachment> => {
        const owner = ownerOf(request);
        const params = parseWith(chatSessionParamsSchema, request.params, 'params');
        const form = await readForm(request, 'Send the file as multipart/form-data in the file field');
        const { file: upload, filename: fileName } = formFile(form, maxBytes, tooLarge);
        if (upload.size === 0) throw fileRefused('The file is empty.', false);
        await limiter.consume(`${owner.organisationId}:${owner.userId}`);

        const bytes = new Uint8Array(await upload.arrayBuffer());
        let parsed: ParsedDocument;
        try {
          parsed = await parseUntrustedFile({ bytes, filename: fileName, maxBytes });
        } catch (error) {
          if (error instanceof UnreadableFileError) throw error.reason === 'too_large' ? tooLarge() : unreadable(error);
          throw error;
        }
        // The ingestion parsers read web pages too; a chat attachment is a document, not a page.
        if (parsed.format === 'html') {
          throw fileRefused(`This file is a web page (HTML). ${CHAT_ACCEPTED_TYPES_MESSAGE}`, true);
        }
        const stored = await createAttachment({ db, owner, sessionId: params.id, fileName, bytes, parsed });
        if (stored === null) throw notFound(SESSION_NOT_FOUND);
        if (stored === 'full') {
          throw validationError([
            {
              loc: ['body', 'file'],
              msg: `A conversation holds at most ${CHAT_SESSION_ATTACHMENTS_MAX} files. Start a new conversation to ask about more.`,
            },
          ]);
        }
        reply.status(201).header('location', `/api/chat/sessions/${params.id}/attachments/${stored.id}`);
        return presentAttachment(stored);
      },
    );
  });

  app.get('/chat/sessions/:id/attachments', standardOnly, async (request): Promise<{ attachments: ChatAttachment[] }> => {
    const owner = ownerOf(request);
    const params = parseWith(chatSessionParamsSchema, request.params, 'params');
    if (!(await findSession({ db, owner, sessionId: params.id }))) throw notFound(SESSION_NOT_FOUND);
    const rows = await listAttachments({ db, owner, sessionId: params.id });
    return { attachments: rows.map(presentAttachment) };
  });

  app.delete('/chat/sessions/:id/attachments/:attachmentId', standardOnly, async (request, reply) => {
    const owner = ownerOf(request);
    const params = parseWith(attachmentParamsSchema, request.params, 'params');
    if (!(await findSession({ db, owner, sessionId: params.id }))) throw notFound(SESSION_NOT_FOUND);
    const result = await deleteAttachment({ db, owner, sessionId: params.id, attachmentId: params.attachmentId });
    if (result === 'not_found') throw notFound(ATTACHMENT_NOT_FOUND);
    if (result === 'in_use') throw new AppError(409, ATTACHMENT_IN_USE);
    return reply.status(204).send();
  });
}
