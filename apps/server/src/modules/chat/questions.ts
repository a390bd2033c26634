/**
 * Which question an answer is generated for: a new one, one whose answer is generated again, or
 * one edited. Each is checked in full (ownership, the kind of message, the attached files) and
 * counted against the asker's rate limit before anything changes, so a refusal leaves the
 * conversation as it was and is answered as an ordinary error before any answer streams.
 */
import type { ChatFilters, ChatMode } from '@verity/shared';
import { asksForDraft } from '../../ai/builtin/draft.ts';
import { conversationOf } from '../../ai/engine.ts';
import type { ChatTurn } from '../../ai/prompt.ts';
import type { PreviousAnswer } from '../../ai/builtin/rework.ts';
import type { Database } from '../../db/connect.ts';
import { validationError } from '../../lib/errors.ts';
import { createRateLimiter, type RateLimiter, type RateLimitStore } from '../../lib/rate-limit.ts';
import { type ConversationOwner, conversationNotFound, messageNotFound } from '../../core/policies/conversations.ts';
import { ATTACHMENT_NOT_IN_CONVERSATION, findAttachments } from './attachments.ts';
import { appendMessage, type ChatMessageRow, getSession, notAQuestion, replaceQuestion, truncateAfter } from './conversations.ts';

/** What an answer is generated from: the question as stored and the conversation before it. */
export interface Question {
  row: ChatMessageRow;
  /** Earlier questions of the conversation, oldest first (follow-ups are read in their light). */
  history: string[];
  /** Earlier questions and answers, oldest first (the provider engine's prompt carries them). */
  conversation: ChatTurn[];
  /** The last answer before the question, with its question and citations (what a follow-up reworks). */
  previous: PreviousAnswer | null;
}

/** The conversation part of a question, as the engine takes it (everything conversationOf read but the question's own row). */
export function conversationContext(question: Question): Omit<Question, 'row'> {
  const { row: _row, ...context } = question;
  return context;
}

/** The mode a question is answered in: a request for a written piece is answered as a draft whichever mode the composer was in. */
export function questionMode(requested: ChatMode, content: string): ChatMode {
  return requested === 'draft' || asksForDraft(content) ? 'draft' : 'answer';
}

/** Questions each user may have answered a minute (new, regenerated and edited alike). */
export function createQuestionLimiter(options: { store: RateLimitStore; perMinute: number }): RateLimiter {
  return createRateLimiter({ store: options.store, name: 'chat:messages', limit: options.perMinute, windowMs: 60_000 });
}

/** One count per question per user; the limit guards the cost of answering, so it is counted once the request is valid. */
function countQuestion(limiter: RateLimiter, owner: ConversationOwner): Promise<void> {
  return limiter.consume(`${owner.organisationId}:${owner.userId}`);
}

/** The question with the conversation before it, the earlier messages given oldest first. */
function questionAfter(row: ChatMessageRow, earlier: readonly ChatMessageRow[]): Question {
  return { row, ...conversationOf(earlier) };
}

/** A new question at the end of the caller's conversation, about the files it names (the order given is kept). */
export async function askQuestion(options: {
  db: Database;
  limiter: RateLimiter;
  owner: ConversationOwner;
  sessionId: string;
  content: string;
  mode: ChatMode;
  filters: ChatFilters;
  includeInternal: boolean;
  attachmentIds: readonly string[];
}): Promise<Question> {
  const { db, owner, sessionId, content } = options;
  const found = await getSession({ db, owner, sessionId });
  // Only the caller's own files of this conversation can be asked about.
  const attachmentIds = [...new Set(options.attachmentIds)];
  const attached = await findAttachments({ db, owner, sessionId, ids: attachmentIds });
  if (attached.length !== attachmentIds.length) {
    throw validationError([{ loc: ['body', 'attachment_ids'], msg: ATTACHMENT_NOT_IN_CONVERSATION }]);
  }
  await countQuestion(options.limiter, owner);
  const stored = await appendMessage({
    db,
    owner,
    sessionId,
    message: {
      role: 'user',
      content,
      mode: questionMode(options.mode, content),
      filters: options.filters,
      includeInternal: options.includeInternal,
      attachmentIds,
    },
  });
  // Deleted between the check and the insert.
  if (!stored) throw conversationNotFound();
  return questionAfter(stored.message, found.messages);
}

/** A message of a conversation of the caller's. */
interface MessageOptions {
  db: Database;
  limiter: RateLimiter;
  owner: ConversationOwner;
  sessionId: string;
  messageId: string;
}

/** The conversation's messages and where the given one stands among them. */
async function locateMessage(options: MessageOptions): Promise<{ messages: ChatMessageRow[]; index: number }> {
  const { messages } = await getSession(options);
  const index = messages.findIndex((message) => message.id === options.messageId);
  if (index < 0) throw messageNotFound();
  return { messages, index };
}

/** An answer of the caller's generated again: it and everything after it are removed, its question asked again. */
export async function regenerateAnswer(options: MessageOptions): Promise<Question> {
  const { db, owner, sessionId, messageId } = options;
  const { messages, index } = await locateMessage(options);
  const question = messages[index - 1];
  if (messages[index]?.role !== 'assistant' || question?.role !== 'user') {
    throw validationError([{ loc: ['params', 'messageId'], msg: 'Only an answer can be regenerated' }]);
  }
  await countQuestion(options.limiter, owner);
  if ((await truncateAfter({ db, owner, sessionId, messageId, inclusive: true })) === null) throw messageNotFound();
  return questionAfter(question, messages.slice(0, index - 1));
}

/** A question of the caller's with new text (its mode and filters kept), everything after it removed. */
export async function editQuestion(options: MessageOptions & { content: string }): Promise<Question> {
  const { db, owner, sessionId, messageId } = options;
  const { messages, index } = await locateMessage(options);
  if (messages[index]?.role !== 'user') throw notAQuestion();
  await countQuestion(options.limiter, owner);
  const replaced = await replaceQuestion({ db, owner, sessionId, messageId, content: options.content });
  return questionAfter(replaced, messages.slice(0, index));
}
