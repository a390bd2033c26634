import {
  MARK_READ_MAX_IDS,
  MESSAGES,
  type MarkNotificationsReadResponse,
  notificationsEndpoints,
  type UserNotification,
} from '@verity/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { track } from '../../lib/analytics';
import { api } from '../../lib/api-client';
import { useAuthStore } from '../../lib/auth-store';

export function notificationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['notifications', userId] as const,
    queryFn: ({ signal }) => api(notificationsEndpoints.list, {}, { signal }),
    // Toasted once by the query cache when the fetch finally fails, however many components watch it.
    meta: { errorMessage: MESSAGES.notificationsFetchFailed },
  });
}

/**
 * One mark-read action for every id. The server takes at most MARK_READ_MAX_IDS per request, so a
 * very long backlog goes in consecutive batches; the action succeeds only if every batch does.
 */
export async function markNotificationsRead(ids: string[]): Promise<MarkNotificationsReadResponse> {
  let updated = 0;
  for (let start = 0; start < ids.length; start += MARK_READ_MAX_IDS) {
    const batch = ids.slice(start, start + MARK_READ_MAX_IDS);
    const result = await api(notificationsEndpoints.markRead, { body: { notification_ids: batch } });
    updated += result.updated;
  }
  return { updated };
}

export function sortNewestFirst(items: readonly UserNotification[]): UserNotification[] {
  return [...items].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

export function unreadIds(items: readonly UserNotification[]): string[] {
  return items.filter((n) => n.status === 'unread').map((n) => n.id);
}

/** The signed-in user's notifications, newest first; only fetched when the user has a user_id. */
export function useNotifications() {
  const userId = useAuthStore((s) => s.user?.user_id ?? '');
  const query = useQuery({
    ...notificationsQueryOptions(userId),
    enabled: userId !== '',
    select: (data) => sortNewestFirst(data.notifications),
  });

  const notifications = query.data ?? [];
  return {
    notifications,
    unreadCount: unreadIds(notifications).length,
    isLoading: query.isPending && userId !== '',
    isLoaded: query.isSuccess,
  };
}

/** Marks ids read on the server, then flips them to read in the cache so the count recomputes. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const userId = useAuthStore((s) => s.user?.user_id ?? '');
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (_result, ids) => {
      const read = new Set(ids);
      queryClient.setQueryData(notificationsQueryOptions(userId).queryKey, (current) =>
        current
          ? {
              notifications: current.notifications.map((n) => (read.has(n.id) ? { ...n, status: 'read' as const } : n)),
            }
          : current,
      );
      track('notifications_marked_as_read', { count: ids.length, ids });
    },
    onError: () => toast.error(MESSAGES.notificationsMarkReadFailed),
  });
}
