import { AUTH_TOKEN_HEADER, type ApiErrorBody, type ChatAttachment, chatEndpoints, endpointUrl } from '@verity/shared';
import { REQUEST_TIMEOUT_MS } from '../../lib/constants';
import { ApiError, api, apiFailure, type EndpointBody, NETWORK_FAILURE_STATUS, TIMEOUT_STATUS, toFormData } from '../../lib/api-client';
import { getAccessToken } from '../../lib/session-storage';

/** The files a question may be asked about (the server checks the content; this spares a doomed upload). */
export const ATTACHMENT_ACCEPT =
  '.pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain';
const ALLOWED_EXTENSIONS = ['.pdf', '.docx', '.txt'];

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : mb.toFixed(1)} MB`;
}

/** Why a file cannot be attached before it is sent, or null when it may be. */
export function attachmentProblem(file: Pick<File, 'name' | 'size'>, maxBytes: number): string | null {
  const name = file.name.toLowerCase();
  if (!ALLOWED_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'Attach a PDF, Word (.docx) or plain text (.txt) file';
  if (file.size === 0) return 'This file is empty';
  if (file.size > maxBytes) return `This file is larger than ${formatBytes(maxBytes)}`;
  return null;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Upload one file to a conversation (multipart field `file`). XMLHttpRequest rather than fetch
 * because only it reports upload progress. A refusal (413 too large, 422 wrong type or unreadable)
 * rejects with an ApiError whose description is the server's message, shown next to the file.
 */
export function uploadAttachment(
  sessionId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ChatAttachment> {
  return new Promise((resolve, reject) => {
    const token = getAccessToken();
    const xhr = new XMLHttpRequest();
    xhr.open(chatEndpoints.uploadAttachment.method, endpointUrl(chatEndpoints.uploadAttachment, { params: { id: sessionId } }));
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader(AUTH_TOKEN_HEADER, token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    // A refusal is shown next to the file; a 401 or a server failure also raises the error dialog (SPEC §8).
    const fail = (status: number, body?: ApiErrorBody) => reject(apiFailure(status, body, {}, token));
    xhr.addEventListener('load', () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && typeof body === 'object' && body !== null) {
        resolve(body as ChatAttachment);
        return;
      }
      fail(xhr.status, typeof body === 'object' && body !== null ? (body as ApiErrorBody) : undefined);
    });
    xhr.addEventListener('error', () => fail(NETWORK_FAILURE_STATUS));
    xhr.addEventListener('timeout', () => fail(TIMEOUT_STATUS));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const upload: EndpointBody<typeof chatEndpoints.uploadAttachment> = { file };
    xhr.send(toFormData(upload));
  });
}

/** Remove an attachment that has not been sent with a question (a 404 means it is already gone). */
export async function deleteAttachment(sessionId: string, attachmentId: string): Promise<void> {
  try {
    await api(chatEndpoints.deleteAttachment, { params: { id: sessionId, attachmentId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}
