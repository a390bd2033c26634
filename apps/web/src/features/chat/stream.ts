import {
  AUTH_TOKEN_HEADER,
  type ApiErrorBody,
  type ChatStreamEvent,
  type ChatStreamEventName,
  chatEndpoints,
  type EndpointInput,
  endpointUrl,
} from '@verity/shared';
import { type ApiError, apiFailure, NETWORK_FAILURE_STATUS, readErrorBody } from '../../lib/api-client';
import { getAccessToken } from '../../lib/session-storage';

/** A Server-Sent Event as read off the wire, before its data is interpreted. */
export interface RawSseEvent {
  event: string;
  data: string;
}

const STREAM_EVENT_NAMES: ReadonlySet<string> = new Set<ChatStreamEventName>(['token', 'citations', 'done', 'error']);

/**
 * An incremental parser of the text/event-stream format: feed it text as it arrives, in pieces
 * cut anywhere (inside a field name, between CR and LF, inside a JSON value), and it calls
 * `onEvent` once per complete event. Comments and fields other than `event` and `data` are
 * ignored; several `data:` lines join with new lines, as the format says.
 */
export function createSseParser(onEvent: (event: RawSseEvent) => void) {
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];
  /** A chunk ended in CR: an LF starting the next chunk belongs to the same line break. */
  let pendingCr = false;

  const dispatch = () => {
    if (dataLines.length > 0) onEvent({ event: eventName || 'message', data: dataLines.join('\n') });
    eventName = '';
    dataLines = [];
  };

  const processLine = (line: string) => {
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
  };

  return {
    push(chunk: string): void {
      let text = chunk;
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A lone CR at the very end may be the first half of a CRLF split across chunks.
        if (match[0] === '\r' && match.index === buffer.length - 1) {
          processLine(buffer.slice(0, match.index));
          buffer = '';
          pendingCr = true;
          break;
        }
        processLine(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    /** The stream ended: an event not yet closed by a blank line is incomplete and dropped. */
    end(): void {
      buffer = '';
      eventName = '';
      dataLines = [];
      pendingCr = false;
    },
  };
}

/** The chat's event, or null for a name it does not know or data that is not JSON. */
export function toChatStreamEvent(raw: RawSseEvent): ChatStreamEvent | null {
  if (!STREAM_EVENT_NAMES.has(raw.event)) return null;
  try {
    const data: unknown = JSON.parse(raw.data);
    if (typeof data !== 'object' || data === null) return null;
    return { event: raw.event, data } as ChatStreamEvent;
  } catch {
    return null;
  }
}

/** The calls whose answer streams: a new question, an answer given again, an edited question. */
const ANSWER_ENDPOINTS = { ask: chatEndpoints.ask, regenerate: chatEndpoints.regenerate, edit: chatEndpoints.edit } as const;

type AnswerKind = keyof typeof ANSWER_ENDPOINTS;

/** One of those calls with its input, typed from its descriptor. */
export type AnswerRequest = { [K in AnswerKind]: { kind: K; input: EndpointInput<(typeof ANSWER_ENDPOINTS)[K]> } }[AnswerKind];

export interface StreamChatOptions {
  request: AnswerRequest;
  signal: AbortSignal;
  onEvent: (event: ChatStreamEvent) => void;
}

/**
 * POST a question and read the answer's events as they arrive (EventSource cannot POST or send
 * the auth-token header). Refusals before the stream starts (rate limit, validation, a gone
 * conversation, a rejected token) answer as JSON: they throw an ApiError and go through the
 * catalogue and the error dialog like any other call. An abort through `signal` rejects with
 * the fetch's AbortError.
 */
export async function streamChat({ request, signal, onEvent }: StreamChatOptions): Promise<void> {
  const endpoint = ANSWER_ENDPOINTS[request.kind];
  const token = getAccessToken();
  const headers = new Headers({ Accept: 'text/event-stream', 'Content-Type': 'application/json' });
  if (token) headers.set(AUTH_TOKEN_HEADER, token);

  let response: Response;
  try {
    response = await fetch(endpointUrl(endpoint, request.input), {
      method: endpoint.method,
      headers,
      body: JSON.stringify(request.input.body ?? {}),
      signal,
    });
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw refusal(NETWORK_FAILURE_STATUS, undefined, token);
  }
  if (!response.ok || !response.body) {
    throw refusal(response.status, await readErrorBody(response), token);
  }

  const parser = createSseParser((raw) => {
    const event = toChatStreamEvent(raw);
    if (event) onEvent(event);
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(value);
    }
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw refusal(NETWORK_FAILURE_STATUS, undefined, token);
  } finally {
    parser.end();
    reader.releaseLock();
  }
}

function refusal(status: number, body: ApiErrorBody | undefined, token: string | null): ApiError {
  // A question that could not even be started is worth the dialog: the person is waiting on it.
  return apiFailure(status, body, { raiseDialog: true }, token);
}
