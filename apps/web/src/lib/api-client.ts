import {
  AUTH_TOKEN_HEADER,
  type ApiErrorBody,
  type ClientError,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointResponse,
  endpointUrl,
  type InputOptional,
  shouldRaiseErrorDialog,
  toClientError,
} from '@verity/shared';
import { REQUEST_TIMEOUT_MS } from './constants';
import { type ErrorDialogPayload, errorDialogPayloadFromClientError, openErrorDialog } from './error-dialog-store';
import { getAccessToken } from './session-storage';

let unauthorisedHandler: (() => void) | null = null;

/**
 * What to do when the server rejects the current token. The auth store registers its
 * clearSession here, so this module does not import the store (the store calls api).
 */
export function onUnauthorised(handler: (() => void) | null): void {
  unauthorisedHandler = handler;
}

/** Status used when no response arrived at all (the catalogue's code 0). */
export const NETWORK_FAILURE_STATUS = 0;
/** Status used when the client gave up waiting (the catalogue's 408). */
export const TIMEOUT_STATUS = 408;

interface RequestOptions {
  method: string;
  /** Sent as a JSON body (Content-Type: application/json). */
  json?: unknown;
  /** Sent as multipart/form-data; the browser sets the boundary. */
  form?: FormData;
  /** A background call never raises the global error dialog. */
  background?: boolean;
  signal?: AbortSignal;
  /** Ask for the global error dialog even when the catalogue would not raise it. */
  raiseDialog?: boolean;
  /** Let the request outlive the page (fetch keepalive): for what is sent as the page is hidden. */
  keepalive?: boolean;
}

export class ApiError extends Error {
  readonly status: number;
  readonly clientError: ClientError;
  readonly body?: ApiErrorBody;
  /** From a 429's Retry-After header: how long the server asks the caller to wait. */
  readonly retryAfterSeconds?: number;

  constructor(status: number, clientError: ClientError, body?: ApiErrorBody, retryAfterSeconds?: number) {
    super(clientError.description);
    this.name = 'ApiError';
    this.status = status;
    this.clientError = clientError;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Sends one request to a URL under /api. Adds the auth-token header, enforces the 50 s time-out,
 * turns every failure into an ApiError carrying the catalogue's client error, raises the global
 * error dialog when the catalogue says so, and ends the session on a rejected token.
 */
async function request(url: string, options: RequestOptions): Promise<unknown> {
  const token = getAccessToken();
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set(AUTH_TOKEN_HEADER, token);

  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  return fetchApi(url, { method: options.method, headers, body, keepalive: options.keepalive }, options, token, async (response) =>
    response.status === 204 ? undefined : await readSuccessBody(response),
  );
}

export type CallOptions = Pick<RequestOptions, 'signal' | 'raiseDialog' | 'keepalive'> & {
  /** Overrides the descriptor's own `background`. */
  background?: boolean;
};

/** What an endpoint takes as its body, as its schema accepts it (for the mutations that send one). */
export type EndpointBody<E extends EndpointDefinition> = NonNullable<EndpointInput<E>['body']>;

export type CallArgs<E extends EndpointDefinition> =
  InputOptional<E> extends true ? [input?: EndpointInput<E>, options?: CallOptions] : [input: EndpointInput<E>, options?: CallOptions];

/**
 * The one way the web app calls the server: one endpoint of the shared contract, whose descriptor
 * gives the URL, method and body encoding, and whose schemas type the input and the answer.
 * Whether a failure may raise the global error dialog is the descriptor's `background` unless
 * the call says otherwise.
 */
export async function api<E extends EndpointDefinition>(endpoint: E, ...[input, options = {}]: CallArgs<E>): Promise<EndpointResponse<E>> {
  const body = (input as { body?: Record<string, unknown> } | undefined)?.body;
  const encoded =
    endpoint.body === undefined ? {} : endpoint.bodyEncoding === 'multipart' ? { form: toFormData(body ?? {}) } : { json: body ?? {} };
  // The server answers as the descriptor's schema says (it checks its own responses).
  return (await request(endpointUrl(endpoint, input), {
    method: endpoint.method,
    ...encoded,
    background: options.background ?? endpoint.background ?? false,
    signal: options.signal,
    raiseDialog: options.raiseDialog,
    keepalive: options.keepalive,
  })) as EndpointResponse<E>;
}

/** A multipart body: text fields as they are, files as files, a list as the same name repeated. */
export function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      form.append(name, item instanceof Blob ? item : String(item));
    }
  }
  return form;
}

