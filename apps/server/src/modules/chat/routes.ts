import {
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
import type { RouteDeps } from '../../app.ts';
import { authOf, requireAuth } from '../../lib/auth.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { parseWith } from '../../lib/validate.ts';
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
    return { ...presentSession(found.session), messages: found.messages.map(presentMessage) };
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
}
