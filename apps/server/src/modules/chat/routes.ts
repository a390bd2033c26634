import { CHAT_ATTACHMENTS_MAX, CHAT_MESSAGE_MAX_LENGTH, CHAT_SESSIONS_PAGE_SIZE, chatEndpoints, isChatId } from '@verity/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeEngine } from '../../ai/engine.ts';
import type { RouteDeps } from '../../route-deps.ts';
import { route, sessionOf, uploadRoute } from '../../lib/route.ts';
import { sendEventStream } from '../../lib/sse.ts';
import { type ConversationOwner, conversationNotFound } from '../../core/policies/conversations.ts';
import { produceAnswer } from './answers.ts';
import {
  attachFile,
  attachmentTooLarge,
  createUploadLimiter,
  deleteAttachment,
  listAttachments,
  presentAttachment,
  presentMessages,
} from './attachments.ts';
import {
  createSession,
  deleteSession,
  findSession,
  getSession,
  getSharedSession,
  listSessions,
  presentMessage,
  presentSession,
  renameSession,
  setFeedback,
  setSharing,
} from './conversations.ts';
import { chatExportRoutes } from './export.ts';
import { askQuestion, createQuestionLimiter, editQuestion, type Question, regenerateAnswer } from './questions.ts';

/**
 * The chat: conversations, streamed answers, attachments and the evidence record. Who may call
 * (the standard role) comes from the descriptors; that a conversation is the caller's alone comes
 * from the conversation policy, in the services.
 */
export async function chatRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  conversationRoutes(app, deps);
  questionRoutes(app, deps);
  await attachmentRoutes(app, deps);
  await chatExportRoutes(app, deps);
}

/** The conversations themselves: the chat's settings, listing, naming, sharing and rating answers. */
function conversationRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, config, chatEngine } = deps;
  const maxBytes = config.CHAT_ATTACHMENT_MAX_BYTES;

  route(app, chatEndpoints.config, {
    handler: async () => ({
      engine: describeEngine(chatEngine),
      attachment_max_bytes: maxBytes,
      attachments_max: CHAT_ATTACHMENTS_MAX,
      message_max_length: CHAT_MESSAGE_MAX_LENGTH,
    }),
  });

  route(app, chatEndpoints.createSession, {
    handler: async ({ auth, body, reply }) => {
      const session = await createSession({ db, owner: auth, title: body.title });
      reply.header('location', `/api/chat/sessions/${session.id}`);
      return presentSession(session);
    },
  });

  route(app, chatEndpoints.listSessions, {
    handler: async ({ auth, query }) => {
      const { rows, total } = await listSessions({ db, owner: auth, q: query.q, page: query.page });
      return { sessions: rows.map(presentSession), page: query.page, page_size: CHAT_SESSIONS_PAGE_SIZE, total };
    },
  });

  route(app, chatEndpoints.getSession, {
    handler: async ({ auth, params }) => {
      const { session, messages } = await getSession({ db, owner: auth, sessionId: params.id });
      return { ...presentSession(session), messages: await presentMessages({ db, owner: auth, sessionId: session.id, messages }) };
    },
  });

  route(app, chatEndpoints.renameSession, {
    handler: async ({ auth, params, body }) =>
      presentSession(await renameSession({ db, owner: auth, sessionId: params.id, title: body.title })),
  });

  route(app, chatEndpoints.deleteSession, {
    handler: async ({ auth, params }) => {
      await deleteSession({ db, owner: auth, sessionId: params.id });
      return undefined;
    },
  });

  route(app, chatEndpoints.shareSession, {
    handler: async ({ auth, params }) => presentSession(await setSharing({ db, owner: auth, sessionId: params.id, shared: true })),
  });

  route(app, chatEndpoints.unshareSession, {
    handler: async ({ auth, params }) => presentSession(await setSharing({ db, owner: auth, sessionId: params.id, shared: false })),
  });

  // Read-only, for any member of the owner's organisation: the owner's ratings stay the owner's.
  route(app, chatEndpoints.sharedSession, {
    handler: async ({ auth, params }) => {
      const { session, ownerName, messages } = await getSharedSession({ db, reader: auth, sessionId: params.id });
      const owner = { organisationId: session.organisationId, userId: session.userId };
      const presented = await presentMessages({ db, owner, sessionId: session.id, messages });
      return {
        ...presentSession(session),
        shared_at: session.sharedAt.toISOString(),
        shared_by: { name: ownerName },
        messages: presented.map((message) => ({ ...message, feedback: null, feedback_comment: null })),
      };
    },
  });

  route(app, chatEndpoints.feedback, {
    handler: async ({ auth, params, body }) =>
      presentMessage(await setFeedback({ db, owner: auth, sessionId: params.id, messageId: params.messageId, ...body })),
  });
}

