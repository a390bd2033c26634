/**
 * Reading a transcript from what the author gave: a file (.docx, .txt, .md, .vtt, .srt) or pasted
 * text. This runs in the request, before anything is stored, so a file that is empty, of the wrong
 * type, unreadable, not a transcript or too large is refused at once with a 4xx and creates
 * nothing; only a transcript that reads goes on to be written (in a job).
 *
 * Everything that looks at the content runs in the untrusted-work pool (untrusted/pool.ts), never
 * on the event loop: the type check by content, a Word file's parsing with the hostile-file
 * limits, the UTF-8 decoding and the transcript reader. `readTranscriptSource` is that worker
 * side; it answers with the transcript or with the refusal, which `transcriptFrom` turns into
 * the HTTP error.
 */
import { ERROR_CODES } from '@verity/shared';
import type { ParseLimits } from '../../ingest/limits.ts';
import { parseFile, sniffFormat, UnreadableFileError } from '../../ingest/parse.ts';
import { ACCEPTED_TYPES_MESSAGE } from '../../ingest/sniff.ts';
import { AppError, catalogued } from '../../lib/errors.ts';
import { formatMegabytes } from '../../lib/uploads.ts';
import { untrustedWork } from '../../untrusted/pool.ts';
import { NotATranscriptError, readTranscript, transcriptTextFromElements } from '../../write/transcript.ts';
import type { Transcript } from '../../write/types.ts';

/** The WRITE_* limits on one transcript. */
export interface TranscriptLimits {
  maxBytes: number;
  maxCharacters: number;
  maxSpeakers: number;
}

export type TranscriptSource = { file: Blob; filename: string } | { text: string };

/** What the worker reads: the file's bytes or the pasted text, with the limits. */
export type TranscriptSourceInput = ({ bytes: Uint8Array; filename: string } | { text: string }) & { limits: TranscriptLimits };

type RefusalCode = 'notATranscript' | 'transcriptTooLarge' | 'unsupportedDocument';

/** The reader's answer: the transcript, or why it was refused. */
export type TranscriptReading =
  | { transcript: Transcript }
  | { tooLarge: true }
  | { refused: { field: 'file' | 'text'; message: string; code?: RefusalCode } };

export const TRANSCRIPT_TYPES_MESSAGE =
  'Upload a transcript saved as Word (.docx), plain text (.txt or .md), WebVTT (.vtt) or SubRip (.srt), or paste its text.';

/** The refusal of a file (or a body) over WRITE_MAX_BYTES. */
export function transcriptFileTooLarge(maxBytes: number): AppError {
  return catalogued(413, 'fileTooLarge', `The file is larger than the ${formatMegabytes(maxBytes)} limit for transcripts.`);
}

/** The transcript, read in the untrusted-work pool and checked against the limits; refused with a 4xx naming the field it came from. */
export async function transcriptFrom(source: TranscriptSource, limits: TranscriptLimits, owner?: string): Promise<Transcript> {
  let input: TranscriptSourceInput;
  if ('file' in source) {
    if (source.file.size === 0) throw refused('file', 'The file is empty.');
    if (source.file.size > limits.maxBytes) throw transcriptFileTooLarge(limits.maxBytes);
    input = { bytes: new Uint8Array(await source.file.arrayBuffer()), filename: source.filename, limits };
  } else {
    // Counted before it goes anywhere: a string's length is known without reading it.
    if (source.text.length > limits.maxCharacters)
      throw refused('text', tooManyCharacters(source.text.length, limits), 'transcriptTooLarge');
    input = { text: source.text, limits };
  }
  let reading: TranscriptReading;
  try {
    reading = await untrustedWork().transcript(input, { owner });
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    // The pool's own limits (time, memory) ended the reading.
    throw refused('file' in source ? 'file' : 'text', error.message.replace(/ before ingestion\.$/, '.'));
  }
  if ('tooLarge' in reading) throw transcriptFileTooLarge(limits.maxBytes);
  if ('refused' in reading) throw refused(reading.refused.field, reading.refused.message, reading.refused.code);
  return reading.transcript;
}

