import {
  CHAT_DEFAULT_TITLE,
  CHAT_SESSIONS_PAGE_SIZE,
  type ChatAttachment,
  type ChatFeedbackRating,
  type ChatFilters,
  type ChatMessage,
  type ChatMessageStatus,
  type ChatMode,
  type ChatRole,
  type ChatSessionSummary,
  type ChatSourceRecord,
  type Citation,
} from '@verity/shared';
import { and, asc, count, desc, eq, exists, gt, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { chatMessages, chatSessions, users } from '../../db/schema.ts';
import { validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { containsPattern } from '../../lib/like.ts';
import { recordEvent } from '../../core/events/service.ts';
import {
  type ConversationOwner,
  type ConversationReader,
  conversationNotFound,
  messageNotFound,
  ownConversation,
  ownConversations,
  sharedConversation,
} from '../../core/policies/conversations.ts';

/**
 * Conversations and their messages. Every query goes through the conversation policy, so another
 * user's or organisation's conversation behaves exactly like a missing one: refused with the
 * policy's 404, or null where the caller decides (a conversation deleted while it is answered).
 */

export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** A title made from the first question is cut at a word boundary near this length. */
const DERIVED_TITLE_LENGTH = 80;
/** Words of a conversation search beyond this are ignored (the query is already capped in length). */
const SEARCH_WORDS_MAX = 12;

export async function createSession(options: { db: Database; owner: ConversationOwner; title?: string }): Promise<ChatSessionRow> {
  const { db, owner } = options;
  const [row] = await db
    .insert(chatSessions)
    .values({ id: newId(), organisationId: owner.organisationId, userId: owner.userId, title: options.title ?? CHAT_DEFAULT_TITLE })
    .returning();
  if (!row) throw new Error('chat session insert returned nothing');
  return row;
}

export async function findSession(options: { db: Database; owner: ConversationOwner; sessionId: string }): Promise<ChatSessionRow | null> {
  const [row] = await options.db.select().from(chatSessions).where(ownConversation(options.owner, options.sessionId));
  return row ?? null;
}

/** The caller's conversations, latest activity first, optionally only those matching `q`. */
export async function listSessions(options: {
  db: Database;
  owner: ConversationOwner;
  q?: string;
  page?: number;
  pageSize?: number;
}): Promise<{ rows: ChatSessionRow[]; total: number }> {
  const { db, owner } = options;
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? CHAT_SESSIONS_PAGE_SIZE;
  const where = options.q ? and(ownConversations(owner), matchesSearch(db, options.q)) : ownConversations(owner);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(chatSessions)
      .where(where)
      .orderBy(desc(chatSessions.lastMessageAt), desc(chatSessions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(chatSessions).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * A conversation matches when its title contains the search (case-insensitive substring: titles
 * are short and only the caller's own are scanned) or one of its messages holds every word of it,
 * each as a word prefix, after English stemming (full-text over the GIN expression index, as
 * message text is what grows). Words are reduced to letters and digits, so the search cannot
 * inject tsquery syntax; a search of stop words only can still match titles.
 */
export function matchesSearch(db: Database, q: string): SQL {
  const titleMatch = ilike(chatSessions.title, containsPattern(q));
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_WORDS_MAX);
  if (words.length === 0) return titleMatch;
  const tsquery = words.map((word) => `${word}:*`).join(' & ');
  const contentMatch = exists(
    db
      .select({ one: sql`1` })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.sessionId, chatSessions.id),
          // The exact expression of chat_messages_content_fts_idx, so the index serves it.
          sql`to_tsvector('english', ${chatMessages.content}) @@ to_tsquery('english', ${tsquery})`,
        ),
      ),
  );
  return or(titleMatch, contentMatch) as SQL;
}

/** A conversation of the caller's with its messages in order. */
export async function getSession(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
}): Promise<{ session: ChatSessionRow; messages: ChatMessageRow[] }> {
  const session = await findSession(options);
  if (!session) throw conversationNotFound();
  const messages = await options.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, session.id))
    .orderBy(asc(chatMessages.position));
  return { session, messages };
}

export async function renameSession(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
  title: string;
}): Promise<ChatSessionRow> {
  const [row] = await options.db
    .update(chatSessions)
    .set({ title: options.title, updatedAt: new Date() })
    .where(ownConversation(options.owner, options.sessionId))
    .returning();
  if (!row) throw conversationNotFound();
  return row;
}

/** Delete a conversation of the caller's and (by cascade) its messages and attached files. */
export async function deleteSession(options: { db: Database; owner: ConversationOwner; sessionId: string }): Promise<void> {
  const { owner, sessionId } = options;
  await options.db.transaction(async (tx) => {
    const deleted = await tx.delete(chatSessions).where(ownConversation(owner, sessionId)).returning({ id: chatSessions.id });
    if (deleted.length === 0) throw conversationNotFound();
    await recordEvent(tx, {
      kind: 'chat.conversation_deleted',
      organisationId: owner.organisationId,
      actorUserId: owner.userId,
      subject: { type: 'chat_session', id: sessionId },
      data: {},
    });
  });
}

