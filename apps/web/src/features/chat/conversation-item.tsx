import type { ChatSessionSummary } from '@verity/shared';
import { EllipsisVertical, Pencil, Trash2, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DropdownMenu } from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import { chatSessionPath } from './api';
import { formatConversationTime, formatConversationTimeFull } from './conversation-time';

// Loaded when a rename starts: no first visit to the chat pays for the form.
const ConversationRenameForm = lazy(() =>
  import('./conversation-rename-form').then((module) => ({ default: module.ConversationRenameForm })),
);

export interface ConversationItemProps {
  session: ChatSessionSummary;
  /** The conversation open on the page. */
  active: boolean;
  /** The current time, so every row's "5 min ago" moves on together. */
  now: number;
  /** After a conversation is opened (a drawer around the list closes). */
  onOpen?: () => void;
  onDelete: (session: ChatSessionSummary) => void;
}

/** One conversation in the list: its link (title and last activity) and its Rename / Delete menu. */
export function ConversationItem({ session, active, now, onOpen, onDelete }: ConversationItemProps) {
  const [editing, setEditing] = useState(false);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const restoreFocus = useRef(false);

  // Back from renaming: focus returns to the row's menu button, where the person started.
  useEffect(() => {
    if (editing || !restoreFocus.current) return;
    restoreFocus.current = false;
    triggerRef.current?.focus();
  }, [editing]);

  if (editing) {
    return (
      <li>
        <Suspense fallback={null}>
          <ConversationRenameForm
            session={session}
            onDone={() => {
              restoreFocus.current = true;
              setEditing(false);
            }}
          />
        </Suspense>
      </li>
    );
  }

  return (
    <li className="group relative">
      <Link
        to={chatSessionPath(session.id)}
        aria-current={active ? 'page' : undefined}
        onClick={onOpen}
        title={session.title}
        className={cn(
          'focus-ring flex flex-col gap-0.5 rounded-lg py-2 pr-10 pl-3 transition-colors',
          active ? 'bg-brand-50 text-brand-900' : 'text-slate-800 hover:bg-slate-100',
        )}
      >
        <span className={cn('line-clamp-2 break-words text-sm leading-5', active ? 'font-semibold' : 'font-medium')}>{session.title}</span>
        <span className={cn('flex items-center gap-2 text-xs', active ? 'text-brand-800' : 'text-slate-600')}>
          <time dateTime={session.last_message_at} title={formatConversationTimeFull(session.last_message_at)}>
            {formatConversationTime(session.last_message_at, now)}
          </time>
          {session.shared_at && (
            <span className="inline-flex items-center gap-1" title="Shared read-only with your organisation">
              <Users aria-hidden="true" className="size-3.5" />
              Shared
            </span>
          )}
        </span>
      </Link>
      {/* Positioned without a z-index, so the open menu stacks above the rows below it. */}
      <div className="absolute top-2 right-1">
        <DropdownMenu
          label={`Actions for “${session.title}”`}
          placement="bottom-end"
          items={[
            {
              id: 'rename',
              label: 'Rename',
              icon: <Pencil className="size-4" />,
              onSelect: () => setEditing(true),
            },
            {
              id: 'delete',
              label: 'Delete',
              icon: <Trash2 className="size-4" />,
              tone: 'danger',
              onSelect: () => onDelete(session),
            },
          ]}
          trigger={(props) => (
            <button
              {...props}
              ref={triggerRef}
              type="button"
              aria-label={`More actions for “${session.title}”`}
              className={cn(
                'focus-ring inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-white hover:text-slate-900',
                props['aria-expanded'] && 'bg-white text-slate-900',
              )}
            >
              <EllipsisVertical aria-hidden="true" className="size-4" />
            </button>
          )}
        />
      </div>
    </li>
  );
}
