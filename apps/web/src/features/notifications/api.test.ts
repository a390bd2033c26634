import { MARK_READ_MAX_IDS } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildNotification } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { resetStores } from '../../test/reset-stores';
import { markNotificationsRead, sortNewestFirst, unreadIds } from './api';
import { formatNumericDate } from '../../lib/format-date';

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('notifications helpers', () => {
  it('sends a long backlog in batches the server accepts and adds up the result', async () => {
    const calls = mockApi({
      'POST /api/notifications/mark-as-read': ({ body }: { body: unknown }) => ({
        updated: (body as { notification_ids: string[] }).notification_ids.length,
      }),
    });
    const ids = Array.from({ length: MARK_READ_MAX_IDS + 3 }, (_, i) => `n${i}`);
    await expect(markNotificationsRead(ids)).resolves.toEqual({ updated: ids.length });
    expect(calls.map((c) => (c.body as { notification_ids: string[] }).notification_ids.length)).toEqual([MARK_READ_MAX_IDS, 3]);
  });

  it('orders newest first and picks out the unread ids', () => {
    const list = [
      buildNotification({ id: 'old', status: 'unread', created_at: '2024-01-01T00:00:00Z' }),
      buildNotification({ id: 'new', status: 'read', created_at: '2025-01-01T00:00:00Z' }),
    ];
    expect(sortNewestFirst(list).map((n) => n.id)).toEqual(['new', 'old']);
    expect(unreadIds(list)).toEqual(['old']);
  });

  it('formats dates as dd/mm/yyyy', () => {
    expect(formatNumericDate('2025-03-04T12:00:00Z')).toBe('04/03/2025');
    expect(formatNumericDate('not a date')).toBe('');
  });
});
