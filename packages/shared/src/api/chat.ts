import { z } from 'zod';
import { apiErrorBodySchema } from '../error-body.ts';
import { isDocumentId } from '../ids.ts';
import { uploadedFile } from './account.ts';
import { documentLinkSchema, documentStatusSchema } from './documents.ts';
import { pagedListSchema, searchPageQuerySchema } from './list-query.ts';

/** Conversations and messages use the same 26-character ULIDs as documents. */
export const isChatId = isDocumentId;

export const CHAT_DEFAULT_TITLE = 'New conversation';
export const CHAT_TITLE_MAX_LENGTH = 120;
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
export const CHAT_FEEDBACK_COMMENT_MAX_LENGTH = 2000;
export const CHAT_SESSIONS_PAGE_SIZE = 20;
export const CHAT_SEARCH_MAX_LENGTH = 200;
export const CHAT_ATTACHMENTS_MAX = 5;
/** The default largest attachment (the server's CHAT_ATTACHMENT_MAX_BYTES may set another). */
export const CHAT_ATTACHMENT_DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const CHAT_FILTER_VALUES_MAX = 50;
const CHAT_FILTER_VALUE_MAX_LENGTH = 200;

export const chatRoleSchema = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof chatRoleSchema>;
/** Answer: a cited answer to a question. Draft: a structured policy section with citations. */
export const chatModeSchema = z.enum(['answer', 'draft']);
export type ChatMode = z.infer<typeof chatModeSchema>;
/** Complete, stopped by the user mid-stream (the partial answer is kept) or ended by an error. */
export const chatMessageStatusSchema = z.enum(['complete', 'stopped', 'error']);
export type ChatMessageStatus = z.infer<typeof chatMessageStatusSchema>;
export const chatFeedbackRatingSchema = z.enum(['up', 'down']);
export type ChatFeedbackRating = z.infer<typeof chatFeedbackRatingSchema>;

/** The wiki's filters, as a question was scoped (empty lists: no restriction of that kind). */
export const chatFiltersResponseSchema = z.object({
  category: z.array(z.string()),
  domain: z.array(z.string()),
  subDomain: z.array(z.string()),
});
export type ChatFilters = z.infer<typeof chatFiltersResponseSchema>;

/** Where a cited passage comes from: the library (opens in the wiki reader) or a file attached to the conversation. */
export const citationSourceSchema = z.enum(['library', 'attachment']);
export type CitationSource = z.infer<typeof citationSourceSchema>;

/**
 * One numbered source of an answer; `[n]` in the answer text points at it. For an attachment,
 * document_id is the attachment's id, title its title (or file name), code and edition are empty
 * and element_ids name its parsed elements (there is no wiki page to open).
 */
export const citationSchema = z.object({
  n: z.number().int(),
  source: citationSourceSchema,
  document_id: z.string(),
  code: z.string(),
  title: z.string(),
  edition: z.string(),
  status: documentStatusSchema,
  /** The cited elements: open /wiki/{document_id}?element_ids=… to see them highlighted. */
  element_ids: z.array(z.string()),
  /** The passage as the answer relied on it. */
  quote: z.string(),
  /** The current edition, when this one is superseded and the current one is visible. */
  superseded_by: documentLinkSchema.nullable(),
});
export type Citation = z.infer<typeof citationSchema>;

/**
 * A passage retrieval handed to the engine, kept with the answer for audit (which sources
 * produced it), whether or not the answer cited it. Not sent to the browser.
 */
export interface ChatSourceRecord {
  n: number;
  /** A library document, or a file attached to the conversation (document_id is then the attachment's id). */
  source: CitationSource;
  document_id: string;
  code: string;
  edition: string;
  element_ids: string[];
  score: number;
}

