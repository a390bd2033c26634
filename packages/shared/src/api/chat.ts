import { z } from 'zod';
import type { ApiErrorBody } from '../errors.ts';
import { isDocumentId } from '../ids.ts';
import type { DocumentLink, DocumentStatus } from './documents.ts';

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

export type ChatRole = 'user' | 'assistant';
/** Answer: a cited answer to a question. Draft: a structured policy section with citations. */
export type ChatMode = 'answer' | 'draft';
/** Complete, stopped by the user mid-stream (the partial answer is kept) or ended by an error. */
export type ChatMessageStatus = 'complete' | 'stopped' | 'error';
export type ChatFeedbackRating = 'up' | 'down';

/** The wiki's filters, as a question was scoped (empty lists: no restriction of that kind). */
export interface ChatFilters {
  category: string[];
  domain: string[];
  subDomain: string[];
}

/** Where a cited passage comes from: the library (opens in the wiki reader) or a file attached to the conversation. */
export type CitationSource = 'library' | 'attachment';

/**
 * One numbered source of an answer; `[n]` in the answer text points at it. For an attachment,
 * document_id is the attachment's id, title its title (or file name), code and edition are empty
 * and element_ids name its parsed elements (there is no wiki page to open).
 */
export interface Citation {
  n: number;
  source: CitationSource;
  document_id: string;
  code: string;
  title: string;
  edition: string;
  status: DocumentStatus;
  /** The cited elements: open /wiki/{document_id}?element_ids=… to see them highlighted. */
  element_ids: string[];
  /** The passage as the answer relied on it. */
  quote: string;
  /** The current edition, when this one is superseded and the current one is visible. */
  superseded_by: DocumentLink | null;
}

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
export interface ChatAttachment {
  id: string;
  file_name: string;
  /** The document's own title when it has one, otherwise the file name. */
  title: string;
  format: 'pdf' | 'docx' | 'text';
  size: number;
  /** Pages of a PDF; null for other formats. */
  pages: number | null;
  created_at: string;
}

export interface ChatMessage {
  id: string;
  /** 0-based order within the conversation. */
  position: number;
  role: ChatRole;
  content: string;
  mode: ChatMode;
  status: ChatMessageStatus;
  /** Which engine wrote an answer ('builtin', 'provider:openai:gpt-…'); null for questions. */
  engine: string | null;
  citations: Citation[];
  /** The filters a question was asked with; null for answers. */
  filters: ChatFilters | null;
  include_internal: boolean;
  /** The files a question was asked about; empty for answers. */
  attachments: ChatAttachment[];
  feedback: ChatFeedbackRating | null;
  feedback_comment: string | null;
  created_at: string;
}

export interface ChatSessionSummary {
  id: string;
  title: string;
  created_at: string;
  updated_at: string;
  /** The last activity: the latest message, or the creation of a conversation with none yet. */
  last_message_at: string;
}

/** GET /api/chat/sessions/{id}: the conversation with its messages in order. */
export interface ChatSessionDetail extends ChatSessionSummary {
  messages: ChatMessage[];
}

/** GET /api/chat/sessions: the caller's conversations, latest activity first. */
export interface ChatSessionListResponse {
  sessions: ChatSessionSummary[];
  page: number;
  page_size: number;
  total: number;
}

/**
 * GET /api/chat/config: what the chat on this server can do, for the page to show before the
 * first question (which engine answers, what may be attached).
 */
export interface ChatConfigResponse {
  engine: {
    /** 'builtin' or 'provider:{provider}:{model}', as recorded on answers. */
    id: string;
    kind: 'builtin' | 'provider';
    /** A short name for the badge: 'Built-in engine (offline)', 'OpenAI gpt-4o-mini', … */
    label: string;
  };
  attachment_max_bytes: number;
  attachments_max: number;
  message_max_length: number;
}

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
export const listChatSessionsQuerySchema = z.object({
  q: z
    .string()
    .max(CHAT_SEARCH_MAX_LENGTH, `A search is at most ${CHAT_SEARCH_MAX_LENGTH} characters`)
    .optional()
    .transform((value) => value?.trim() || undefined),
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'The page is a whole number from 1')
    .optional()
    .transform((value) => (value === undefined ? 1 : Number(value))),
});

const chatIdText = (label: string) => z.string().refine(isChatId, `${label} is 26 letters or digits`);

export const chatSessionParamsSchema = z.object({ id: chatIdText('A conversation id') });
export const chatMessageParamsSchema = z.object({ id: chatIdText('A conversation id'), messageId: chatIdText('A message id') });

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

/** Server-Sent Events of the streaming messages endpoint, by event name. */
export interface ChatStreamEvents {
  /** The next piece of the answer text, in order. */
  token: { text: string };
  /** The answer's citations (sent before `done`; may be re-sent as the answer grows). */
  citations: { citations: Citation[] };
  /** The answer is stored: the question and answer as saved, and the conversation (its title may be new). */
  done: { question: ChatMessage; answer: ChatMessage; session: ChatSessionSummary };
  /** The answer failed; the body is the catalogue's error shape. */
  error: ApiErrorBody;
}

export type ChatStreamEventName = keyof ChatStreamEvents;
export type ChatStreamEvent = { [K in ChatStreamEventName]: { event: K; data: ChatStreamEvents[K] } }[ChatStreamEventName];
