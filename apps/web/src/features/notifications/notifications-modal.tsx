import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { track } from '../../lib/analytics';
import { formatNumericDate } from '../../lib/format-date';
import { unreadIds, useMarkNotificationsRead, useNotifications } from './api';

export interface NotificationsModalProps {
  open: boolean;
  onClose: () => void;
}

export function NotificationsModal({ open, onClose }: NotificationsModalProps) {
  const { notifications, isLoading, isLoaded } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const markedThisOpening = useRef(false);

  useEffect(() => {
    if (!open) {
      markedThisOpening.current = false;
      return;
    }
    track('notifications_modal_opened');
  }, [open]);

  // Once per opening, as soon as the list is there: everything unread is sent in one action.
  useEffect(() => {
    if (!open || !isLoaded || markedThisOpening.current) return;
    markedThisOpening.current = true;
    const ids = unreadIds(notifications);
    if (ids.length > 0) markRead.mutate(ids);
  }, [open, isLoaded, notifications, markRead]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Notifications"
      size="md"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {isLoading ? (
        <div className="flex items-center gap-3 py-6 text-slate-600">
          <Spinner size="sm" />
          <p>Loading notifications...</p>
        </div>
      ) : notifications.length === 0 ? (
        <p className="py-6 text-center text-slate-600">No notifications</p>
      ) : (
        <ul className="-my-2 divide-y divide-slate-100">
          {notifications.map((notification) => (
            <li key={notification.id} className="py-3">
              <div className="flex items-baseline justify-between gap-3">
                <h3 className="font-medium text-slate-900">
                  {notification.status === 'unread' && (
                    <span className="mr-2 inline-block size-2 rounded-full bg-brand-600 align-middle" aria-hidden="true" />
                  )}
                  {notification.link ? (
                    <Link to={notification.link} onClick={onClose} className="text-brand-700 underline-offset-2 hover:underline">
                      {notification.title}
                    </Link>
                  ) : (
                    notification.title
                  )}
                  {notification.status === 'unread' && <span className="sr-only"> (unread)</span>}
                </h3>
                <time dateTime={notification.created_at} className="shrink-0 text-slate-500 text-xs">
                  {formatNumericDate(notification.created_at)}
                </time>
              </div>
              <p className="mt-1 whitespace-pre-line text-slate-700 text-sm">{notification.message}</p>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
