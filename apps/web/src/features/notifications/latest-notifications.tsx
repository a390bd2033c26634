import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { readStored, writeStored } from '../../lib/browser-storage';
import { useUiStore } from '../../lib/ui-store';
import { useNotifications } from './api';
import { formatNumericDate } from '../../lib/format-date';

/** How many notifications Home shows. */
export const LATEST_NOTIFICATIONS_LENGTH = 3;

/**
 * How many the card showed last time, kept on this device so that while the list loads the card
 * already has its height: on a phone the cards below it would otherwise jump down when it arrives.
 */
const SHOWN_STORAGE_KEY = 'verity.latestNotificationsShown';
/** A first visit: a new account has its welcome notification. */
const FIRST_VISIT_LENGTH = 1;

function rememberedLength(): number {
  const stored = readStored('local', SHOWN_STORAGE_KEY);
  const length = Number(stored);
  return stored !== null && Number.isInteger(length) && length >= 0 && length <= LATEST_NOTIFICATIONS_LENGTH ? length : FIRST_VISIT_LENGTH;
}

/** Without storage (a private window) the next visit starts from the first visit's height. */
function rememberLength(length: number): void {
  writeStored('local', SHOWN_STORAGE_KEY, String(length));
}

/** A notification's place while the list loads, as tall as one (a line of title, two of message). */
function Placeholder() {
  return (
    <li aria-hidden="true" className="py-1.5">
      <span className="flex h-5 items-center">
        <span className="h-3 w-2/3 rounded bg-slate-100" />
      </span>
      <span className="flex h-10 flex-col justify-center gap-2">
        <span className="h-3 w-full rounded bg-slate-100" />
        <span className="h-3 w-1/2 rounded bg-slate-100" />
      </span>
    </li>
  );
}

/** Home's latest notifications, newest first; all of them open in the Notifications modal. */
export function LatestNotifications() {
  const { notifications, unreadCount, isLoading, isLoaded } = useNotifications();
  const openModal = useUiStore((s) => s.setNotificationsOpen);
  const latest = notifications.slice(0, LATEST_NOTIFICATIONS_LENGTH);
  const [expected] = useState(rememberedLength);
  useEffect(() => {
    if (isLoaded) rememberLength(latest.length);
  }, [isLoaded, latest.length]);
  const placeholders = isLoading ? expected : 0;
  return (
    <section
      aria-labelledby="latest-notifications-heading"
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="latest-notifications-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <Bell className="size-4 text-slate-600" aria-hidden="true" />
        Latest notifications
        {unreadCount > 0 && <span className="ml-auto font-normal text-slate-600 text-xs">{unreadCount} unread</span>}
      </h2>
      <div className="mt-3 flex-1 text-sm">
        {isLoading && <p className={placeholders > 0 ? 'sr-only' : 'text-slate-600'}>Loading notifications...</p>}
        {placeholders > 0 && (
          <ul className="space-y-2">
            {Array.from({ length: placeholders }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
              <Placeholder key={index} />
            ))}
          </ul>
        )}
        {isLoaded && latest.length === 0 && <p className="text-slate-600">No notifications</p>}
        {!isLoading && !isLoaded && latest.length === 0 && <p className="text-slate-600">Your notifications could not be loaded.</p>}
        {latest.length > 0 && (
          <ul className="space-y-2">
            {latest.map((notification) => {
              const body = (
                <>
                  <span className="flex items-baseline gap-2">
                    {notification.status === 'unread' && (
                      <span className="size-2 shrink-0 self-center rounded-full bg-brand-600">
                        <span className="sr-only">Unread: </span>
                      </span>
                    )}
                    <span className="min-w-0 flex-1 truncate font-medium text-slate-900" title={notification.title}>
                      {notification.title}
                    </span>
                    <time dateTime={notification.created_at} className="shrink-0 text-slate-600 text-xs">
                      {formatNumericDate(notification.created_at)}
                    </time>
                  </span>
                  <span className="line-clamp-2 min-h-10 text-slate-700">{notification.message}</span>
                </>
              );
              return (
                <li key={notification.id}>
                  {notification.link ? (
                    <Link to={notification.link} className="focus-ring -mx-2 block rounded-lg px-2 py-1.5 hover:bg-slate-50">
                      {body}
                    </Link>
                  ) : (
                    <div className="-mx-2 px-2 py-1.5">{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {(notifications.length > 0 || placeholders > 0) && (
        <button
          type="button"
          onClick={() => openModal(true)}
          className="focus-ring mt-3 self-start rounded-md font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
        >
          All notifications
        </button>
      )}
    </section>
  );
}
