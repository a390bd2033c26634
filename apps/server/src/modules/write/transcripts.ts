/**
 * Reading a transcript from what the author gave: a file (.docx, .txt, .md, .vtt, .srt) or pasted
 * text. This runs in the request, before anything is stored, so a file that is empty, of the wrong
 * type, unreadable, not a transcript or too large is refused at once with a 4xx and creates
 * nothing; only a transcript that reads goes on to be written (in a job).
 *
 * The format is decided by content: a Word file by its ZIP directory, then parsed in the isolated
 * parser pool with the hostile-file limits like every upload; anything else must be UTF-8 text
 * without binary bytes (the ingestion sniffer's rule), which is decoded here, bounded by the file
 * size and the character limit before the transcript reader sees it.
 */
import { ERROR_CODES } from '@verity/shared';
import { parseUntrustedFile } from '../../ingest/isolated.ts';
import { type ParsedDocument, sniffFormat, UnreadableFileError } from '../../ingest/parse.ts';
import { ACCEPTED_TYPES_MESSAGE } from '../../ingest/sniff.ts';
import { AppError, catalogued } from '../../lib/errors.ts';
import { formatMegabytes } from '../../lib/uploads.ts';
import { NotATranscriptError, readTranscript, transcriptTextFromElements } from '../../write/transcript.ts';
import type { Transcript } from '../../write/types.ts';

/** The WRITE_* limits on one transcript. */
export interface TranscriptLimits {
  maxBytes: number;
  maxCharacters: number;
  maxSpeakers: number;
}

export type TranscriptSource = { file: Blob; filename: string } | { text: string };

export const TRANSCRIPT_TYPES_MESSAGE =
  'Upload a transcript saved as Word (.docx), plain text (.txt or .md), WebVTT (.vtt) or SubRip (.srt), or paste its text.';

/** The refusal of a file (or a body) over WRITE_MAX_BYTES. */
export function transcriptFileTooLarge(maxBytes: number): AppError {
  return catalogued(413, 'fileTooLarge', `The file is larger than the ${formatMegabytes(maxBytes)} limit for transcripts.`);
}

/** The transcript, read and checked against the limits; refused with a 4xx naming the field it came from. */
export async function transcriptFrom(source: TranscriptSource, limits: TranscriptLimits): Promise<Transcript> {
  const field = 'file' in source ? 'file' : 'text';
  const text = 'file' in source ? await fileText(source, limits) : source.text;
  if (text.trim() === '') throw refused(field, emptyMessage(field));
  if (text.length > limits.maxCharacters) {
    throw refused(
      field,
      `This transcript is ${count(text.length)} characters long; the writing assistant takes at most ${count(limits.maxCharacters)}. Split it and write each part separately.`,
      'transcriptTooLarge',
    );
  }
  let transcript: Transcript;
  try {
    transcript = readTranscript(text);
  } catch (error) {
    if (error instanceof NotATranscriptError) throw refused(field, error.message, 'notATranscript');
    throw error;
  }
  if (transcript.lines.length === 0) throw refused(field, emptyMessage(field));
  const speakers = new Set(transcript.lines.flatMap((line) => (line.speaker === null ? [] : [line.speaker]))).size;
  if (speakers > limits.maxSpeakers) {
    throw refused(
      field,
      `This transcript names ${count(speakers)} speakers; the writing assistant takes meetings of at most ${count(limits.maxSpeakers)}.`,
      'transcriptTooLarge',
    );
  }
  return transcript;
}

/** The text of an uploaded file: a Word file's paragraphs, or the file decoded as UTF-8. */
async function fileText(source: { file: Blob; filename: string }, limits: TranscriptLimits): Promise<string> {
  if (source.file.size === 0) throw refused('file', 'The file is empty.');
  if (source.file.size > limits.maxBytes) throw transcriptFileTooLarge(limits.maxBytes);
  const bytes = new Uint8Array(await source.file.arrayBuffer());
  let format: string;
  try {
    format = sniffFormat(bytes, source.filename);
  } catch (error) {
    if (error instanceof UnreadableFileError) throw unsupported(error.message.replace(ACCEPTED_TYPES_MESSAGE, '').trim());
    throw error;
  }
  if (format === 'pdf') throw unsupported('This file is a PDF.');
  if (format === 'html') throw unsupported('This file is a web page (HTML).');
  if (format !== 'docx') return new TextDecoder('utf-8').decode(bytes);
  let parsed: ParsedDocument;
  try {
    parsed = await parseUntrustedFile({ bytes, filename: source.filename, maxBytes: limits.maxBytes });
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    if (error.reason === 'too_large') throw transcriptFileTooLarge(limits.maxBytes);
    if (error.reason === 'no_text') throw refused('file', emptyMessage('file'));
    throw refused('file', error.message.replace(/ before ingestion\.$/, '.'));
  }
  return transcriptTextFromElements(parsed.elements);
}

function emptyMessage(field: 'file' | 'text'): string {
  return field === 'file' ? 'The file holds no transcript text.' : 'Paste the text of the transcript.';
}

/** 422 naming the field, with the catalogue's code when there is one for the reason. */
function refused(
  field: 'file' | 'text',
  message: string,
  code?: 'notATranscript' | 'transcriptTooLarge' | 'unsupportedDocument',
): AppError {
  const entry = code === undefined ? undefined : ERROR_CODES[code];
  return new AppError(422, message, {
    detail: [{ loc: ['body', field], msg: message }],
    ...(entry ? { errorCode: entry.code, errorTitle: entry.title } : {}),
  });
}

function unsupported(what: string): AppError {
  return refused('file', `${what} ${TRANSCRIPT_TYPES_MESSAGE}`, 'unsupportedDocument');
}

const count = (n: number) => n.toLocaleString('en-GB');
