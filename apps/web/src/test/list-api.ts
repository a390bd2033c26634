import { vi } from 'vitest';
import { buildFlags } from './fixtures';
import { type MockHandler, mockApi } from './mock-api';

/** A list request as the page sent it: the search and the page asked for. */
export interface ListRequest {
  q: string | null;
  page: number;
}

/**
 * The shell's usual calls, the handlers given, and GET `path` answered by `list(request)` from the
 * real URL (mockApi ignores query strings). Returns mockApi's calls and the list requests made.
 */
export function mockListApi<L>(path: string, list: (request: ListRequest) => L, handlers: Record<string, MockHandler | unknown> = {}) {
  const calls = mockApi({
    'GET /api/flags': { flags: buildFlags() },
    'GET /api/notifications/user': { notifications: [] },
    ...handlers,
  });
  const mocked = vi.mocked(fetch).getMockImplementation();
  const requests: ListRequest[] = [];
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if ((init?.method ?? 'GET') === 'GET' && url.pathname === path) {
      const request = { q: url.searchParams.get('q'), page: Number(url.searchParams.get('page') ?? '1') };
      requests.push(request);
      return new Response(JSON.stringify(list(request)), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    if (!mocked) throw new Error('fetch is not mocked');
    return mocked(input, init);
  });
  return { calls, requests };
}

/** A 200 answer spelt out: mockApi would take a body with a `status` field (a job, a record) for the response itself. */
export const ok = (body: unknown) => ({ status: 200, body });
