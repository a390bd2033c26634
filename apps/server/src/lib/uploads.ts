/**
 * Reading one uploaded file from a multipart/form-data body, for the routes that take files
 * (data ingestion, chat attachments). Each registers them in a plugin scope of its own, with its
 * own size limit, so the rest of the API keeps the default body handling.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, validationError } from './errors.ts';
import { assertValidText } from './input.ts';

const FILENAME_MAX_LENGTH = 255;

/** A size as the refusals word it: "20 MB", "0.1 MB". */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

/** The file's own name without any folder part a client may send, control characters removed; empty when nothing usable is left. */
function cleanFilename(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being removed
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

/** A file's name without its extension, for a title: "wsg-minutes.final.txt" → "wsg-minutes.final"; a name that is all extension stays whole. */
export function fileStem(filename: string): string {
  const stem = filename.replace(/\.[A-Za-z0-9]{1,8}$/, '').trim();
  return stem === '' ? filename : stem;
}

/**
 * Makes the scope read multipart/form-data bodies itself, as a buffer of at most `bodyLimit` bytes
 * (the largest file allowed and room for the form around it). A body cut off at that limit, before
 * the file could be measured, is refused with `tooLarge()`: the same refusal as an oversized file.
 */
export function acceptMultipart(scope: FastifyInstance, bodyLimit: number, tooLarge: () => AppError): void {
  scope.removeContentTypeParser('multipart/form-data');
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
  scope.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
    throw error;
  });
}

/**
 * The multipart body, decoded by the platform's own FormData parser (the encoder browsers and tests
 * use). Any other body is refused with `notMultipart` as the message.
 */
export async function readForm(request: FastifyRequest, notMultipart: string): Promise<FormData> {
  const contentType = request.headers['content-type'];
  if (!Buffer.isBuffer(request.body) || !contentType?.startsWith('multipart/form-data')) {
    throw validationError([{ loc: ['body'], msg: notMultipart }]);
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(request.body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError(400, 'The upload could not be read. Please try again.');
  }
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') assertValidText({ [name]: value }, 'body');
  }
  return form;
}

/**
 * The one file of the form's `file` field and its cleaned name. Refused (in this order): anything
 * but exactly one file, a file over `maxBytes` (with `tooLarge()`), a name empty once cleaned or
 * longer than FILENAME_MAX_LENGTH. An empty file is left to the caller, which words it.
 */
export function formFile(form: FormData, maxBytes: number, tooLarge: () => AppError): { file: File; filename: string } {
  const uploads = form.getAll('file');
  const file = uploads[0];
  if (uploads.length !== 1 || typeof file === 'string' || file === undefined) {
    throw validationError([{ loc: ['body', 'file'], msg: 'Attach exactly one file as the file field' }]);
  }
  if (file.size > maxBytes) throw tooLarge();
  const filename = cleanFilename(file.name);
  if (filename === '' || filename.length > FILENAME_MAX_LENGTH) {
    throw validationError([{ loc: ['body', 'file'], msg: `The file needs a name of at most ${FILENAME_MAX_LENGTH} characters` }]);
  }
  return { file, filename };
}

/** The bytes of a file field the multipart plugin read into the body (it gives Buffers). */
export function uploadedBytes(value: Blob | Uint8Array): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new Error('a file field arrived as a Blob: the multipart plugin gives Buffers');
}
