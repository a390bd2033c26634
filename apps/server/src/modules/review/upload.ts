/**
 * Reading an uploaded policy. This runs in the request, before anything is stored, so a file that
 * is empty, of the wrong type, encrypted, without text (a scan), too large or too complex is
 * refused at once with a 4xx and creates nothing; only a policy that reads goes on to be reviewed
 * (in a job).
 *
 * The format is decided by content, and the file is parsed in the untrusted-work pool with the
 * hostile-file limits like every upload; web pages, which the parsers also read, are not policies.
 */
import { ERROR_CODES, type PolicyElement } from '@verity/shared';
import { parseUntrustedFile } from '../../untrusted/pool.ts';
import { type ParsedDocument, type SourceFormat, UnreadableFileError } from '../../ingest/parse.ts';
import { ACCEPTED_TYPES_MESSAGE } from '../../ingest/sniff.ts';
import { AppError, catalogued } from '../../lib/errors.ts';
import { formatMegabytes } from '../../lib/uploads.ts';

/** The REVIEW_* limits on one policy. */
export interface PolicyLimits {
  maxBytes: number;
  maxCharacters: number;
}

/** A policy as read from its file: what the review row stores. */
export interface ReadPolicy {
  format: Exclude<SourceFormat, 'html'>;
  /** The title the file gives itself, when it names one. */
  title: string | null;
  pageCount: number;
  elements: PolicyElement[];
}

export const POLICY_TYPES_MESSAGE = 'Upload the policy as a PDF, Word (.docx), Markdown (.md) or plain text (.txt) file.';

/** The refusal of a file (or a body) over REVIEW_MAX_BYTES. */
export function policyFileTooLarge(maxBytes: number): AppError {
  return catalogued(413, 'fileTooLarge', `The file is larger than the ${formatMegabytes(maxBytes)} limit for policies.`);
}

/** The policy's blocks, read and checked against the limits; refused with a 4xx naming the file field. */
export async function readPolicyFile(upload: { file: Blob; filename: string }, limits: PolicyLimits, owner?: string): Promise<ReadPolicy> {
  if (upload.file.size === 0) throw refused('The file is empty.');
  if (upload.file.size > limits.maxBytes) throw policyFileTooLarge(limits.maxBytes);
  const bytes = new Uint8Array(await upload.file.arrayBuffer());
  let parsed: ParsedDocument;
  try {
    parsed = await parseUntrustedFile({ bytes, filename: upload.filename, maxBytes: limits.maxBytes, owner });
  } catch (error) {
    if (error instanceof UnreadableFileError) throw unreadable(error, limits.maxBytes);
    throw error;
  }
  const { format } = parsed;
  if (format === 'html') throw unsupported('This file is a web page (HTML).');
  const characters = parsed.elements.reduce((sum, element) => sum + element.text.length, 0);
  if (characters > limits.maxCharacters) {
    throw refused(
      `This policy is ${count(characters)} characters long; the review assistant takes at most ${count(limits.maxCharacters)}. Split it and review each part separately.`,
    );
  }
  return {
    format,
    title: parsed.title,
    pageCount: parsed.pageCount,
    elements: parsed.elements.map((element, index) => ({
      index,
      type: element.type,
      text: element.text,
      page: element.page,
      heading_path: element.headingPath,
      ...(element.headerless ? { header_row: false as const } : {}),
    })),
  };
}

/** The parser's reason for refusing a file, worded for a policy. */
function unreadable(error: UnreadableFileError, maxBytes: number): AppError {
  switch (error.reason) {
    case 'too_large':
      return policyFileTooLarge(maxBytes);
    case 'unsupported_type':
      return unsupported(error.message.replace(ACCEPTED_TYPES_MESSAGE, '').trim());
    case 'no_text':
      return refused(
        error.message.includes('PDF')
          ? 'This PDF has no text layer (it looks like a scan). Run it through OCR, or upload the Word file it was made from.'
          : 'The file holds no policy text.',
      );
    default:
      return refused(error.message);
  }
}

/** 422 naming the file field, with the catalogue's code for a file of the wrong kind. */
function refused(message: string, code?: 'unsupportedDocument'): AppError {
  const entry = code === undefined ? undefined : ERROR_CODES[code];
  return new AppError(422, message, {
    detail: [{ loc: ['body', 'file'], msg: message }],
    ...(entry ? { errorCode: entry.code, errorTitle: entry.title } : {}),
  });
}

function unsupported(what: string): AppError {
  return refused(`${what} ${POLICY_TYPES_MESSAGE}`, 'unsupportedDocument');
}

const count = (n: number) => n.toLocaleString('en-GB');
