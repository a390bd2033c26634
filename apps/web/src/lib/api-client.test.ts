import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestUser } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { resetStores } from '../test/reset-stores';
import {
  accountEndpoints,
  authEndpoints,
  chatEndpoints,
  documentsEndpoints,
  notificationsEndpoints,
  platformEndpoints,
} from '@verity/shared';
import { ApiError, api } from './api-client';
import { useAuthStore } from './auth-store';
import { useErrorDialogStore } from './error-dialog-store';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const dialog = () => useErrorDialogStore.getState().payload;

const DOCUMENT_ID = '01J00000000000000000000001';
const PROFILE = { firstname: 'Amara', surname: 'Okafor', job_title: 'Head of Estates' };

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api: the request and its failures', () => {
  it('sends the stored token in the auth-token header and returns the JSON body', async () => {
    localStorage.setItem('accessToken', 'tok-1');
    const calls = mockApi({ 'GET /api/account/info': { firstname: 'Amara' } });
    await expect(api(accountEndpoints.info)).resolves.toEqual({ firstname: 'Amara' });
    expect(calls[0]?.path).toBe('/api/account/info');
    expect(calls[0]?.headers.get('auth-token')).toBe('tok-1');
  });

  it('sends no auth-token header without a stored token', async () => {
    const calls = mockApi({ 'GET /api/app-config': {} });
    await api(platformEndpoints.appConfig);
    expect(calls[0]?.headers.has('auth-token')).toBe(false);
  });

  it('posts JSON bodies and multipart forms', async () => {
    const calls = mockApi({ 'POST /api/notifications/mark-as-read': { updated: 2 }, 'POST /api/auth/login': {} });
    await api(notificationsEndpoints.markRead, { body: { notification_ids: ['a', 'b'] } });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ notification_ids: ['a', 'b'] });

    await api(authEndpoints.login, { body: { email: 'a@b.test', password: 'a long enough passphrase' } });
    const form = calls[1]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('email')).toBe('a@b.test');
    expect(calls[1]?.headers.has('Content-Type')).toBe(false);
  });

  it('returns undefined for 204', async () => {
    mockApi({ 'GET /api/account/image': { status: 204 } });
    await expect(api(accountEndpoints.image)).resolves.toBeUndefined();
  });

  it('maps a 404 with a server message to Resource Not Found and does not raise the dialog', async () => {
    mockApi({ [`GET /api/docs/document/${DOCUMENT_ID}`]: { status: 404, body: { message: 'No such document.', request_id: 'req_9' } } });
    const error = await failure(api(documentsEndpoints.document, { params: { id: DOCUMENT_ID } }, { background: false }));
    expect(error.status).toBe(404);
    expect(error.clientError).toMatchObject({
      code: 404,
      title: 'Resource Not Found',
      description: 'No such document.',
      requestId: 'req_9',
    });
    expect(error.body?.request_id).toBe('req_9');
    expect(dialog()).toBeNull();
  });

  it('joins 422 detail messages with a comma', async () => {
    mockApi({
      'POST /api/account/update': {
        status: 422,
        body: {
          message: 'Invalid',
          detail: [
            { loc: ['body', 'firstname'], msg: 'First name is required' },
            { loc: ['body', 'surname'], msg: 'Surname is required' },
          ],
          request_id: 'r',
        },
      },
    });
    const error = await failure(api(accountEndpoints.update, { body: PROFILE }));
    expect(error.clientError.title).toBe('Validation Error');
    expect(error.clientError.description).toBe('First name is required, Surname is required');
    expect(dialog()).toBeNull();
  });

  it('uses the server error_code and error_title when given', async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 401,
        body: { error_code: 4001, error_title: 'Sign-in failed', message: 'The e-mail address or password is incorrect.', request_id: 'r' },
      },
    });
    const error = await failure(api(authEndpoints.login, { body: { email: 'a@b.test', password: 'wrong' } }));
    expect(error.clientError).toMatchObject({ code: 4001, title: 'Sign-in failed', context: 'auth' });
  });

  it('turns a network failure into status 0 (Network Error) and leaves the dialog to the catalogue rule', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(api(accountEndpoints.info, {}, { background: false }));
    expect(error.status).toBe(0);
    expect(error.clientError.title).toBe('Network Error');
    expect(error.clientError.description).toBe('Unable to connect to the server. Please check your internet connection.');
    // Network context, code below 500: not raised unless requested.
    expect(dialog()).toBeNull();
  });

  it('times out after 50000 ms with status 408 (Request Timeout)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = failure(api(accountEndpoints.info));
    await vi.advanceTimersByTimeAsync(49_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.status).toBe(408);
    expect(error.clientError.title).toBe('Request Timeout');
  });

  it("passes a caller's own abort through without mapping it", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = api(accountEndpoints.info, {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(dialog()).toBeNull();
  });

  it('raises the global error dialog on a 5xx, with title, description and request id', async () => {
    mockApi({ 'POST /api/account/update': { status: 503, body: { message: 'down', request_id: 'req_503' } } });
    await failure(api(accountEndpoints.update, { body: PROFILE }));
    expect(dialog()).toMatchObject({
      code: 503,
      title: 'Server Error',
      description: 'Something went wrong on our end. Please try again later.',
      requestId: 'req_503',
      recoverable: false,
    });
  });

  it('never raises the dialog for a background call', async () => {
    mockApi({ 'POST /api/account/update': { status: 500, body: { message: 'x', request_id: 'r' } } });
    await failure(api(accountEndpoints.update, { body: PROFILE }, { background: true }));
    expect(dialog()).toBeNull();
  });

  it('raises the dialog when requested, even for a 404', async () => {
    mockApi({ [`GET /api/docs/document/${DOCUMENT_ID}`]: { status: 404, body: { message: 'gone', request_id: 'r' } } });
    await failure(api(documentsEndpoints.document, { params: { id: DOCUMENT_ID } }, { background: false, raiseDialog: true }));
    expect(dialog()?.title).toBe('Resource Not Found');
  });

  it('marks 429 as recoverable in the dialog payload (OK button)', async () => {
    mockApi({ 'GET /api/docs/search': { status: 429, body: { message: 'slow down', request_id: 'r' } } });
    const error = await failure(api(documentsEndpoints.search, { query: { q: 'legionella' } }, { background: false, raiseDialog: true }));
    expect(error.clientError.recoverable).toBe(true);
    expect(dialog()?.recoverable).toBe(true);
  });

  it("keeps a 429's Retry-After, in seconds, on the error", async () => {
    mockApi({
      'GET /api/docs/search': { status: 429, body: { message: 'slow down', request_id: 'r' }, headers: { 'Retry-After': '180' } },
      'GET /api/docs/compare': { status: 429, body: { message: 'slow down', request_id: 'r' } },
    });
    expect((await failure(api(documentsEndpoints.search, { query: { q: 'legionella' } }))).retryAfterSeconds).toBe(180);
    const compared = await failure(api(documentsEndpoints.compare, { query: { left: DOCUMENT_ID, right: DOCUMENT_ID } }));
    expect(compared.retryAfterSeconds).toBeUndefined();
  });

  it('on a 401 for a call that carried a token: raises the dialog and ends the session', async () => {
    localStorage.setItem('accessToken', 'expired');
    localStorage.setItem('user', JSON.stringify(buildTestUser()));
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser() });
    mockApi({ 'POST /api/account/update': { status: 401, body: { message: 'no', request_id: 'r' } } });
    await failure(api(accountEndpoints.update, { body: PROFILE }));
    expect(dialog()?.title).toBe('Authentication Required');
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null, initialised: true });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('on a 401 without a token (a failed sign-in) leaves the session alone', async () => {
    // Not initialised and a stored profile: clearing the session would change both.
    localStorage.setItem('user', JSON.stringify(buildTestUser()));
    mockApi({ 'POST /api/auth/login': { status: 401, body: { message: 'bad', request_id: 'r' } } });
    await failure(api(authEndpoints.login, { body: { email: 'a@b.test', password: 'wrong' } }, { background: true }));
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(useAuthStore.getState().initialised).toBe(false);
  });
});