/** A file attached to a conversation: parsed when uploaded, private to its user and conversation. */
export const chatAttachmentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  /** The document's own title when it has one, otherwise the file name. */
  title: z.string(),
  format: z.enum(['pdf', 'docx', 'text']),
  size: z.number().int(),
  /** Pages of a PDF; null for other formats. */
  pages: z.number().int().nullable(),
  created_at: z.string(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatAttachmentListSchema = z.object({ attachments: z.array(chatAttachmentSchema) });

export const chatMessageSchema = z.object({
  id: z.string(),
  /** 0-based order within the conversation. */
  position: z.number().int(),
  role: chatRoleSchema,
  content: z.string(),
  mode: chatModeSchema,
  status: chatMessageStatusSchema,
  /** Which engine wrote an answer ('builtin', 'provider:openai:gpt-…'); null for questions. */
  engine: z.string().nullable(),
  citations: z.array(citationSchema),
  /** The filters a question was asked with; null for answers. */
  filters: chatFiltersResponseSchema.nullable(),
  include_internal: z.boolean(),
  /** The files a question was asked about; empty for answers. */
  attachments: z.array(chatAttachmentSchema),
  feedback: chatFeedbackRatingSchema.nullable(),
  feedback_comment: z.string().nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatSessionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The last activity: the latest message, or the creation of a conversation with none yet. */
  last_message_at: z.string(),
  /**
   * When the owner shared it read-only with their organisation (its members, guests included, can
   * open /chat/{id}); null while it is private.
   */
  shared_at: z.string().nullable(),
});
export type ChatSessionSummary = z.infer<typeof chatSessionSummarySchema>;

/** GET /api/chat/sessions/{id}: the conversation with its messages in order. */
export const chatSessionDetailSchema = chatSessionSummarySchema.extend({ messages: z.array(chatMessageSchema) });
export type ChatSessionDetail = z.infer<typeof chatSessionDetailSchema>;

/**
 * GET /api/chat/shared/{id}: a conversation its owner shared with the caller's organisation, read
 * only. The owner's ratings of answers stay theirs (feedback is null); shared_by names the owner.
 */
export const chatSharedSessionSchema = chatSessionDetailSchema.extend({
  shared_at: z.string(),
  shared_by: z.object({ name: z.string() }),
});
export type ChatSharedSession = z.infer<typeof chatSharedSessionSchema>;

/** GET /api/chat/sessions: the caller's conversations, latest activity first. */
export const chatSessionListResponseSchema = pagedListSchema('sessions', chatSessionSummarySchema);
export type ChatSessionListResponse = z.infer<typeof chatSessionListResponseSchema>;

/**
 * GET /api/chat/config: what the chat on this server can do, for the page to show before the
 * first question (which engine answers, what may be attached).
 */
export const chatConfigResponseSchema = z.object({
  engine: z.object({
    /** 'builtin' or 'provider:{provider}:{model}', as recorded on answers. */
    id: z.string(),
    kind: z.enum(['builtin', 'provider']),
    /** A short name for the badge: 'Built-in engine (offline)', 'OpenAI gpt-4o-mini', … */
    label: z.string(),
  }),
  attachment_max_bytes: z.number().int(),
  attachments_max: z.number().int(),
  message_max_length: z.number().int(),
});
export type ChatConfigResponse = z.infer<typeof chatConfigResponseSchema>;

/** Trimmed, inner runs of white space (new lines included) made one space. */
const titleText = z
  .string({ error: 'Enter a title' })
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, 'Enter a title').max(CHAT_TITLE_MAX_LENGTH, `A title is at most ${CHAT_TITLE_MAX_LENGTH} characters`));

