import {
  type ApiErrorBody,
  type ChatSourceRecord,
  type ChatStreamEvent,
  type Citation,
  chatMessageParamsSchema,
  chatMessageRequestSchema,
  chatSessionParamsSchema,
} from '@verity/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asksForDraft, sourceRecords } from '../../ai/builtin-engine.ts';
import { dropUnknownMarkers } from '../../ai/citations.ts';
import { type ChatEngine, chatEngineFor, conversationOf, engineFailureBody } from '../../ai/engine.ts';
import type { ChatTurn } from '../../ai/prompt.ts';
import type { RouteDeps } from '../../app.ts';
import type { Database } from '../../db/connect.ts';
import { authOf, requireAuth } from '../../lib/auth.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limit.ts';
import { parseWith } from '../../lib/validate.ts';
import { recordChatQuestion } from '../usage/service.ts';
import { ATTACHMENT_NOT_IN_CONVERSATION, attachmentsInScope, findAttachments } from './attachments.ts';
import {
  appendMessage,
  type ChatMessageRow,
  type ChatOwner,
  getSession,
  presentMessage,
  presentSession,
  replaceQuestion,
  truncateAfter,
} from './service.ts';

const SESSION_NOT_FOUND = 'The requested conversation could not be found.';
const MESSAGE_NOT_FOUND = 'The requested message could not be found.';

/** POST …/messages/{messageId}/edit: the question's new text (its mode and filters are kept). */
const chatEditMessageSchema = chatMessageRequestSchema.pick({ content: true });

/** What an answer is generated from: the question as stored and the conversation before it. */
interface Question {
  row: ChatMessageRow;
  /** Earlier questions of the conversation, oldest first (follow-ups are read in their light). */
  history: string[];
  /** Earlier questions and answers, oldest first (the provider engine's prompt carries them). */
  conversation: ChatTurn[];
}

function ownerOf(request: FastifyRequest): ChatOwner {
  const { organisationId, userId } = authOf(request, ['standard']);
  return { organisationId, userId };
}

/**
 * The streaming messages endpoints: ask, regenerate and edit-and-rerun. Everything that can be
 * refused (auth, ids, body, ownership, rate limit) is checked before the stream starts, so those
 * answer as ordinary JSON errors; once streaming, a failure is an `error` event.
 */
export async function chatMessageRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  const engine = chatEngineFor(config);
  const standardOnly = { onRequest: requireAuth(['standard']) };
  const limiter = createRateLimiter({
    store: deps.rateLimitStore,
    name: 'chat:messages',
    limit: config.CHAT_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
  });

  app.post('/chat/sessions/:id/messages', standardOnly, async (request, reply) => {
    const owner = ownerOf(request);
    const params = parseWith(chatSessionParamsSchema, request.params, 'params');
    const body = parseWith(chatMessageRequestSchema, request.body);
    const found = await getSession({ db, owner, sessionId: params.id });
    if (!found) throw notFound(SESSION_NOT_FOUND);
    // Only the caller's own files of this conversation can be asked about; the order given is kept.
    const attachmentIds = [...new Set(body.attachment_ids)];
    const attached = await findAttachments({ db, owner, sessionId: params.id, ids: attachmentIds });
    if (attached.length !== attachmentIds.length) {
      throw validationError([{ loc: ['body', 'attachment_ids'], msg: ATTACHMENT_NOT_IN_CONVERSATION }]);
    }
    await consume(limiter, owner);
    const stored = await appendMessage({
      db,
      owner,
      sessionId: params.id,
      message: {
        role: 'user',
        content: body.content,
        mode: body.mode === 'draft' || asksForDraft(body.content) ? 'draft' : 'answer',
        filters: body.filters,
        includeInternal: body.include_internal,
        attachmentIds,
      },
    });
    // Deleted between the check and the insert.
    if (!stored) throw notFound(SESSION_NOT_FOUND);
    const { history, conversation } = conversationOf(found.messages);
    return streamAnswer({ db, engine, owner, request, reply, question: { row: stored.message, history, conversation } });
  });

  app.post('/chat/sessions/:id/messages/:messageId/regenerate', standardOnly, async (request, reply) => {
    const owner = ownerOf(request);
    const params = parseWith(chatMessageParamsSchema, request.params, 'params');
    const found = await getSession({ db, owner, sessionId: params.id });
    if (!found) throw notFound(SESSION_NOT_FOUND);
    const index = found.messages.findIndex((message) => message.id === params.messageId);
    if (index < 0) throw notFound(MESSAGE_NOT_FOUND);
    const question = found.messages[index - 1];
    if (found.messages[index]?.role !== 'assistant' || question?.role !== 'user') {
      throw validationError([{ loc: ['params', 'messageId'], msg: 'Only an answer can be regenerated' }]);
    }
    await consume(limiter, owner);
    if ((await truncateAfter({ db, owner, sessionId: params.id, messageId: params.messageId, inclusive: true })) === null) {
      throw notFound(MESSAGE_NOT_FOUND);
    }
    const { history, conversation } = conversationOf(found.messages.slice(0, index - 1));
    return streamAnswer({ db, engine, owner, request, reply, question: { row: question, history, conversation } });
  });

  app.post('/chat/sessions/:id/messages/:messageId/edit', standardOnly, async (request, reply) => {
    const owner = ownerOf(request);
    const params = parseWith(chatMessageParamsSchema, request.params, 'params');
    const body = parseWith(chatEditMessageSchema, request.body);
    const found = await getSession({ db, owner, sessionId: params.id });
    if (!found) throw notFound(SESSION_NOT_FOUND);
    const index = found.messages.findIndex((message) => message.id === params.messageId);
    if (index < 0) throw notFound(MESSAGE_NOT_FOUND);
    if (found.messages[index]?.role !== 'user') {
      throw validationError([{ loc: ['params', 'messageId'], msg: 'Only a question can be edited' }]);
    }
    await consume(limiter, owner);
    const replaced = await replaceQuestion({ db, owner, sessionId: params.id, messageId: params.messageId, content: body.content });
    if (replaced.status === 'not_found') throw notFound(MESSAGE_NOT_FOUND);
    if (replaced.status === 'not_question') throw validationError([{ loc: ['params', 'messageId'], msg: 'Only a question can be edited' }]);
    const { history, conversation } = conversationOf(found.messages.slice(0, index));
    return streamAnswer({ db, engine, owner, request, reply, question: { row: replaced.message, history, conversation } });
  });
}

