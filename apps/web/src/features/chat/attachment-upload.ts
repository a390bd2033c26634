import { type ChatAttachment, chatEndpoints } from '@verity/shared';
import { ApiError, api } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload';

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

/**
 * Upload one file to a conversation (multipart field `file`), reporting progress. A refusal (413
 * too large, 422 wrong type or unreadable) rejects with an ApiError whose description is the
 * server's message, shown next to the file.
 */
export function uploadAttachment(
  sessionId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ChatAttachment> {
  return uploadWithProgress(chatEndpoints.uploadAttachment, { params: { id: sessionId }, body: { file } }, onProgress, signal);
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