/**
 * The worker side: the file's type decided by content, a Word file parsed with the hostile-file
 * limits, text decoded, the transcript read and checked against the limits. Never throws for bad
 * input: every refusal is an answer.
 */
export async function readTranscriptSource(source: TranscriptSourceInput, parseLimits: ParseLimits): Promise<TranscriptReading> {
  const field = 'bytes' in source ? 'file' : 'text';
  const refuse = (message: string, code?: RefusalCode): TranscriptReading => ({ refused: { field, message, ...(code ? { code } : {}) } });
  const { limits } = source;
  let text: string;
  if ('bytes' in source) {
    const file = await fileText(source, parseLimits);
    if (typeof file !== 'string') return file;
    text = file;
  } else {
    text = source.text;
  }
  if (text.trim() === '') return refuse(emptyMessage(field));
  if (text.length > limits.maxCharacters) return refuse(tooManyCharacters(text.length, limits), 'transcriptTooLarge');
  let transcript: Transcript;
  try {
    transcript = readTranscript(text);
  } catch (error) {
    if (error instanceof NotATranscriptError) return refuse(error.message, 'notATranscript');
    throw error;
  }
  if (transcript.lines.length === 0) return refuse(emptyMessage(field));
  const speakers = new Set(transcript.lines.flatMap((line) => (line.speaker === null ? [] : [line.speaker]))).size;
  if (speakers > limits.maxSpeakers) {
    return refuse(
      `This transcript names ${count(speakers)} speakers; the writing assistant takes meetings of at most ${count(limits.maxSpeakers)}.`,
      'transcriptTooLarge',
    );
  }
  return { transcript };
}

/** The text of an uploaded file: a Word file's paragraphs, or the file decoded as UTF-8; a refusal otherwise. */
async function fileText(
  source: { bytes: Uint8Array; filename: string; limits: TranscriptLimits },
  parseLimits: ParseLimits,
): Promise<string | TranscriptReading> {
  const { bytes, filename, limits } = source;
  const unsupported = (what: string): TranscriptReading => ({
    refused: { field: 'file', message: `${what} ${TRANSCRIPT_TYPES_MESSAGE}`, code: 'unsupportedDocument' },
  });
  let format: string;
  try {
    format = sniffFormat(bytes, filename);
  } catch (error) {
    if (error instanceof UnreadableFileError) return unsupported(error.message.replace(ACCEPTED_TYPES_MESSAGE, '').trim());
    throw error;
  }
  if (format === 'pdf') return unsupported('This file is a PDF.');
  if (format === 'html') return unsupported('This file is a web page (HTML).');
  if (format !== 'docx') return new TextDecoder('utf-8').decode(bytes);
  try {
    const parsed = await parseFile({ bytes, filename, maxBytes: limits.maxBytes, limits: parseLimits });
    return transcriptTextFromElements(parsed.elements);
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    if (error.reason === 'too_large') return { tooLarge: true };
    if (error.reason === 'no_text') return { refused: { field: 'file', message: emptyMessage('file') } };
    return { refused: { field: 'file', message: error.message.replace(/ before ingestion\.$/, '.') } };
  }
}

function tooManyCharacters(length: number, limits: TranscriptLimits): string {
  return `This transcript is ${count(length)} characters long; the writing assistant takes at most ${count(limits.maxCharacters)}. Split it and write each part separately.`;
}

function emptyMessage(field: 'file' | 'text'): string {
  return field === 'file' ? 'The file holds no transcript text.' : 'Paste the text of the transcript.';
}

/** 422 naming the field, with the catalogue's code when there is one for the reason. */
function refused(field: 'file' | 'text', message: string, code?: RefusalCode): AppError {
  const entry = code === undefined ? undefined : ERROR_CODES[code];
  return new AppError(422, message, {
    detail: [{ loc: ['body', field], msg: message }],
    ...(entry ? { errorCode: entry.code, errorTitle: entry.title } : {}),
  });
}

const count = (n: number) => n.toLocaleString('en-GB');