/**
 * Questions and their streamed answers. Everything refusable (session, ids, body, ownership, rate
 * limit) is refused before the stream opens, as an ordinary JSON error; once streaming, a failure
 * is an `error` event.
 */
function questionRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, config, chatEngine } = deps;
  const questionLimiter = createQuestionLimiter({ store: deps.rateLimitStore, perMinute: config.CHAT_RATE_LIMIT_PER_MINUTE });
  const asking = (owner: ConversationOwner) => ({ db, limiter: questionLimiter, owner });
  const streamAnswer = (request: FastifyRequest, reply: FastifyReply, owner: ConversationOwner, question: Question) =>
    sendEventStream(request, reply, (signal) =>
      produceAnswer({ db, engine: chatEngine, owner, question, signal, log: request.log, requestId: request.id }),
    );

  route(app, chatEndpoints.ask, {
    handler: async ({ request, reply, auth, params, body }) => {
      const question = await askQuestion({
        ...asking(auth),
        sessionId: params.id,
        content: body.content,
        mode: body.mode,
        filters: body.filters,
        includeInternal: body.include_internal,
        attachmentIds: body.attachment_ids,
      });
      return streamAnswer(request, reply, auth, question);
    },
  });

  route(app, chatEndpoints.regenerate, {
    handler: async ({ request, reply, auth, params }) => {
      const question = await regenerateAnswer({ ...asking(auth), sessionId: params.id, messageId: params.messageId });
      return streamAnswer(request, reply, auth, question);
    },
  });

  route(app, chatEndpoints.edit, {
    handler: async ({ request, reply, auth, params, body }) => {
      const question = await editQuestion({ ...asking(auth), sessionId: params.id, messageId: params.messageId, content: body.content });
      return streamAnswer(request, reply, auth, question);
    },
  });
}

/** Files attached to a conversation: uploaded, listed and removed. */
async function attachmentRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  const uploadLimiter = createUploadLimiter({ store: deps.rateLimitStore, perMinute: config.CHAT_RATE_LIMIT_PER_MINUTE });
  const maxBytes = config.CHAT_ATTACHMENT_MAX_BYTES;
  await uploadRoute(app, chatEndpoints.uploadAttachment, {
    upload: {
      maxBytes,
      tooLarge: () => attachmentTooLarge(maxBytes),
      notMultipart: 'Send the file as multipart/form-data in the file field',
    },
    // Before the body is read: someone else's (or no) conversation is refused without taking the
    // upload. A malformed id is left to the descriptor's 422 once the handler runs.
    preParsing: async (request) => {
      const { id } = request.params as { id?: unknown };
      if (typeof id !== 'string' || !isChatId(id)) return;
      if (!(await findSession({ db, owner: sessionOf(request), sessionId: id }))) throw conversationNotFound();
    },
    handler: async ({ reply, auth, params, upload }) => {
      if (!upload) throw new Error('the descriptor requires a file');
      const stored = await attachFile({
        db,
        limiter: uploadLimiter,
        owner: auth,
        sessionId: params.id,
        file: upload.file,
        fileName: upload.filename,
        maxBytes,
        maxCharacters: config.CHAT_ATTACHMENT_MAX_CHARACTERS,
      });
      reply.header('location', `/api/chat/sessions/${params.id}/attachments/${stored.id}`);
      return presentAttachment(stored);
    },
  });

  route(app, chatEndpoints.listAttachments, {
    handler: async ({ auth, params }) => {
      const rows = await listAttachments({ db, owner: auth, sessionId: params.id });
      return { attachments: rows.map(presentAttachment) };
    },
  });

  route(app, chatEndpoints.deleteAttachment, {
    handler: async ({ auth, params }) => {
      await deleteAttachment({ db, owner: auth, sessionId: params.id, attachmentId: params.attachmentId });
      return undefined;
    },
  });
}
