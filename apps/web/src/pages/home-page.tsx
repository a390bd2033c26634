import type { DocumentReference } from '@verity/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowRight, Clock, type LucideIcon, MessageSquare, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NavItem } from '../app/shell/nav-items';
import { useNav } from '../app/shell/use-nav';
import { chatSessionPath, chatSessionsQueryOptions, flattenSessions } from '../features/chat/api';
import { formatConversationTime, formatConversationTimeFull } from '../features/chat/conversation-time';
import { favouritesQueryOptions, recentDocumentsQueryOptions } from '../features/documents/api';
import { LatestNotifications } from '../features/notifications/latest-notifications';
import { OnboardingCard } from '../features/onboarding/onboarding-card';
import { isGuideFor } from '../features/onboarding/opening';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useAuthStore } from '../lib/auth-store';
import { ListState, queryState, StartLink } from './list-state';
import { TOOL_DESCRIPTIONS } from './tool-descriptions';
import { ChampionContact } from '../components/champion-contact';

/** How many entries each of Home's lists shows. */
export const HOME_LIST_LENGTH = 5;

export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function wikiHref(id: string): string {
  return `/wiki/${encodeURIComponent(id)}`;
}

interface HomeCardProps {
  /** The heading's id; the heading names the section. */
  headingId: string;
  icon: LucideIcon;
  title: string;
  /** A link to the whole list, under it. */
  more?: { to: string; label: string };
  children: ReactNode;
}

/** One of Home's lists: a titled section with an icon. */
function HomeCard({ headingId, icon: Icon, title, more, children }: HomeCardProps) {
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon className="size-4 text-slate-600" aria-hidden="true" />
        {title}
      </h2>
      <div className="mt-3 flex-1">{children}</div>
      {more && (
        <Link
          to={more.to}
          className="focus-ring mt-3 self-start rounded-md font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
        >
          {more.label}
        </Link>
      )}
    </section>
  );
}

function DocumentLine({ reference, detail }: { reference: DocumentReference; detail?: ReactNode }) {
  return (
    <li>
      <Link to={wikiHref(reference.short_id)} className="focus-ring -mx-2 block rounded-lg px-2 py-1.5 hover:bg-slate-50">
        <span className="block font-semibold text-slate-900 text-sm">
          {reference.code}
          {reference.status === 'superseded' && <span className="ml-2 font-normal text-slate-600 text-xs">Superseded</span>}
        </span>
        <span className="line-clamp-2 text-slate-700 text-sm">{reference.title}</span>
        {detail}
      </Link>
    </li>
  );
}