describe('api: each request in a task of its own', () => {
  it('waits for the browser’s next task (scheduler.yield) before fetching, but not for a keepalive request', async () => {
    const turns: (() => void)[] = [];
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => turns.push(resolve)) });
    const calls = mockApi({ 'GET /api/account/info': { firstname: 'Amara' } });
    const first = api(accountEndpoints.info);
    const second = api(accountEndpoints.info);
    await Promise.resolve();
    expect(calls).toHaveLength(0);
    expect(turns).toHaveLength(2);

    turns[0]?.();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    turns[1]?.();
    await expect(Promise.all([first, second])).resolves.toEqual([{ firstname: 'Amara' }, { firstname: 'Amara' }]);
    expect(calls).toHaveLength(2);

    // Sent as the page goes away: at once.
    void api(accountEndpoints.info, undefined, { keepalive: true });
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.keepalive).toBe(true);
    expect(turns).toHaveLength(2);
  });
});

describe('api: the descriptor', () => {
  it('calls an endpoint by its descriptor: method, path parameters, repeated query values and a JSON body', async () => {
    const calls = mockApi({
      'GET /api/docs/search': { results: [], page: 2, page_size: 20, total: 0 },
      'POST /api/notifications/mark-as-read': { updated: 1 },
      'DELETE /api/chat/sessions/01HZY3K6Q4M2W8V0B5T7R9N1CD': { status: 204 },
    });
    const found = await api(documentsEndpoints.search, { query: { q: 'legionella', category: ['Guidance', 'Legislation'], page: '2' } });
    expect(found.page).toBe(2);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.path).toBe('/api/docs/search');

    await api(notificationsEndpoints.markRead, { body: { notification_ids: ['n1'] } });
    expect(calls[1]?.method).toBe('POST');
    expect(calls[1]?.body).toEqual({ notification_ids: ['n1'] });

    await expect(api(chatEndpoints.deleteSession, { params: { id: '01HZY3K6Q4M2W8V0B5T7R9N1CD' } })).resolves.toBeUndefined();
    expect(calls[2]?.method).toBe('DELETE');
  });

  it('encodes the query with each value of a list repeated and path parameters percent-encoded', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return new Response(JSON.stringify({}), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    await api(documentsEndpoints.search, { query: { q: 'hot water', category: ['A', 'B'] } });
    await api(documentsEndpoints.newestByFilename, { params: { filename: 'htm 04-01/part a.md' }, query: {} });
    expect(urls[0]).toBe('/api/docs/search?q=hot+water&category=A&category=B');
    expect(urls[1]).toBe('/api/docs/newest-document-by-filename/htm%2004-01%2Fpart%20a.md');
  });

  it('sends a multipart endpoint as a form, files included', async () => {
    const calls = mockApi({ 'POST /api/account/upload/image': { user_id: 'u1' } });
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await api(accountEndpoints.uploadImage, { body: { file: photo } });
    const form = calls[0]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('me.png');
  });

  it('follows the descriptor on the error dialog: a background endpoint never raises it, unless the call asks', async () => {
    mockApi({ 'GET /api/notifications/user': { status: 500, body: { message: 'x', request_id: 'r1' } } });
    await failure(api(notificationsEndpoints.list));
    expect(dialog()).toBeNull();
    await failure(api(notificationsEndpoints.list, {}, { background: false }));
    expect(dialog()).not.toBeNull();
  });
});