/**
 * Share a conversation of the caller's read-only with their organisation, or stop sharing it.
 * Asking for the state it is already in changes nothing and records nothing; a change records
 * chat.conversation_shared or chat.conversation_unshared in the same transaction.
 */
export async function setSharing(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
  shared: boolean;
}): Promise<ChatSessionRow> {
  const { owner, sessionId, shared } = options;
  return options.db.transaction(async (tx) => {
    const [current] = await tx.select().from(chatSessions).where(ownConversation(owner, sessionId)).for('update');
    if (!current) throw conversationNotFound();
    if ((current.sharedAt !== null) === shared) return current;
    const [row] = await tx
      .update(chatSessions)
      .set({ sharedAt: shared ? new Date() : null })
      .where(eq(chatSessions.id, current.id))
      .returning();
    if (!row) throw new Error('chat session update returned nothing');
    await recordEvent(tx, {
      kind: shared ? 'chat.conversation_shared' : 'chat.conversation_unshared',
      organisationId: owner.organisationId,
      actorUserId: owner.userId,
      subject: { type: 'chat_session', id: sessionId },
      data: {},
    });
    return row;
  });
}

/**
 * A conversation shared with the reader's organisation, with its messages in order and its
 * owner's name; a private, missing or other organisation's one is the policy's 404.
 */
export async function getSharedSession(options: {
  db: Database;
  reader: ConversationReader;
  sessionId: string;
}): Promise<{ session: ChatSessionRow & { sharedAt: Date }; ownerName: string; messages: ChatMessageRow[] }> {
  const { db } = options;
  const [found] = await db
    .select({ session: chatSessions, firstname: users.firstname, surname: users.surname })
    .from(chatSessions)
    .innerJoin(users, eq(users.id, chatSessions.userId))
    .where(sharedConversation(options.reader, options.sessionId));
  if (!found || found.session.sharedAt === null) throw conversationNotFound();
  const messages = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, found.session.id))
    .orderBy(asc(chatMessages.position));
  const ownerName = `${found.firstname} ${found.surname}`.replace(/\s+/g, ' ').trim();
  return { session: { ...found.session, sharedAt: found.session.sharedAt }, ownerName, messages };
}

export interface NewChatMessage {
  role: ChatRole;
  content: string;
  mode?: ChatMode;
  status?: ChatMessageStatus;
  engine?: string | null;
  citations?: Citation[];
  sources?: ChatSourceRecord[];
  filters?: ChatFilters | null;
  includeInternal?: boolean;
  /** A question's attached files (ids of the conversation's chat_attachments, checked by the caller). */
  attachmentIds?: string[];
}

/**
 * Add a message at the end of the conversation and mark the conversation active. The first
 * question names a conversation that still has the default title. The conversation row is locked
 * for the insert, so concurrent appends get consecutive positions instead of colliding. Null when
 * the conversation is not the caller's, or was deleted since it was last read.
 */
export async function appendMessage(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
  message: NewChatMessage;
}): Promise<{ message: ChatMessageRow; session: ChatSessionRow } | null> {
  const { db, owner, sessionId, message } = options;
  return db.transaction(async (tx) => {
    const [session] = await tx.select().from(chatSessions).where(ownConversation(owner, sessionId)).for('update');
    if (!session) return null;
    const [last] = await tx
      .select({ position: chatMessages.position })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(desc(chatMessages.position))
      .limit(1);
    const position = last ? last.position + 1 : 0;
    const [row] = await tx
      .insert(chatMessages)
      .values({
        id: newId(),
        sessionId,
        position,
        role: message.role,
        content: message.content,
        mode: message.mode ?? 'answer',
        status: message.status ?? 'complete',
        engine: message.engine ?? null,
        citations: message.citations ?? [],
        sources: message.sources ?? [],
        filters: message.filters ?? null,
        includeInternal: message.includeInternal ?? true,
        attachmentIds: message.attachmentIds ?? [],
      })
      .returning();
    if (!row) throw new Error('chat message insert returned nothing');
    const namesConversation = message.role === 'user' && position === 0 && session.title === CHAT_DEFAULT_TITLE;
    const [updated] = await tx
      .update(chatSessions)
      .set({
        lastMessageAt: row.createdAt,
        updatedAt: row.createdAt,
        ...(namesConversation ? { title: titleFromQuestion(message.content) } : {}),
      })
      .where(eq(chatSessions.id, sessionId))
      .returning();
    if (!updated) throw new Error('chat session update returned nothing');
    return { message: row, session: updated };
  });
}

