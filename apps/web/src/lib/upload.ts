import {
  AUTH_TOKEN_HEADER,
  type ApiErrorBody,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointResponse,
  endpointUrl,
} from '@verity/shared';
import { apiFailure, type EndpointBody, NETWORK_FAILURE_STATUS, TIMEOUT_STATUS, toFormData } from './api-client';
import { REQUEST_TIMEOUT_MS } from './constants';
import { getAccessToken } from './session-storage';

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Send a multipart endpoint's form with upload progress (0 to 1). XMLHttpRequest rather than
 * fetch because only it reports how much has been sent. A refusal (413 too large, 422 wrong type
 * or unreadable) rejects with the ApiError api() would give, whose description is the server's
 * message; cancelling through `signal` rejects with an AbortError.
 */
export function uploadWithProgress<E extends EndpointDefinition>(
  endpoint: E,
  input: EndpointInput<E> & { body: EndpointBody<E> },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<EndpointResponse<E>> {
  if (endpoint.bodyEncoding !== 'multipart') throw new Error(`${endpoint.id} does not take a file`);
  return new Promise((resolve, reject) => {
    const token = getAccessToken();
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpointUrl(endpoint, input));
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
        resolve(body as EndpointResponse<E>);
        return;
      }
      fail(xhr.status, typeof body === 'object' && body !== null ? (body as ApiErrorBody) : undefined);
    });
    xhr.addEventListener('error', () => fail(NETWORK_FAILURE_STATUS));
    xhr.addEventListener('timeout', () => fail(TIMEOUT_STATUS));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(toFormData(input.body as Record<string, unknown>));
  });
}