/** One count per question per user; the limit guards the cost of answering, so it is counted once the request is valid. */
function consume(limiter: RateLimiter, owner: ChatOwner): Promise<void> {
  return limiter.consume(`${owner.organisationId}:${owner.userId}`);
}

function frame(event: ChatStreamEvent): string {
  // JSON.stringify escapes new lines, so each event's data is one `data:` line.
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * Answer the question as Server-Sent Events and store the answer once: complete on `done`,
 * the partial text marked stopped when the client goes away first, or an empty answer marked
 * error (after an `error` event) when generation fails, so the conversation never holds half of
 * a complete answer and the user can regenerate either.
 */
async function streamAnswer(options: {
  db: Database;
  engine: ChatEngine;
  owner: ChatOwner;
  request: FastifyRequest;
  reply: FastifyReply;
  question: Question;
}): Promise<void> {
  const { db, engine, owner, request, reply, question } = options;
  const sessionId = question.row.sessionId;
  const raw = reply.raw;
  const aborter = new AbortController();
  const onClose = () => {
    if (!raw.writableEnded) aborter.abort();
  };
  raw.on('close', onClose);
  // The client may already have gone while the question was being stored.
  if (raw.destroyed || raw.socket?.destroyed === true) aborter.abort();

  reply.hijack();
  // Hijacked replies skip the onSend hooks, so the headers they would add are set here; helmet's
  // headers are already on the raw response (it sets them in onRequest).
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  raw.flushHeaders();

  const send = (event: ChatStreamEvent) => {
    if (!raw.writableEnded && !raw.destroyed) raw.write(frame(event));
  };
  const saveAnswer = (fields: {
    content: string;
    status: 'complete' | 'stopped' | 'error';
    citations: Citation[];
    sources: ChatSourceRecord[];
  }) =>
    appendMessage({
      db,
      owner,
      sessionId,
      message: { role: 'assistant', mode: question.row.mode, engine: engine.id, ...fields },
    });

  let text = '';
  let citations: Citation[] = [];
  let sources: ChatSourceRecord[] = [];
  let finished = false;
  try {
    // This question's files and those of earlier questions of the conversation (see attachments.ts).
    const scope = await attachmentsInScope({ db, owner, question: question.row });
    const events = engine.answer({
      db,
      organisationId: owner.organisationId,
      question: question.row.content,
      mode: question.row.mode,
      history: question.history,
      conversation: question.conversation,
      filters: question.row.filters ?? undefined,
      includeInternal: question.row.includeInternal,
      attachments: scope.sources,
      signal: aborter.signal,
      onRetrieval: (retrieval) => {
        sources = sourceRecords(retrieval);
      },
    });
    for await (const event of events) {
      if (aborter.signal.aborted) break;
      if (event.type === 'token') {
        text += event.text;
        send({ event: 'token', data: { text: event.text } });
      } else if (event.type === 'citations') {
        citations = event.citations;
        send({ event: 'citations', data: { citations } });
      } else {
        finished = true;
      }
    }
    if (!finished && !aborter.signal.aborted) throw new Error('the answer engine ended without finishing');
    if (finished && !aborter.signal.aborted) {
      const saved = await saveAnswer({ content: text, status: 'complete', citations, sources });
      if (!saved) {
        // The conversation was deleted while it was being answered: there is nothing to keep.
        send({ event: 'error', data: { message: SESSION_NOT_FOUND, request_id: request.id } });
        return;
      }
      send({
        event: 'done',
        data: {
          question: presentMessage(question.row, scope.question),
          answer: presentMessage(saved.message),
          session: presentSession(saved.session),
        },
      });
      // After `done`, so the user never waits for it; it never throws (docs/usage-events.md).
      await recordChatQuestion({ db, ...owner, citations, log: request.log });
    } else {
      // Markers of a stopped answer point at citations that were never sent.
      const stopped = await saveAnswer({ content: dropUnknownMarkers(text, []).trim(), status: 'stopped', citations: [], sources });
      // A stopped answer still answered the question; it cited nothing the user was shown.
      if (stopped) await recordChatQuestion({ db, ...owner, citations: [], log: request.log });
    }
  } catch (error) {
    request.log.error({ err: error, sessionId }, 'chat answer failed');
    const body: ApiErrorBody = engineFailureBody(error, request.id);
    send({ event: 'error', data: body });
    try {
      await saveAnswer({ content: '', status: 'error', citations: [], sources });
    } catch (saveError) {
      request.log.error({ err: saveError, sessionId }, 'chat answer failure could not be recorded');
    }
  } finally {
    raw.off('close', onClose);
    if (!raw.writableEnded) raw.end();
  }
}
