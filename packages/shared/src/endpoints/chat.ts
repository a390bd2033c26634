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
  chatSharedSessionSchema,
  chatStreamEventSchemas,
  createChatSessionSchema,
  listChatSessionsQuerySchema,
  renameChatSessionSchema,
} from '../api/chat.ts';
import { defineEndpoint, EMPTY, events, file, json, SIGNED_IN, withRoles } from '../contract/endpoint.ts';

/**
 * The AI chat: conversations, streamed answers, attachments and the evidence record. Standard
 * role; a conversation is its owner's alone, so anyone else's id answers exactly like a missing one.
 * The owner may share one read-only with their organisation: then any signed-in member of it
 * (guests too) reads it through /chat/shared/{id}, and only there.
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
});

export const shareSession = defineEndpoint({
  id: 'chat.shareSession',
  summary: 'Share a conversation read-only with the organisation',
  description:
    "Every signed-in member of the owner's organisation, guests included, can then read it (GET /api/chat/shared/{id}); nobody else can change it. " +
    'Sharing a shared conversation changes nothing. Only the owner may share it.',
  method: 'POST',
  path: '/chat/sessions/:id/share',
  access: STANDARD,
  params: chatSessionParamsSchema,
  status: 200,
  response: json(chatSessionSummarySchema),
  errors: [404],
});

export const unshareSession = defineEndpoint({
  id: 'chat.unshareSession',
  summary: 'Stop sharing a conversation',
  description: 'It is private again at once: the shared link answers 404. Unsharing a private conversation changes nothing.',
  method: 'DELETE',
  path: '/chat/sessions/:id/share',
  access: STANDARD,
  params: chatSessionParamsSchema,
  status: 200,
  response: json(chatSessionSummarySchema),
  errors: [404],
});

export const sharedSession = defineEndpoint({
  id: 'chat.sharedSession',
  summary: 'Read a conversation shared with your organisation',
  description:
    "Any signed-in member of the owner's organisation, guests included, while it is shared. A private, missing or other organisation's conversation answers 404.",
  method: 'GET',
  path: '/chat/shared/:id',
  access: SIGNED_IN,
  params: chatSessionParamsSchema,
  status: 200,
  response: json(chatSharedSessionSchema),
  errors: [404],
  // The page says "This conversation is private" itself (a 404 never raises the error dialog).
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
});
