import { isDocumentId } from '../ids.ts';

/**
 * The writing assistant's plain values: limits, kinds, labels and stages, apart from its schemas
 * (write.ts). The pages read them as they render; the schemas, built with zod, load only with a
 * form's check (see docs/architecture.md, the browser bundle).
 */

/** Documents use the same 26-character ULIDs as everything else. */
export const isWriteId = isDocumentId;

export const WRITE_TITLE_MAX_LENGTH = 200;
export const WRITE_SEARCH_MAX_LENGTH = 200;
export const WRITE_DOCUMENTS_PAGE_SIZE = 20;
/** The largest pasted transcript, in characters (an uploaded file is limited by WRITE_MAX_BYTES and WRITE_MAX_CHARACTERS). */
export const WRITE_PASTE_MAX_LENGTH = 400_000;
/** The largest saved document, as the editor's JSON, in characters. */
export const WRITE_CONTENT_MAX_LENGTH = 2_000_000;
/** The transcript file types the page offers; the format itself is always decided by content. */
export const WRITE_FILE_EXTENSIONS = ['.docx', '.txt', '.md', '.vtt', '.srt'] as const;

/** What a transcript becomes, in the order the page offers them. */
export const WRITE_KINDS = ['minutes', 'action_log', 'briefing', 'incident_report'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];
export const WRITE_KIND_LABELS: Record<WriteKind, string> = {
  minutes: 'Meeting minutes',
  action_log: 'Action log',
  briefing: 'Summary briefing',
  incident_report: 'Incident / investigation report',
};

/** Where generation has got to, in the order the page shows the stages. */
export const WRITE_STAGES = ['queued', 'parsing', 'speakers', 'topics', 'items', 'references', 'writing', 'done'] as const;
