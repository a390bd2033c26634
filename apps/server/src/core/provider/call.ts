/**
 * One call to the provider, whichever engine makes it: its abort signal and silence timer, and any
 * failure as a ProviderError whose message names only the provider, the kind of failure and the
 * HTTP status (never the prompt, the passages or the key), turned into a catalogue error for the
 * person asking (`engineFailureBody`).
 */
import { type ApiErrorBody, ERROR_CODES } from '@verity/shared';
import { APICallError, RetryError } from 'ai';
import type { ProviderSettings } from './settings.ts';

export type ProviderFailure = 'timeout' | 'unavailable' | 'busy' | 'refused';

/**
 * A provider failure. Its message is for the server log and names only the provider, the kind of
 * failure and the HTTP status — never the prompt, the passages or the key.
 */
export class ProviderError extends Error {
  readonly kind: ProviderFailure;
  readonly status: number | null;
  constructor(kind: ProviderFailure, message: string, status: number | null = null) {
    super(message);
    this.name = 'ProviderError';
    this.kind = kind;
    this.status = status;
  }
}

/** The stream parts that are the model writing: only these count as the provider answering (not the SDK's start or ping parts). */
export const CONTENT_PARTS: ReadonlySet<string> = new Set([
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
]);

/**
 * One provider call's abort signal: the client's, plus a timer that fires when the provider has
 * been silent for the timeout (restarted by every streamed piece), so a long answer that keeps
 * streaming is never cut off while a provider that stops answering is. The writing assistant's
 * structured calls use it too.
 */
export class ProviderCall {
  readonly signal: AbortSignal;
  timedOut = false;
  private readonly controller = new AbortController();
  private readonly timeoutMs: number;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(timeoutMs: number, clientSignal: AbortSignal | undefined) {
    this.timeoutMs = timeoutMs;
    this.signal = clientSignal ? AbortSignal.any([this.controller.signal, clientSignal]) : this.controller.signal;
    this.touch();
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error('the AI provider timed out'));
    }, this.timeoutMs);
  }

  /** Ends the call: the timer stops and a request still open is aborted (the connection closes). */
  end(): void {
    clearTimeout(this.timer);
    if (!this.controller.signal.aborted) this.controller.abort(new Error('the answer ended'));
  }
}

/** Text safe for a log line: the key and anything key-like removed, one line, short. */
function scrub(text: string, apiKey: string | undefined): string {
  let clean = text.replace(/\s+/g, ' ');
  if (apiKey && apiKey.length >= 4) clean = clean.split(apiKey).join('[redacted]');
  return clean.replace(/\b(sk|key|pk|rk)[-_][A-Za-z0-9_*.-]{6,}/gi, '[redacted]').slice(0, 200);
}

/** Any failure of a provider call as a ProviderError. */
export function classifyFailure(error: unknown, settings: Pick<ProviderSettings, 'provider' | 'apiKey'>, timedOut: boolean): ProviderError {
  const who = `AI provider ${settings.provider}`;
  if (error instanceof ProviderError) return error;
  if (timedOut) return new ProviderError('timeout', `${who} did not answer in time`);
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last) && last.statusCode !== undefined) {
    const status = last.statusCode;
    const detail = `${who} answered HTTP ${status}: ${scrub(last.message, settings.apiKey)}`;
    if (status === 429) return new ProviderError('busy', detail, status);
    if (status === 401 || status === 403) return new ProviderError('refused', `${detail} (check AI_API_KEY)`, status);
    if (status === 408 || status === 504) return new ProviderError('timeout', detail, status);
    return new ProviderError('unavailable', detail, status);
  }
  const name = last instanceof Error ? last.name : typeof last;
  const message = last instanceof Error ? scrub(last.message, settings.apiKey) : '';
  return new ProviderError('unavailable', `${who} could not be reached (${name}${message ? `: ${message}` : ''})`);
}

/** What the user is told when an answer fails: a catalogue error, worded for the failure. */
export function engineFailureBody(error: unknown, requestId: string): ApiErrorBody {
  if (error instanceof ProviderError) {
    if (error.kind === 'timeout') {
      return {
        error_code: ERROR_CODES.upstreamTimeout.code,
        error_title: ERROR_CODES.upstreamTimeout.title,
        message: 'The AI provider did not answer in time. Please try again.',
        request_id: requestId,
      };
    }
    const messages: Record<Exclude<ProviderError['kind'], 'timeout'>, string> = {
      busy: 'The AI provider is busy. Please wait a moment and try again.',
      refused: 'The AI provider refused the request. Please ask your administrator to check the AI settings.',
      unavailable: 'The AI provider could not answer just now. Please try again shortly.',
    };
    return {
      error_code: ERROR_CODES.serviceUnavailable.code,
      error_title: ERROR_CODES.serviceUnavailable.title,
      message: messages[error.kind],
      request_id: requestId,
    };
  }
  return {
    error_code: ERROR_CODES.serviceUnavailable.code,
    error_title: ERROR_CODES.serviceUnavailable.title,
    message: 'The answer could not be completed. Please try again.',
    request_id: requestId,
  };
}