/** A promise settled in a task of its own (`scheduler.yield`), where the browser has it; otherwise none. */
function taskOfItsOwn(): Promise<void> | undefined {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : undefined;
}

/**
 * fetch under the 50 s time-out and the caller's abort signal, with `read` consuming a successful
 * response inside the same time-out. A failure to connect, a time-out or a refusal becomes the
 * ApiError apiFailure makes; the caller's own cancellation propagates as it is. For api() and for
 * calls whose response is not JSON (a download).
 */
export async function fetchApi<T>(
  url: string,
  init: Pick<RequestInit, 'method' | 'headers' | 'body' | 'keepalive'>,
  options: Pick<RequestOptions, 'signal' | 'background' | 'raiseDialog'>,
  token: string | null,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  // Every query passes its abort signal: its error dialog waits for the query's last attempt.
  const failureOptions = { ...options, deferDialog: options.signal !== undefined };
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    // A page starts its reads together as it first renders, and each fetch() costs the main thread
    // about a millisecond: where the browser offers it, each request goes in a task of its own, so
    // nine reads are not nine milliseconds more of the render's task. Not a keepalive request,
    // which is sent as the page goes away.
    const turn = init.keepalive ? undefined : taskOfItsOwn();
    if (turn) await turn;
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: controller.signal });
    } catch (cause) {
      // A caller's own cancellation is not an error worth reporting; let it propagate as is.
      if (options.signal?.aborted && !timedOut) throw cause;
      throw apiFailure(timedOut ? TIMEOUT_STATUS : NETWORK_FAILURE_STATUS, undefined, failureOptions, token);
    }
    if (!response.ok) throw apiFailure(response.status, await readErrorBody(response), failureOptions, token, retryAfterOf(response));
    return await read(response);
  } catch (error) {
    if (timedOut && !(error instanceof ApiError)) throw apiFailure(TIMEOUT_STATUS, undefined, failureOptions, token);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

/** Dialogs of failures whose query may still retry: raised when the current task ends unless withheld. */
const pendingDialogs = new WeakMap<ApiError, ErrorDialogPayload>();

function raiseDialogAfterRetryDecision(error: ApiError, payload: ErrorDialogPayload): void {
  pendingDialogs.set(error, payload);
  // The query's retry decision runs in the promise jobs that follow the failure, before this.
  setTimeout(() => {
    const pending = pendingDialogs.get(error);
    if (pending === undefined) return;
    pendingDialogs.delete(error);
    openErrorDialog(pending);
  }, 0);
}

/**
 * A query that will try again after this failure takes its error dialog back: only the failure
 * of the last attempt raises it (SPEC §8, §9). Called by the query client's retry policy.
 */
export function withholdErrorDialog(error: unknown): void {
  if (error instanceof ApiError) pendingDialogs.delete(error);
}

/**
 * The ApiError for a failed call made with `token`: a rejected token ends the session, and the
 * global error dialog opens when the catalogue (or `options`) says so — at once, or with
 * `deferDialog` (a query's attempt) when the current task ends, so that a retry can withhold it.
 * For calls that cannot go through api() (a stream, an upload with progress, a download), so
 * they fail the same way.
 */
export function apiFailure(
  status: number,
  body: ApiErrorBody | undefined,
  options: Pick<RequestOptions, 'background' | 'raiseDialog'> & { deferDialog?: boolean },
  token: string | null,
  retryAfterSeconds?: number,
): ApiError {
  const clientError = toClientError(status, body);
  const error = new ApiError(status, clientError, body, retryAfterSeconds);

  // A rejected token ends the session so the route guard sends the user to sign in. Only when
  // the token that failed is still the current one: a newer sign-in must not be undone.
  if (status === 401 && token !== null && getAccessToken() === token) {
    unauthorisedHandler?.();
  }
  if (shouldRaiseErrorDialog(clientError, { background: options.background, requested: options.raiseDialog })) {
    const payload = errorDialogPayloadFromClientError(clientError);
    if (options.deferDialog) raiseDialogAfterRetryDecision(error, payload);
    else openErrorDialog(payload);
  }
  return error;
}

/** A Retry-After header in seconds (the server never sends the date form); undefined without one. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/** The catalogue's error body of a failed response, if it sent one. */
export async function readErrorBody(response: Response): Promise<ApiErrorBody | undefined> {
  try {
    const text = await response.text();
    if (!text) return undefined;
    const parsed: unknown = JSON.parse(text);
    return isApiErrorBody(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

async function readSuccessBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) return JSON.parse(text);
  return text;
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
