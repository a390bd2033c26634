import { AUTH_TOKEN_HEADER } from '@verity/shared';
import { fetchApi } from './api-client';
import { getAccessToken } from './session-storage';

/**
 * Downloads from the API (the chat's evidence record, a written document, the sample transcript):
 * a plain link would carry no auth-token header, so the file is fetched and then saved.
 */

/** The file name of a Content-Disposition header (filename* in UTF-8 preferred), if any. */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain file name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
}

/**
 * Fetch `url` (under /api) with the auth-token header and save the answer under the server's file
 * name, `fallbackName` when it gives none; resolves with the name used. Failures throw an ApiError
 * like api(), without the global error dialog: the caller reports them itself.
 */
export async function downloadApiFile(url: string, fallbackName: string, signal?: AbortSignal): Promise<string> {
  const token = getAccessToken();
  const headers = new Headers();
  if (token) headers.set(AUTH_TOKEN_HEADER, token);
  return fetchApi(url, { headers }, { signal, background: true }, token, async (response) => {
    const blob = await response.blob();
    const fileName = fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
    saveBlob(blob, fileName);
    return fileName;
  });
}

/** Save a blob the page made (or fetched) as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