function RecentConversations({ enabled }: { enabled: boolean }) {
  // Home always asks again on arrival: a question asked a moment ago must be listed.
  const query = useInfiniteQuery({ ...chatSessionsQueryOptions(''), enabled, refetchOnMount: 'always' });
  const title = 'Recent conversations';
  if (!enabled) {
    return (
      <HomeCard headingId="recent-conversations-heading" icon={MessageSquare} title={title}>
        <ListState>Conversations shared with you open from the links you receive.</ListState>
      </HomeCard>
    );
  }
  const sessions = flattenSessions(query.data).slice(0, HOME_LIST_LENGTH);
  const state = queryState(query, 'conversations');
  return (
    <HomeCard
      headingId="recent-conversations-heading"
      icon={MessageSquare}
      title={title}
      more={sessions.length > 0 ? { to: '/chat', label: 'All conversations' } : undefined}
    >
      {state ??
        (sessions.length === 0 ? (
          <ListState action={<StartLink to="/chat">Ask your first question</StartLink>}>
            No conversations yet. Ask Chat about an HTM, a regulation or a CQC standard: every answer cites the library, and your
            conversations are listed here.
          </ListState>
        ) : (
          <ul className="space-y-0.5">
            {sessions.map((session) => (
              <li key={session.id}>
                <Link
                  to={chatSessionPath(session.id)}
                  className="focus-ring -mx-2 flex items-baseline gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-50"
                >
                  <span className="line-clamp-2 min-w-0 flex-1 font-medium text-slate-900">{session.title || 'New conversation'}</span>
                  <time
                    dateTime={session.last_message_at}
                    title={formatConversationTimeFull(session.last_message_at)}
                    className="shrink-0 text-slate-600 text-xs"
                  >
                    {formatConversationTime(session.last_message_at)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        ))}
    </HomeCard>
  );
}

function Favourites() {
  const query = useQuery({ ...favouritesQueryOptions(), refetchOnMount: 'always' });
  const favourites = (query.data?.favourites ?? []).slice(0, HOME_LIST_LENGTH);
  const state = queryState(query, 'favourites');
  return (
    <HomeCard
      headingId="favourites-heading"
      icon={Star}
      title="Favourites"
      more={favourites.length > 0 ? { to: '/wiki', label: 'Open the Regulatory Wiki' } : undefined}
    >
      {state ??
        (favourites.length === 0 ? (
          <ListState action={<StartLink to="/wiki">Browse the Regulatory Wiki</StartLink>}>
            No favourites yet. Select the star on any document in the Regulatory Wiki to keep it here.
          </ListState>
        ) : (
          <ul className="space-y-0.5">
            {favourites.map((reference) => (
              <DocumentLine key={reference.short_id} reference={reference} />
            ))}
          </ul>
        ))}
    </HomeCard>
  );
}

function RecentlyOpened({ hasWiki }: { hasWiki: boolean }) {
  const query = useQuery({ ...recentDocumentsQueryOptions(HOME_LIST_LENGTH), refetchOnMount: 'always' });
  const documents = query.data?.documents ?? [];
  const state = queryState(query, 'recently opened documents');
  return (
    <HomeCard headingId="recent-documents-heading" icon={Clock} title="Recently opened">
      {state ??
        (documents.length === 0 ? (
          hasWiki ? (
            <ListState action={<StartLink to="/wiki">Find a document</StartLink>}>
              Nothing opened yet. Documents you read in the Regulatory Wiki, or open from a citation in Chat, are listed here.
            </ListState>
          ) : (
            <ListState>Documents shared with you open from the links you receive, and are then listed here.</ListState>
          )
        ) : (
          <ul className="space-y-0.5">
            {documents.map(({ reference, opened_at }) => (
              <DocumentLine
                key={reference.short_id}
                reference={reference}
                detail={
                  <span className="block text-slate-600 text-xs">
                    Opened{' '}
                    <time dateTime={opened_at} title={formatConversationTimeFull(opened_at)}>
                      {formatConversationTime(opened_at).replace(/^Just now$/, 'just now')}
                    </time>
                  </span>
                }
              />
            ))}
          </ul>
        ))}
    </HomeCard>
  );
}

function ToolCard({ tool, onNavigate }: { tool: NavItem; onNavigate: (item: NavItem) => void }) {
  const Icon = tool.icon;
  const description = TOOL_DESCRIPTIONS[tool.key];
  return (
    <Link
      to={tool.path}
      onClick={() => onNavigate(tool)}
      className="focus-ring group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50/40"
    >
      <span className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 font-semibold text-slate-900">{tool.label}</span>
        <ArrowRight
          className="ml-auto size-4 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700"
          aria-hidden="true"
        />
      </span>
      {description && <span className="mt-2 text-slate-600 text-sm">{description}</span>}
    </Link>
  );
}

export function HomePage() {
  useDocumentTitle();
  const user = useAuthStore((s) => s.user);
  const { items, onNavigate } = useNav();
  const tools = items.filter((item) => item.key !== 'home');
  const firstname = user?.firstname?.trim();
  const greeting = greetingFor(new Date());
  const hasChat = tools.some((t) => t.key === 'chat');
  const hasWiki = tools.some((t) => t.key === 'wiki');

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-8 sm:py-10">
      <header>
        <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">
          {firstname ? `${greeting}, ${firstname}` : greeting}
        </h1>
        <p className="mt-2 text-slate-600">
          {user?.organisation?.name ? `${user.organisation.name} · ` : ''}Your regulatory compliance workspace.
        </p>
      </header>

      <div className={isGuideFor(user) ? 'mt-8 grid gap-4 md:grid-cols-2' : 'mt-8'}>
        <OnboardingCard />
        <LatestNotifications />
      </div>

      <div data-tour="home-recent" className={hasWiki ? 'mt-4 grid gap-4 lg:grid-cols-3' : 'mt-4 grid gap-4 md:grid-cols-2'}>
        <RecentConversations enabled={hasChat} />
        {hasWiki && <Favourites />}
        <RecentlyOpened hasWiki={hasWiki} />
      </div>

      <section aria-labelledby="quick-actions-heading" className="mt-10">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="quick-actions-heading" className="font-semibold text-lg text-slate-900">
            Quick actions
          </h2>
          {tools.length > 0 && (
            <Link to="/landing" className="focus-ring rounded-md font-medium text-brand-800 text-sm underline-offset-2 hover:underline">
              All tools and your work in each
            </Link>
          )}
        </div>
        {tools.length === 0 ? (
          <div className="mt-3 max-w-prose">
            <p className="text-slate-600">
              Your account does not include any tools yet. Ask your organisation&apos;s Verity champion if you need access.
            </p>
            <ChampionContact className="mt-3" />
          </div>
        ) : (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {tools.map((tool) => (
              <li key={tool.key}>
                <ToolCard tool={tool} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
