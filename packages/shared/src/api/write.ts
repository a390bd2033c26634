import { z } from 'zod';
import { isDocumentId } from '../ids.ts';
import { uploadedFile } from './account.ts';
import { documentLinkSchema, documentStatusSchema } from './documents.ts';
import { jobStatusSchema, stagedJobSchema } from './ingest.ts';
import { pagedListSchema, searchPageQuerySchema } from './list-query.ts';
import {
  isWriteId,
  WRITE_CONTENT_MAX_LENGTH,
  WRITE_KINDS,
  WRITE_PASTE_MAX_LENGTH,
  WRITE_SEARCH_MAX_LENGTH,
  WRITE_STAGES,
  WRITE_TITLE_MAX_LENGTH,
} from './write-values.ts';

/**
 * The writing assistant: a meeting transcript becomes a document (minutes, an action log, a
 * briefing or an incident report) that its author edits and exports to Word. A document is its
 * author's alone, within their organisation; its address is /write/{external_id}.
 */

/** What a transcript becomes (WRITE_KINDS, write-values.ts). */
export const writeKindSchema = z.enum(WRITE_KINDS, {
  error: 'Choose what to produce: minutes, action_log, briefing or incident_report',
});

/** `YYYY-MM-DD`, a real calendar date. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is written YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'That date does not exist');

// ---------------------------------------------------------------------------------------------
// The transcript and what was found in it

/** One line of the cleaned transcript; `n` counts from 1 and is what evidence cites. */
export const transcriptLineSchema = z.object({
  n: z.number().int().min(1),
  /** The speaker's label as the transcript gives it; null for text without speakers. */
  speaker: z.string().nullable(),
  /** The time the line was said, as the transcript gives it (`00:01:02`); null when it has none. */
  time: z.string().nullable(),
  text: z.string(),
});
export type TranscriptLine = z.infer<typeof transcriptLineSchema>;

export const transcriptFormatSchema = z.enum(['plain', 'timestamped', 'automin', 'teams', 'vtt', 'srt', 'paragraphs']);
export type TranscriptFormat = z.infer<typeof transcriptFormatSchema>;

/** A decision the meeting reached, with the transcript lines it was taken from. */
export const writeDecisionSchema = z.object({
  /** `decision-1`, `decision-2`, … stable within the document; GET …/evidence/{id} answers with its lines. */
  id: z.string(),
  text: z.string(),
  lines: z.array(z.number().int()),
});
export type WriteDecision = z.infer<typeof writeDecisionSchema>;

/** An action someone took on or was given, with its due date and the lines it was taken from. */
export const writeActionSchema = z.object({
  /** `action-1`, `action-2`, … */
  id: z.string(),
  /** A person as the minutes name them, or a role when only a role owns it. */
  owner: z.string(),
  action: z.string(),
  /** The due date resolved against the meeting date, or null when none was said. */
  due: isoDateSchema.nullable(),
  /** The words said for the date ("by Friday", "before the next meeting"), shown beside it. */
  due_said: z.string().nullable(),
  lines: z.array(z.number().int()),
});
export type WriteAction = z.infer<typeof writeActionSchema>;

/** A library document discussed in the meeting (by code, title or a spoken form). */
export const writeReferenceSchema = z.object({
  code: z.string(),
  title: z.string(),
  /** The library document to open at /wiki/{id}; null when the caller cannot see one with this code. */
  document_id: z.string().nullable(),
  status: documentStatusSchema,
  /** The current edition, when this one is superseded. */
  superseded_by: documentLinkSchema.nullable(),
  /** How it was said, and where: the first few mentions. */
  mentions: z.array(z.object({ said: z.string(), line: z.number().int() })),
});
export type WriteReference = z.infer<typeof writeReferenceSchema>;

export const writeTopicSchema = z.object({
  title: z.string(),
  /** What was said about it, as complete sentences. */
  points: z.array(z.string()),
  /** The first and last transcript line of the topic. */
  from_line: z.number().int(),
  to_line: z.number().int(),
});
export type WriteTopic = z.infer<typeof writeTopicSchema>;