const unknownFields = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Unknown field: ${(issue.keys ?? []).join(', ')}` : undefined,
};

/** POST /api/chat/sessions; without a title the first question names the conversation. */
export const createChatSessionSchema = z.strictObject({ title: titleText.optional() }, unknownFields);

/** PATCH /api/chat/sessions/{id}: rename. */
export const renameChatSessionSchema = z.strictObject({ title: titleText }, unknownFields);

/** GET /api/chat/sessions?q=&page=: q searches titles and message text; blank means all. */
export const listChatSessionsQuerySchema = searchPageQuerySchema(CHAT_SEARCH_MAX_LENGTH);

const chatIdText = (label: string) => z.string().refine(isChatId, `${label} is 26 letters or digits`);

export const chatSessionParamsSchema = z.object({ id: chatIdText('A conversation id') });
export const chatMessageParamsSchema = z.object({ id: chatIdText('A conversation id'), messageId: chatIdText('A message id') });
export const chatAttachmentParamsSchema = z.object({ id: chatIdText('A conversation id'), attachmentId: chatIdText('An attachment id') });

const filterValues = z
  .array(z.string().max(CHAT_FILTER_VALUE_MAX_LENGTH, `A filter value is longer than ${CHAT_FILTER_VALUE_MAX_LENGTH} characters`))
  .max(CHAT_FILTER_VALUES_MAX, `Give at most ${CHAT_FILTER_VALUES_MAX} values per filter`)
  .default([]);

export const chatFiltersSchema = z.strictObject({ category: filterValues, domain: filterValues, subDomain: filterValues }, unknownFields);

/** POST /api/chat/sessions/{id}/messages: a question (streamed answer). */
export const chatMessageRequestSchema = z.strictObject(
  {
    content: z
      .string({ error: 'Enter a question' })
      .trim()
      .min(1, 'Enter a question')
      .max(CHAT_MESSAGE_MAX_LENGTH, `A message is at most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
    mode: z.enum(['answer', 'draft'], { error: "The mode is 'answer' or 'draft'" }).default('answer'),
    filters: chatFiltersSchema.default({ category: [], domain: [], subDomain: [] }),
    /** The organisation's internal documents are searched too unless this is false. */
    include_internal: z.boolean().default(true),
    attachment_ids: z
      .array(chatIdText('An attachment id'))
      .max(CHAT_ATTACHMENTS_MAX, `Attach at most ${CHAT_ATTACHMENTS_MAX} files to a question`)
      .default([]),
  },
  unknownFields,
);

/** POST /api/chat/sessions/{id}/messages/{messageId}/feedback; rating null withdraws it. */
export const chatFeedbackSchema = z
  .strictObject(
    {
      rating: z.enum(['up', 'down'], { error: "The rating is 'up' or 'down'" }).nullable(),
      comment: z
        .string()
        .trim()
        .max(CHAT_FEEDBACK_COMMENT_MAX_LENGTH, `A comment is at most ${CHAT_FEEDBACK_COMMENT_MAX_LENGTH} characters`)
        .optional()
        .transform((value) => value || undefined),
    },
    unknownFields,
  )
  .refine((value) => value.rating !== null || value.comment === undefined, {
    message: 'A comment needs a rating',
    path: ['comment'],
  });
export type ChatFeedbackRequest = z.infer<typeof chatFeedbackSchema>;

/** POST …/messages/{messageId}/edit: the question's new text (its mode and filters are kept). */
export const chatEditMessageSchema = chatMessageRequestSchema.pick({ content: true });

/** POST …/attachments (multipart): one file in the `file` field. */
export const chatAttachmentUploadSchema = z.object({ file: uploadedFile('Attach exactly one file as the file field') });

/** Server-Sent Events of the streaming messages endpoints, by event name. */
export const chatStreamEventSchemas = {
  /** The next piece of the answer text, in order. */
  token: z.object({ text: z.string() }),
  /** The answer's citations (sent before `done`; may be re-sent as the answer grows). */
  citations: z.object({ citations: z.array(citationSchema) }),
  /** The answer is stored: the question and answer as saved, and the conversation (its title may be new). */
  done: z.object({ question: chatMessageSchema, answer: chatMessageSchema, session: chatSessionSummarySchema }),
  /** The answer failed; the body is the catalogue's error shape. */
  error: apiErrorBodySchema,
};

export type ChatStreamEvents = { [K in keyof typeof chatStreamEventSchemas]: z.infer<(typeof chatStreamEventSchemas)[K]> };
export type ChatStreamEventName = keyof ChatStreamEvents;
export type ChatStreamEvent = { [K in ChatStreamEventName]: { event: K; data: ChatStreamEvents[K] } }[ChatStreamEventName];
