import {
  CHAT_ATTACHMENTS_MAX,
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatConfigResponse,
  type ChatMessage,
  type ChatSessionDetail,
  type ChatSessionListResponse,
  type ChatSessionSummary,
  CHAT_SESSIONS_PAGE_SIZE,
  chatFeedbackSchema,
  chatMessageParamsSchema,
  chatSessionParamsSchema,
  createChatSessionSchema,
  listChatSessionsQuerySchema,
  renameChatSessionSchema,
} from '@verity/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chatEngineFor, describeEngine } from '../../ai/engine.ts';
import type { RouteDeps } from '../../app.ts';
import { authOf, requireAuth } from '../../lib/auth.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { parseWith } from '../../lib/validate.ts';
import { chatExportRoutes } from './export.ts';
import { chatAttachmentRoutes, presentMessages } from './attachments.ts';
import { chatMessageRoutes } from './messages.ts';
import {
  type ChatOwner,
  createSession,
  deleteSession,
  getSession,
  listSessions,
  presentMessage,
  presentSession,
  renameSession,
  setFeedback,
} from './service.ts';

const SESSION_NOT_FOUND = 'The requested conversation could not be found.';
const MESSAGE_NOT_FOUND = 'The requested message could not be found.';

function ownerOf(request: FastifyRequest): ChatOwner {
  const { organisationId, userId } = authOf(request, ['standard']);
  return { organisationId, userId };
}

/**
 * Chat conversations (the streaming messages endpoint builds on the same service). Standard role
 * only; a conversation is its owner's alone, so anyone else's id answers exactly like a missing one.
 */
export async function chatRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;
  const standardOnly = { onRequest: requireAuth(['standard']) };
  const engine = describeEngine(chatEngineFor(deps.config));

  /** What the chat on this server can do: which engine answers and what may be attached. */
  app.get('/chat/config', standardOnly, async (request): Promise<ChatConfigResponse> => {
    ownerOf(request);
    return {
      engine,
      attachment_max_bytes: deps.config.CHAT_ATTACHMENT_MAX_BYTES,
      attachments_max: CHAT_ATTACHMENTS_MAX,
      message_max_length: CHAT_MESSAGE_MAX_LENGTH,
    };
  });

  app.post('/chat/sessions', standardOnly, async (request, reply): Promise<ChatSessionSummary> => {
    const owner = ownerOf(request);
    const body = parseWith(createChatSessionSchema, request.body);
    const session = await createSession({ db, owner, title: body.title });
    reply.status(201).header('location', `/api/chat/sessions/${session.id}`);
    return presentSession(session);
  });

  app.get('/chat/sessions', standardOnly, async (request): Promise<ChatSessionListResponse> => {
    const owner = ownerOf(request);
    const query = parseWith(listChatSessionsQuerySchema, request.query, 'query');
    const { rows, total } = await listSessions({ db, owner, q: query.q, page: query.page });
    return { sessions: rows.map(presentSession), page: query.page, page_size: CHAT_SESSIONS_PAGE_SIZE, total };
  });

  app.get('/chat/sessions/:id', standardOnly, async (request): Promise<ChatSessionDetail> => {
    const owner = ownerOf(request);
    const params = parseWith(chatSessionParamsSchema, request.params, 'params');
    const found = await getSession({ db, owner, sessionId: params.id });
    if (!found) throw notFound(SESSION_NOT_FOUND);
    return {
      ...presentSession(found.session),
      messages: await presentMessages({ db, owner, sessionId: params.id, messages: found.messages }),
    };
  });

  app.patch('/chat/sessions/:id', standardOnly, async (request): Promise<ChatSessionSummary> => {
    const owner = ownerOf(request);
    const params = parseWith(chatSessionParamsSchema, request.params, 'params');
    const body = parseWith(renameChatSessionSchema, request.body);
    const session = await renameSession({ db, owner, sessionId: params.id, title: body.title });
    if (!session) throw notFound(SESSION_NOT_FOUND);
    return presentSession(session);
  });

  app.delete('/chat/sessions/:id', standardOnly, async (request, reply) => {
    const owner = ownerOf(request);
    const params = parseWith(chatSessionParamsSchema, request.params, 'params');
    if (!(await deleteSession({ db, owner, sessionId: params.id }))) throw notFound(SESSION_NOT_FOUND);
    return reply.status(204).send();
  });

  app.post('/chat/sessions/:id/messages/:messageId/feedback', standardOnly, async (request): Promise<ChatMessage> => {
    const owner = ownerOf(request);
    const params = parseWith(chatMessageParamsSchema, request.params, 'params');
    const body = parseWith(chatFeedbackSchema, request.body);
    const result = await setFeedback({ db, owner, sessionId: params.id, messageId: params.messageId, ...body });
    if (result.status === 'not_found') throw notFound(MESSAGE_NOT_FOUND);
    if (result.status === 'not_answer') {
      throw validationError([{ loc: ['params', 'messageId'], msg: 'Feedback can only be given on an answer' }]);
    }
    return presentMessage(result.message);
  });

  await chatMessageRoutes(app, deps);
  await chatAttachmentRoutes(app, deps);
  await chatExportRoutes(app, deps);
}
