import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import { chatAttachments, chatSessions } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Who may see or change a chat conversation and what hangs off it (messages, attached files, its
 * evidence record): only the user who started it, within their organisation. Matching both user
 * and organisation in every query means another user's or organisation's id behaves exactly like
 * a missing one (`conversationNotFound`).
 *
 * The one exception is reading: a conversation its owner shared (`shared_at` set) may be read, never
 * changed, by any member of the owner's organisation (`sharedConversation`). Its attached files and
 * its evidence record stay the owner's.
 */
export interface ConversationOwner {
  organisationId: string;
  userId: string;
}

/** The caller's conversations (the `chat_sessions` table). */
export function ownConversations(owner: ConversationOwner): SQL {
  return and(eq(chatSessions.organisationId, owner.organisationId), eq(chatSessions.userId, owner.userId)) as SQL;
}

/** One conversation, when it is the caller's. */
export function ownConversation(owner: ConversationOwner, sessionId: string): SQL {
  return and(eq(chatSessions.id, sessionId), ownConversations(owner)) as SQL;
}

/** Whose organisation a reader belongs to (any role: guests read shared conversations too). */
export interface ConversationReader {
  organisationId: string;
}

/** One conversation, when it is shared with the reader's organisation (whoever in it started it). */
export function sharedConversation(reader: ConversationReader, sessionId: string): SQL {
  return and(
    eq(chatSessions.id, sessionId),
    eq(chatSessions.organisationId, reader.organisationId),
    isNotNull(chatSessions.sharedAt),
  ) as SQL;
}

/** The files the caller attached to one of their conversations (the `chat_attachments` table). */
export function ownAttachments(owner: ConversationOwner, sessionId: string): SQL {
  return and(
    eq(chatAttachments.sessionId, sessionId),
    eq(chatAttachments.organisationId, owner.organisationId),
    eq(chatAttachments.userId, owner.userId),
  ) as SQL;
}

export const CONVERSATION_NOT_FOUND = 'The requested conversation could not be found.';
export const MESSAGE_NOT_FOUND = 'The requested message could not be found.';
export const ATTACHMENT_NOT_FOUND = 'The requested attachment could not be found.';

export const conversationNotFound = () => notFound(CONVERSATION_NOT_FOUND);
export const messageNotFound = () => notFound(MESSAGE_NOT_FOUND);
export const attachmentNotFound = () => notFound(ATTACHMENT_NOT_FOUND);
