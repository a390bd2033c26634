/**
 * The answer producer: runs the chat engine over a question and yields the answer's events
 * (`token` pieces, `citations`, then `done`, or `error`), storing the answer once on the way.
 * It knows nothing about HTTP: whoever consumes the events sends them (as Server-Sent Events,
 * lib/sse.ts) and aborts `signal` when nobody is listening any more.
 */
import type { ChatSourceRecord, ChatStreamEvent, Citation } from '@verity/shared';
import type { FastifyBaseLogger } from 'fastify';
import { sourceRecords } from '../../ai/builtin/engine.ts';
import { dropUnknownMarkers } from '../../ai/citations.ts';
import type { ChatEngine } from '../../ai/engine.ts';
import type { Database } from '../../db/connect.ts';
import { CONVERSATION_NOT_FOUND, type ConversationOwner } from '../../core/policies/conversations.ts';
import { recordChatQuestion } from '../../core/events/service.ts';
import { attachmentsInScope } from './attachments.ts';
import { appendMessage, presentMessage, presentSession } from './conversations.ts';
import { conversationContext, type Question } from './questions.ts';
import { engineFailureBody } from '../../core/provider/call.ts';

/**
 * The answer is stored once: complete before `done`; the partial text marked stopped when `signal`
 * aborts first; or an empty answer marked error (after an `error` event) when generation fails. So
 * the conversation never holds half of a complete answer, and the user can regenerate either.
 * Nothing is thrown: every failure is logged and becomes an `error` event.
 */
export async function* produceAnswer(options: {
  db: Database;
  engine: ChatEngine;
  owner: ConversationOwner;
  question: Question;
  /** Aborted when nobody is listening any more: the engine stops, and what it wrote is kept as stopped. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /** Named in the body of an `error` event, so a report can be matched with the log. */
  requestId: string;
}): AsyncGenerator<ChatStreamEvent> {
  const { db, engine, owner, question, signal, log, requestId } = options;
  const sessionId = question.row.sessionId;
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
      // The conversation before the question, as conversationOf read it (engine.ts).
      ...conversationContext(question),
      filters: question.row.filters ?? undefined,
      includeInternal: question.row.includeInternal,
      attachments: scope.sources,
      signal,
      // A rework is made from what the answer it reworks was made from; an expansion's own
      // retrieval follows, numbered on.
      onRework: () => {
        sources = [...(question.previous?.sources ?? [])];
      },
      onRetrieval: (retrieval) => {
        sources = [...sources, ...sourceRecords(retrieval).map((record) => ({ ...record, n: sources.length + record.n }))];
      },
    });
    for await (const event of events) {
      if (signal.aborted) break;
      if (event.type === 'token') {
        text += event.text;
        yield { event: 'token', data: { text: event.text } };
      } else if (event.type === 'citations') {
        citations = event.citations;
        yield { event: 'citations', data: { citations } };
      } else {
        finished = true;
      }
    }
    if (!finished && !signal.aborted) throw new Error('the answer engine ended without finishing');
    if (finished && !signal.aborted) {
      const saved = await saveAnswer({ content: text, status: 'complete', citations, sources });
      if (!saved) {
        // The conversation was deleted while it was being answered: there is nothing to keep.
        yield { event: 'error', data: { message: CONVERSATION_NOT_FOUND, request_id: requestId } };
        return;
      }
      yield {
        event: 'done',
        data: {
          question: presentMessage(question.row, scope.question),
          answer: presentMessage(saved.message),
          session: presentSession(saved.session),
        },
      };
      // After `done`, so the user never waits for it; it never throws (docs/events.md).
      await recordChatQuestion({ db, organisationId: owner.organisationId, userId: owner.userId, sessionId, citations, log });
    } else {
      // Markers of a stopped answer point at citations that were never sent.
      const stopped = await saveAnswer({ content: dropUnknownMarkers(text, []).trim(), status: 'stopped', citations: [], sources });
      // A stopped answer still answered the question; it cited nothing the user was shown.
      if (stopped)
        await recordChatQuestion({ db, organisationId: owner.organisationId, userId: owner.userId, sessionId, citations: [], log });
    }
  } catch (error) {
    log.error({ err: error, sessionId }, 'chat answer failed');
    yield { event: 'error', data: engineFailureBody(error, requestId) };
    try {
      await saveAnswer({ content: '', status: 'error', citations: [], sources });
    } catch (saveError) {
      log.error({ err: saveError, sessionId }, 'chat answer failure could not be recorded');
    }
  }
}