/** The question's first words as a title: white space collapsed, cut at a word boundary. */
export function titleFromQuestion(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return CHAT_DEFAULT_TITLE;
  if (text.length <= DERIVED_TITLE_LENGTH) return text;
  const cut = text.slice(0, DERIVED_TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > DERIVED_TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Record (or, with a null rating, withdraw) the caller's rating of an answer; a comment needs a rating. */
export async function setFeedback(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
  messageId: string;
  rating: ChatFeedbackRating | null;
  comment?: string;
}): Promise<ChatMessageRow> {
  const { db, owner, sessionId, messageId, rating } = options;
  const session = await findSession({ db, owner, sessionId });
  if (!session) throw messageNotFound();
  const [current] = await db
    .select({ role: chatMessages.role })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.sessionId, session.id)));
  if (!current) throw messageNotFound();
  if (current.role !== 'assistant') {
    throw validationError([{ loc: ['params', 'messageId'], msg: 'Feedback can only be given on an answer' }]);
  }
  const [row] = await db
    .update(chatMessages)
    .set({ feedback: rating, feedbackComment: rating ? (options.comment ?? null) : null })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.sessionId, session.id)))
    .returning();
  if (!row) throw messageNotFound();
  return row;
}

/**
 * Remove the messages after the given one (and the message itself when `inclusive`), for
 * edit-and-rerun. Returns how many were removed, or null when the message is not in the caller's
 * conversation.
 */
export async function truncateAfter(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
  messageId: string;
  inclusive?: boolean;
}): Promise<number | null> {
  const { db, owner, sessionId, messageId } = options;
  return db.transaction(async (tx) => {
    const [session] = await tx.select({ id: chatSessions.id }).from(chatSessions).where(ownConversation(owner, sessionId)).for('update');
    if (!session) return null;
    const [anchor] = await tx
      .select({ position: chatMessages.position })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.sessionId, session.id)));
    if (!anchor) return null;
    const from = options.inclusive ? gte(chatMessages.position, anchor.position) : gt(chatMessages.position, anchor.position);
    const removed = await tx
      .delete(chatMessages)
      .where(and(eq(chatMessages.sessionId, session.id), from))
      .returning({ id: chatMessages.id });
    if (removed.length > 0) await tx.update(chatSessions).set({ updatedAt: new Date() }).where(eq(chatSessions.id, session.id));
    return removed.length;
  });
}

export function presentSession(row: ChatSessionRow): ChatSessionSummary {
  return {
    id: row.id,
    title: row.title,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_message_at: row.lastMessageAt.toISOString(),
    shared_at: row.sharedAt?.toISOString() ?? null,
  };
}

/**
 * A message as the browser sees it; the retrieval sources stay on the server for audit.
 * Attachments are resolved by the caller from the row's attachment ids.
 */
export function presentMessage(row: ChatMessageRow, attachments: ChatAttachment[] = []): ChatMessage {
  return {
    id: row.id,
    position: row.position,
    role: row.role,
    content: row.content,
    mode: row.mode,
    status: row.status,
    engine: row.engine,
    citations: row.citations,
    filters: row.filters,
    include_internal: row.includeInternal,
    attachments,
    feedback: row.feedback,
    feedback_comment: row.feedbackComment,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Edit-and-rerun in one transaction: the messages after the question are removed and the question
 * takes the new text, so a failure leaves the conversation as it was rather than without the question.
 */
export async function replaceQuestion(options: {
  db: Database;
  owner: ConversationOwner;
  sessionId: string;
  messageId: string;
  content: string;
}): Promise<ChatMessageRow> {
  const { db, owner, sessionId, messageId } = options;
  return db.transaction(async (tx) => {
    const [session] = await tx.select({ id: chatSessions.id }).from(chatSessions).where(ownConversation(owner, sessionId)).for('update');
    if (!session) throw messageNotFound();
    const [question] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.sessionId, session.id)));
    if (!question) throw messageNotFound();
    if (question.role !== 'user') throw notAQuestion();
    await tx.delete(chatMessages).where(and(eq(chatMessages.sessionId, session.id), gt(chatMessages.position, question.position)));
    const [row] = await tx.update(chatMessages).set({ content: options.content }).where(eq(chatMessages.id, question.id)).returning();
    if (!row) throw new Error('chat question update returned nothing');
    const now = new Date();
    await tx.update(chatSessions).set({ updatedAt: now, lastMessageAt: now }).where(eq(chatSessions.id, session.id));
    return row;
  });
}

/** Only a question can be edited (and answered again). */
export function notAQuestion() {
  return validationError([{ loc: ['params', 'messageId'], msg: 'Only a question can be edited' }]);
}
