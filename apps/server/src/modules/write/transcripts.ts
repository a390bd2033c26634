/**
 * Reading a transcript from what the author gave: a file (.docx, .txt, .md, .vtt, .srt) or pasted
 * text. This runs in the request, before anything is stored, so a file that is empty, of the wrong
 * type, unreadable, not a transcript or too large is refused at once with a 4xx and creates
 * nothing; only a transcript that reads goes on to be written (in a job).
 *
 * Everything that looks at the content runs in the untrusted-work pool (untrusted/pool.ts), never
 * on the event loop: the type check by content, a Word file's parsing with the hostile-file
 * limits, the UTF-8 decoding and the transcript reader (write/transcript-source.ts). This side
 * hands it the bytes or text and turns its answer into the transcript or the HTTP error.
 */
import { ERROR_CODES } from '@verity/shared';
import { UnreadableFileError } from '../../ingest/parse.ts';
import { AppError, catalogued } from '../../lib/errors.ts';
import { formatMegabytes } from '../../lib/uploads.ts';
import { untrustedWork } from '../../untrusted/pool.ts';
import {
  type RefusalCode,
  type TranscriptLimits,
  type TranscriptReading,
  type TranscriptSourceInput,
  tooManyCharacters,
} from '../../write/transcript-source.ts';
import type { Transcript } from '../../write/types.ts';

export type { TranscriptLimits } from '../../write/transcript-source.ts';

export type TranscriptSource = { file: Blob; filename: string } | { text: string };

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

/** 422 naming the field, with the catalogue's code when there is one for the reason. */
function refused(field: 'file' | 'text', message: string, code?: RefusalCode): AppError {
  const entry = code === undefined ? undefined : ERROR_CODES[code];
  return new AppError(422, message, {
    detail: [{ loc: ['body', field], msg: message }],
    ...(entry ? { errorCode: entry.code, errorTitle: entry.title } : {}),
  });
}
