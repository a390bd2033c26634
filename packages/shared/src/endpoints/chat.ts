import {
  chatAttachmentListSchema,
  chatAttachmentParamsSchema,
  chatAttachmentSchema,
  chatAttachmentUploadSchema,
  chatConfigResponseSchema,
  chatEditMessageSchema,
  chatFeedbackSchema,
  chatMessageParamsSchema,
  chatMessageRequestSchema,
  chatMessageSchema,
  chatSessionDetailSchema,
  chatSessionListResponseSchema,
  chatSessionParamsSchema,
  chatSessionSummarySchema,
  chatStreamEventSchemas,
  createChatSessionSchema,
  listChatSessionsQuerySchema,
  renameChatSessionSchema,
} from '../api/chat.ts';
import { defineEndpoint, EMPTY, events, file, json, withRoles } from '../contract/endpoint.ts';

/**
 * The AI chat: conversations, streamed answers, attachments and the evidence record. Standard
 * role; a conversation is its owner's alone, so anyone else's id answers exactly like a missing one.
 */

const STANDARD = withRoles('standard');
const ANSWER_STREAM =
  'Server-Sent Events: `token` pieces of the answer, `citations`, then `done` with the stored question, answer and conversation, ' +
  'or `error` with the error body. Everything refusable (session, ids, body, ownership, rate limit) is refused before the stream starts, as an ordinary JSON error.';

export const config = defineEndpoint({
  id: 'chat.config',
  summary: 'What the chat on this server can do',
  description: 'Which engine answers and what may be attached.',
  method: 'GET',
  path: '/chat/config',
  access: STANDARD,
  status: 200,
  response: json(chatConfigResponseSchema),
  background: true,
});

export const createSession = defineEndpoint({
  id: 'chat.createSession',
  summary: 'Start a conversation',
  description: 'Without a title the first question names it.',
  method: 'POST',
  path: '/chat/sessions',
  access: STANDARD,
  body: createChatSessionSchema,
  status: 201,
  response: json(chatSessionSummarySchema),
});

export const listSessions = defineEndpoint({
  id: 'chat.listSessions',
  summary: "The caller's conversations",
  description: 'Latest activity first; q searches titles and message text.',
  method: 'GET',
  path: '/chat/sessions',
  access: STANDARD,
  query: listChatSessionsQuerySchema,
  status: 200,
  response: json(chatSessionListResponseSchema),
  background: true,
});

export const getSession = defineEndpoint({
  id: 'chat.getSession',
  summary: 'A conversation with its messages',
  method: 'GET',
  path: '/chat/sessions/:id',
  access: STANDARD,
  params: chatSessionParamsSchema,
  status: 200,
  response: json(chatSessionDetailSchema),
  errors: [404],
  background: true,
});

export const renameSession = defineEndpoint({
  id: 'chat.renameSession',
  summary: 'Rename a conversation',
  method: 'PATCH',
  path: '/chat/sessions/:id',
  access: STANDARD,
  params: chatSessionParamsSchema,
  body: renameChatSessionSchema,
  status: 200,
  response: json(chatSessionSummarySchema),
  errors: [404],
  background: true,
});

export const deleteSession = defineEndpoint({
  id: 'chat.deleteSession',
  summary: 'Delete a conversation',
  description: 'Its messages and attached files go with it.',
  method: 'DELETE',
  path: '/chat/sessions/:id',
  access: STANDARD,
  params: chatSessionParamsSchema,
  status: 204,
  response: EMPTY,
  errors: [404],
  background: true,
});

export const ask = defineEndpoint({
  id: 'chat.ask',
  summary: 'Ask a question; the answer streams',
  description: ANSWER_STREAM,
  method: 'POST',
  path: '/chat/sessions/:id/messages',
  access: STANDARD,
  params: chatSessionParamsSchema,
  body: chatMessageRequestSchema,
  status: 200,
  response: events(chatStreamEventSchemas),
  errors: [404, 429],
});

export const regenerate = defineEndpoint({
  id: 'chat.regenerate',
  summary: 'Answer a question again',
  description: `The answer and everything after it are replaced. ${ANSWER_STREAM}`,
  method: 'POST',
  path: '/chat/sessions/:id/messages/:messageId/regenerate',
  access: STANDARD,
  params: chatMessageParamsSchema,
  status: 200,
  response: events(chatStreamEventSchemas),
  errors: [404, 429],
});

export const edit = defineEndpoint({
  id: 'chat.edit',
  summary: 'Edit a question and answer it again',
  description: `Its mode and filters are kept; everything after it is replaced. ${ANSWER_STREAM}`,
  method: 'POST',
  path: '/chat/sessions/:id/messages/:messageId/edit',
  access: STANDARD,
  params: chatMessageParamsSchema,
  body: chatEditMessageSchema,
  status: 200,
  response: events(chatStreamEventSchemas),
  errors: [404, 429],
});

export const feedback = defineEndpoint({
  id: 'chat.feedback',
  summary: 'Rate an answer',
  description: 'rating null withdraws it.',
  method: 'POST',
  path: '/chat/sessions/:id/messages/:messageId/feedback',
  access: STANDARD,
  params: chatMessageParamsSchema,
  body: chatFeedbackSchema,
  status: 200,
  response: json(chatMessageSchema),
  errors: [404],
  background: true,
});

export const uploadAttachment = defineEndpoint({
  id: 'chat.uploadAttachment',
  summary: 'Attach a file to a conversation',
  description:
    'A PDF, Word (.docx) or text file of at most attachment_max_bytes (see chat config), parsed at once and private to the caller and the conversation.',
  method: 'POST',
  path: '/chat/sessions/:id/attachments',
  access: STANDARD,
  params: chatSessionParamsSchema,
  body: chatAttachmentUploadSchema,
  bodyEncoding: 'multipart',
  status: 201,
  response: json(chatAttachmentSchema),
  errors: [400, 404, 413, 429],
  // A refusal is shown beside the file, in its own words.
  background: true,
});

export const listAttachments = defineEndpoint({
  id: 'chat.listAttachments',
  summary: "A conversation's attached files",
  method: 'GET',
  path: '/chat/sessions/:id/attachments',
  access: STANDARD,
  params: chatSessionParamsSchema,
  status: 200,
  response: json(chatAttachmentListSchema),
  errors: [404],
  background: true,
});

export const deleteAttachment = defineEndpoint({
  id: 'chat.deleteAttachment',
  summary: 'Remove an attached file',
  description: 'A file a question has been asked about stays with the answers that use it (409).',
  method: 'DELETE',
  path: '/chat/sessions/:id/attachments/:attachmentId',
  access: STANDARD,
  params: chatAttachmentParamsSchema,
  status: 204,
  response: EMPTY,
  errors: [404, 409],
  background: true,
});

export const exportSession = defineEndpoint({
  id: 'chat.export',
  summary: 'The conversation as a Word evidence record',
  description: 'Every question and answer, with each cited passage quoted in full.',
  method: 'GET',
  path: '/chat/sessions/:id/export',
  access: STANDARD,
  params: chatSessionParamsSchema,
  status: 200,
  response: file('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'A .docx file named after the conversation.'),
  errors: [404, 429],
  background: true,
});
