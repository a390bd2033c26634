import { type ChatSessionSummary, hasAnyRole } from '@verity/shared';
import { Lock, MessagesSquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { Drawer } from '../../components/ui/drawer';
import { useAuthStore } from '../../lib/auth-store';
import { CHAT_PATH } from './api';
import { ChatThread } from './chat-thread';
import { ConversationDeleteDialog } from './conversation-delete-dialog';
import { ConversationList } from './conversation-list';

/** The phone and tablet drawer: wide enough for a title, never the whole screen. */
const DRAWER_WIDTH = 'min(20rem, 88vw)';
const NO_ROLES: readonly string[] = [];

/**
 * Guests may follow a /chat/{sessionId} link (a shared detail route), but conversations are
 * private to the person who asked them, so a guest is told so instead of meeting a failed list.
 */
function GuestChatNotice() {
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <div className="max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
        <Lock aria-hidden="true" className="mx-auto size-8 text-slate-400" />
        <h1 className="mt-3 font-semibold text-lg text-slate-900">This conversation is private</h1>
        <p className="mt-2 text-slate-600 text-sm">
          Conversations can be read only by the person who started them. Ask them to export it as a Word document (Export (.docx)) and share
          the file with you.
        </p>
        <ButtonLink to="/home" variant="secondary" size="sm" className="mt-4">
          Go to Home
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * /chat and /chat/{sessionId}: the conversations list beside the thread (a drawer below the lg
 * breakpoint). The route's fixed layout keeps the page itself from scrolling; the list
 * and the thread scroll inside their own columns.
 */
export function ChatLayout() {
  const roles = useAuthStore((s) => s.user?.account_roles ?? NO_ROLES);
  return hasAnyRole(roles, ['standard']) ? <ChatWorkspace /> : <GuestChatNotice />;
}

function ChatWorkspace() {
  const { sessionId } = useParams();
  const activeId = sessionId ?? null;
  const [query, setQuery] = useState('');
  const location = useLocation();
  // The phone drawer belongs to the page it was opened on: any navigation (a conversation
  // opened, a new one started, the thread moving to the conversation it created) closes it.
  const [drawerLocation, setDrawerLocation] = useState<string | null>(null);
  const drawerOpen = drawerLocation === location.key;
  const [deleting, setDeleting] = useState<ChatSessionSummary | null>(null);

  const closeDrawer = () => setDrawerLocation(null);
  // The confirmation is a dialog of its own: the drawer closes first so Escape has one owner.
  const requestDelete = (session: ChatSessionSummary) => {
    closeDrawer();
    setDeleting(session);
  };

  const listProps = { activeId, query, onQueryChange: setQuery, onDelete: requestDelete };

  return (
    <div className="flex min-h-0 flex-1">
      <aside aria-label="Conversations" className="hidden w-72 shrink-0 flex-col border-slate-200 border-r bg-white lg:flex">
        <ConversationList {...listProps} />
      </aside>

      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <div className="flex h-11 shrink-0 items-center justify-between gap-2 border-slate-200 border-b bg-white px-2 lg:hidden print:hidden">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDrawerLocation(location.key)}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
          >
            <MessagesSquare aria-hidden="true" className="size-4" />
            Conversations
          </Button>
          <ButtonLink to={CHAT_PATH} variant="ghost" size="sm">
            <Plus aria-hidden="true" className="size-4" />
            New conversation
          </ButtonLink>
        </div>
        <div className="flex min-h-0 flex-1 flex-col">
          <ChatThread sessionId={activeId} />
        </div>
      </div>

      <Drawer open={drawerOpen} onClose={closeDrawer} label="Conversations" width={DRAWER_WIDTH}>
        <ConversationList {...listProps} onNavigate={closeDrawer} onClose={closeDrawer} />
      </Drawer>

      <ConversationDeleteDialog session={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