/** Everything the engine found in a transcript; the document's first content is written from it. */
export const writeFindingsSchema = z.object({
  title: z.string(),
  /** The meeting date: given with the upload, or said in the meeting; null when neither. */
  meeting_date: isoDateSchema.nullable(),
  next_meeting_date: isoDateSchema.nullable(),
  attendees: z.array(z.string()),
  apologies: z.array(z.string()),
  summary: z.array(z.string()),
  topics: z.array(writeTopicSchema),
  decisions: z.array(writeDecisionSchema),
  actions: z.array(writeActionSchema),
  references: z.array(writeReferenceSchema),
});
export type WriteFindings = z.infer<typeof writeFindingsSchema>;

// ---------------------------------------------------------------------------------------------
// The editable document: the editor's JSON (a ProseMirror document) restricted to what the
// editor offers and the Word export renders.

// The schemas of the editable document use plain objects, enums and unions only (a getter for the
// recursion, not z.lazy, discriminatedUnion or literal): the zod classes a schema needs join the
// JavaScript every page of the web app loads first, and those three add about 1 kB to it.
const markSchema = z.union([
  z.object({ type: z.enum(['bold', 'italic']) }),
  z.object({ type: z.enum(['link']), attrs: z.looseObject({ href: z.string().max(2000) }) }),
]);
export type WriteMark = z.infer<typeof markSchema>;

export interface WriteNode {
  type: WriteNodeType;
  attrs?: Record<string, unknown>;
  content?: WriteNode[];
  text?: string;
  marks?: WriteMark[];
}
export const WRITE_NODE_TYPES = [
  'doc',
  'heading',
  'paragraph',
  'text',
  'hardBreak',
  'bulletList',
  'orderedList',
  'listItem',
  'table',
  'tableRow',
  'tableHeader',
  'tableCell',
] as const;
export type WriteNodeType = (typeof WRITE_NODE_TYPES)[number];

/**
 * A node of the document. `attrs.item` on a table row or list item names the decision or
 * action it was written from (`action-3`), which is how the page finds its evidence.
 */
export const writeNodeSchema: z.ZodType<WriteNode> = z
  .object({
    type: z.enum(WRITE_NODE_TYPES),
    attrs: z.record(z.string(), z.unknown()).optional(),
    get content() {
      return z.array(writeNodeSchema).max(20_000).optional();
    },
    text: z.string().max(100_000).optional(),
    marks: z.array(markSchema).max(10).optional(),
  })
  // Named, so the OpenAPI document describes the recursion once, as a component.
  .meta({ id: 'WriteNode' });

export const writeContentSchema = z
  .object({ type: z.enum(['doc']), content: z.array(writeNodeSchema).max(20_000) })
  .refine((doc) => JSON.stringify(doc).length <= WRITE_CONTENT_MAX_LENGTH, {
    message: `A document is at most ${WRITE_CONTENT_MAX_LENGTH} characters`,
  });
export type WriteContent = z.infer<typeof writeContentSchema>;

// ---------------------------------------------------------------------------------------------
// Requests and answers

export const writeDocumentStatusSchema = z.enum(['generating', 'ready', 'failed']);
export type WriteDocumentStatus = z.infer<typeof writeDocumentStatusSchema>;

