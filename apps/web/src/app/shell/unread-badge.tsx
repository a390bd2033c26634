import { formatUnreadBadge } from '../../lib/constants';

/** A small red count; nothing when there is nothing unread. Decorative: labels carry the number. */
export function UnreadBadge({ count, compact = false }: { count: number; compact?: boolean }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className={
        compact
          ? 'inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 font-semibold text-[10px] text-white leading-none ring-2 ring-white'
          : 'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 font-semibold text-[11px] text-white leading-none'
      }
    >
      {formatUnreadBadge(count)}
    </span>
  );
}
