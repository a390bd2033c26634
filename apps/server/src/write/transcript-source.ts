/**
 * Reading a transcript from what the author gave, on the worker side of the untrusted-work pool
 * (untrusted/pool.ts): the file's type decided by content, a Word file parsed with the hostile-file
 * limits, text decoded, the transcript read and checked against the WRITE_* limits. Every refusal
 * is an answer, never a throw; the request side (modules/write/transcripts.ts) turns it into the
 * HTTP error.
 */
import type { ParseLimits } from '../ingest/limits.ts';
import { parseFile, sniffFormat, UnreadableFileError } from '../ingest/parse.ts';
import { ACCEPTED_TYPES_MESSAGE } from '../ingest/sniff.ts';
import { NotATranscriptError, readTranscript, transcriptTextFromElements } from './transcript.ts';
import type { Transcript } from './types.ts';

/** The WRITE_* limits on one transcript. */
export interface TranscriptLimits {
  maxBytes: number;
  maxCharacters: number;
  maxSpeakers: number;
}

/** What the worker reads: the file's bytes or the pasted text, with the limits. */
export type TranscriptSourceInput = ({ bytes: Uint8Array; filename: string } | { text: string }) & { limits: TranscriptLimits };

export type RefusalCode = 'notATranscript' | 'transcriptTooLarge' | 'unsupportedDocument';

/** The reader's answer: the transcript, or why it was refused. */
export type TranscriptReading =
  | { transcript: Transcript }
  | { tooLarge: true }
  | { refused: { field: 'file' | 'text'; message: string; code?: RefusalCode } };

export const TRANSCRIPT_TYPES_MESSAGE =
  'Upload a transcript saved as Word (.docx), plain text (.txt or .md), WebVTT (.vtt) or SubRip (.srt), or paste its text.';

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

export function tooManyCharacters(length: number, limits: TranscriptLimits): string {
  return `This transcript is ${count(length)} characters long; the writing assistant takes at most ${count(limits.maxCharacters)}. Split it and write each part separately.`;
}

export function emptyMessage(field: 'file' | 'text'): string {
  return field === 'file' ? 'The file holds no transcript text.' : 'Paste the text of the transcript.';
}

const count = (n: number) => n.toLocaleString('en-GB');
