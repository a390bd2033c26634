import { type ChatSessionSummary, chatEndpoints } from '@verity/shared';
import { MessagesSquare, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { Drawer } from '../../components/ui/drawer';
import { CHAT_PATH } from './api';
import { ChatThread } from './chat-thread';
import { ConversationList } from './conversation-list';
import { ConversationPrivate } from './conversation-private';

// Loaded when a deletion is asked for: no first visit to the chat pays for the dialog.
const ConversationDeleteDialog = lazy(() =>
  import('./conversation-delete-dialog').then((module) => ({ default: module.ConversationDeleteDialog })),
);
import { SharedConversation } from './shared-conversation';
import { useMayCall } from '../../hooks/use-may';

/** The phone and tablet drawer: wide enough for a title, never the whole screen. */
const DRAWER_WIDTH = 'min(20rem, 88vw)';

/**
 * /chat and /chat/{sessionId}: the conversations list beside the thread (a drawer below the lg
 * breakpoint, opened from the thread's own header row, which also starts a new conversation, so
 * a phone spends one compact bar, not two, above the conversation). The route's fixed layout keeps the page itself from scrolling; the list
 * and the thread scroll inside their own columns.
 */
export function ChatLayout() {
  // The workspace lists and asks; whoever the server would not serve that sees the guest view.
  return useMayCall(chatEndpoints.listSessions) ? <ChatWorkspace /> : <GuestChat />;
}

/**
 * Guests may follow a /chat/{sessionId} link (a shared detail route): a conversation shared with
 * their organisation opens read only; any other is private to the person who asked it.
 */
function GuestChat() {
  const { sessionId } = useParams();
  if (!sessionId) return <ConversationPrivate />;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <SharedConversation sessionId={sessionId} />
    </div>
  );
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
        <ChatThread
          sessionId={activeId}
          phoneNav={{
            start: (
              <Button
                variant="ghost"
                onClick={() => setDrawerLocation(location.key)}
                aria-haspopup="dialog"
                aria-expanded={drawerOpen}
                className="shrink-0 px-2 text-slate-700 lg:hidden print:hidden"
              >
                <MessagesSquare aria-hidden="true" className="size-5" />
                <span className="max-sm:sr-only">Conversations</span>
              </Button>
            ),
            end: (
              <ButtonLink to={CHAT_PATH} variant="ghost" className="shrink-0 px-2 lg:hidden print:hidden">
                <Plus aria-hidden="true" className="size-5" />
                <span className="max-sm:sr-only">New conversation</span>
              </ButtonLink>
            ),
          }}
        />
      </div>

      <Drawer open={drawerOpen} onClose={closeDrawer} label="Conversations" width={DRAWER_WIDTH}>
        <ConversationList {...listProps} onNavigate={closeDrawer} onClose={closeDrawer} />
      </Drawer>

      {deleting && (
        <Suspense fallback={null}>
          <ConversationDeleteDialog session={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
    </div>
  );
}
