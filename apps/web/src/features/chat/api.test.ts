import { type ChatSessionListResponse, chatEndpoints, endpointUrl } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { resetStores } from '../../test/reset-stores';
import { chatExportUrl, downloadChatExport, nextSessionsPage, sessionsQuery } from './api';

function listPage(page: number, total: number): ChatSessionListResponse {
  return { sessions: [], page, page_size: 20, total };
}

describe('chat api helpers', () => {
  it('asks for the list with a trimmed q and a page only when they say something', () => {
    const listUrl = (q: string, page: number) => endpointUrl(chatEndpoints.listSessions, { query: sessionsQuery(q, page) });
    expect(listUrl('', 1)).toBe('/api/chat/sessions');
    expect(listUrl('  HTM 06-01 ', 1)).toBe('/api/chat/sessions?q=HTM+06-01');
    expect(listUrl('fire & doors', 3)).toBe('/api/chat/sessions?q=fire+%26+doors&page=3');
  });

  it('asks for another page only while conversations remain', () => {
    expect(nextSessionsPage(listPage(1, 20))).toBeUndefined();
    expect(nextSessionsPage(listPage(1, 21))).toBe(2);
    expect(nextSessionsPage(listPage(2, 41))).toBe(3);
    expect(nextSessionsPage(listPage(3, 41))).toBeUndefined();
    expect(nextSessionsPage(listPage(1, 0))).toBeUndefined();
  });
});

describe('downloadChatExport', () => {
  const createObjectURL = vi.fn(() => 'blob:export');
  const revokeObjectURL = vi.fn();
  let clicked: HTMLAnchorElement[] = [];

  beforeEach(() => {
    resetStores();
    localStorage.setItem('accessToken', 'token-export');
    clicked = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('fetches the export with the auth-token header and saves it under the server’s file name', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(new Blob(['PK docx bytes']), {
          status: 200,
          headers: {
            'Content-Disposition': `attachment; filename="Conversation - fire doors.docx"; filename*=UTF-8''Conversation%20%E2%80%93%20fire%20doors.docx`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    await expect(downloadChatExport('01JCHATSESSION000000000001')).resolves.toBe('Conversation – fire doors.docx');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(chatExportUrl('01JCHATSESSION000000000001'));
    expect(url).toBe('/api/chat/sessions/01JCHATSESSION000000000001/export');
    expect(new Headers(init.headers).get('auth-token')).toBe('token-export');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('Conversation – fire doors.docx');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:export');
  });

  it('throws the catalogue error and saves nothing when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'The requested conversation could not be found.', request_id: 'req_1' }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const failure = await downloadChatExport('01JCHATSESSION000000000009').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
    expect((failure as ApiError).body?.message).toBe('The requested conversation could not be found.');
    expect(clicked).toHaveLength(0);
  });
});
