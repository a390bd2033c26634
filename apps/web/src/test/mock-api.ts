import type { ApiErrorBody } from '@verity/shared';
import { vi } from 'vitest';

export interface MockResponseInit {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type MockHandler = (request: {
  method: string;
  headers: Headers;
  body: unknown;
  query: URLSearchParams;
}) => MockResponseInit | unknown;

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
  /** The query string's parameters. */
  query: URLSearchParams;
  /** Whether the request was made to outlive the page (fetch keepalive). */
  keepalive?: boolean;
}

function isResponseInit(value: unknown): value is MockResponseInit {
  return typeof value === 'object' && value !== null && ('status' in value || 'body' in value);
}

/** Bumped between tests: answers to requests a finished test made are never delivered. */
let generation = 0;

/**
 * Ends the current test's requests (setup.ts, after each test): a request still in flight, such as
 * a background save the page started, never answers, so its code cannot run on in the next test
 * and write into the stores and storage that test has just set up.
 */
export function retireApiMocks(): void {
  generation += 1;
}

const never = () => new Promise<never>(() => {});

/**
 * Replace fetch with handlers keyed by 'METHOD /api/path' (query string ignored). A handler returns
 * the JSON body, or { status, body } for other statuses. Unhandled calls answer 404 so a test
 * notices. Returns the list of calls made.
 */
export function mockApi(handlers: Record<string, MockHandler | unknown>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const mine = generation;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (generation !== mine) return never();
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    calls.push({ method, path: url.pathname, headers, body, query: url.searchParams, keepalive: init.keepalive === true });
    const key = `${method} ${url.pathname}`;
    if (!(key in handlers)) {
      return jsonResponse(404, { message: `No mock for ${key}`, request_id: 'req_mock' });
    }
    const handler = handlers[key];
    // A handler may answer later (or never, for a request still in flight).
    const result =
      typeof handler === 'function' ? await (handler as MockHandler)({ method, headers, body, query: url.searchParams }) : handler;
    if (generation !== mine) return never();
    if (isResponseInit(result)) {
      const status = result.status ?? 200;
      if (status === 204) return new Response(null, { status });
      return jsonResponse(status, result.body, result.headers);
    }
    return jsonResponse(200, result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A refusal as the server sends it: the status, the catalogue's error body and any headers (Retry-After). */
export function failure(
  status: number,
  body: Omit<ApiErrorBody, 'request_id'> & { request_id?: string },
  headers?: Record<string, string>,
): MockResponseInit {
  return { status, body: { request_id: 'req_test', ...body }, headers };
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