/** A document in the list. */
export const writeDocumentSummarySchema = z.object({
  external_id: z.string(),
  title: z.string(),
  kind: writeKindSchema,
  meeting_date: isoDateSchema.nullable(),
  status: writeDocumentStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type WriteDocumentSummary = z.infer<typeof writeDocumentSummarySchema>;

/** GET /api/write/documents/{external_id}. */
export const writeDocumentSchema = writeDocumentSummarySchema.extend({
  /** Null until generated. */
  content: writeContentSchema.nullable(),
  /** Increases with every saved change; a save names the version it was made from. */
  version: z.number().int(),
  findings: writeFindingsSchema.nullable(),
  /** 'builtin' or 'provider:{provider}:{model}'. */
  engine: z.string().nullable(),
  /** The generation job, while it runs or when it failed. */
  job_id: z.string().nullable(),
  /** Why generation failed. */
  error: z.string().nullable(),
  source_filename: z.string().nullable(),
});
export type WriteDocument = z.infer<typeof writeDocumentSchema>;

export const writeDocumentParamsSchema = z.object({
  external_id: z.string().refine(isWriteId, 'A document id is 26 letters or digits'),
});
export const writeEvidenceParamsSchema = writeDocumentParamsSchema.extend({
  item: z.string().regex(/^(action|decision)-[1-9][0-9]{0,4}$/, 'An item is action-N or decision-N'),
});
export const writeJobParamsSchema = z.object({ id: z.string().refine(isDocumentId, 'A job id is 26 letters or digits') });

const optionalFormText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** POST /api/write/documents (multipart): a transcript file or pasted text, and what to make of it. */
export const createWriteDocumentSchema = z
  .object({
    file: uploadedFile('The transcript must be a file').optional(),
    text: z.string().max(WRITE_PASTE_MAX_LENGTH, `A pasted transcript is at most ${WRITE_PASTE_MAX_LENGTH} characters`).optional(),
    kind: writeKindSchema.default('minutes'),
    title: optionalFormText('The title', WRITE_TITLE_MAX_LENGTH),
    meeting_date: z
      .string()
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(isoDateSchema.optional()),
  })
  .refine((form) => (form.file !== undefined) !== (form.text !== undefined && form.text.trim() !== ''), {
    message: 'Choose a transcript file or paste the transcript text (one of them)',
    path: ['file'],
  });
export type CreateWriteDocumentForm = z.infer<typeof createWriteDocumentSchema>;

/** 202 answer: the document (generating) and the job that writes it. */
export const createWriteDocumentResponseSchema = z.object({
  external_id: z.string(),
  job_id: z.string(),
  status: jobStatusSchema,
});
export type CreateWriteDocumentResponse = z.infer<typeof createWriteDocumentResponseSchema>;

export const writeJobProgressSchema = z.object({
  stage: z.enum(WRITE_STAGES),
  lines: z.number().int().optional(),
  speakers: z.number().int().optional(),
  /** For a provider engine working in chunks: chunks done and in all. */
  chunks_done: z.number().int().optional(),
  chunks: z.number().int().optional(),
});
export type WriteJobProgress = z.infer<typeof writeJobProgressSchema>;

/** GET /api/write/jobs/{id}. */
export const writeJobSchema = stagedJobSchema(writeJobProgressSchema, { external_id: z.string() });
export type WriteJob = z.infer<typeof writeJobSchema>;

export const listWriteDocumentsQuerySchema = searchPageQuerySchema(WRITE_SEARCH_MAX_LENGTH);
export const writeDocumentListSchema = pagedListSchema('documents', writeDocumentSummarySchema);
export type WriteDocumentList = z.infer<typeof writeDocumentListSchema>;

/**
 * PATCH /api/write/documents/{external_id}/content: the editor's document and the version it was
 * edited from. The server also checks that it is one the editor can load back (write-content.ts,
 * kept out of this schema so that the web's first script does not carry it).
 */
export const saveWriteContentSchema = z.object({
  content: writeContentSchema,
  version: z.number().int().min(0),
});
export const saveWriteContentResponseSchema = z.object({ version: z.number().int(), updated_at: z.string() });
export type SaveWriteContentResponse = z.infer<typeof saveWriteContentResponseSchema>;

/** PATCH /api/write/documents/{external_id}. */
export const renameWriteDocumentSchema = z.object({
  title: z
    .string({ error: 'A title is required' })
    .trim()
    .min(1, 'A title is required')
    .max(WRITE_TITLE_MAX_LENGTH, `A title is at most ${WRITE_TITLE_MAX_LENGTH} characters`),
});

/** GET /api/write/documents/{external_id}/evidence/{item}: the transcript lines an item was taken from, with a line either side. */
export const writeEvidenceSchema = z.object({
  item: z.string(),
  text: z.string(),
  /** The cited lines and their neighbours; `cited` marks the ones the item was taken from. */
  lines: z.array(transcriptLineSchema.extend({ cited: z.boolean() })),
});
export type WriteEvidence = z.infer<typeof writeEvidenceSchema>;
