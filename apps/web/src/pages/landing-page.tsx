import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowRight, BookOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type NavItem, visibleMoreTools } from '../app/shell/nav-items';
import { useNav } from '../app/shell/use-nav';
import { chatSessionPath, chatSessionsQueryOptions, flattenSessions } from '../features/chat/api';
import { formatConversationTime, formatConversationTimeFull } from '../features/chat/conversation-time';
import { recentDocumentsQueryOptions } from '../features/documents/api';
import { reviewPath, useReviews } from '../features/review/api';
import { useWriteDocuments, writeDocumentPath } from '../features/write/api';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useAuthStore } from '../lib/auth-store';
import { useFlags } from '../lib/flags';
import { ListState, queryState } from './list-state';

/** How many pieces of the person's own work each tool shows. */
export const LANDING_LIST_LENGTH = 3;

/** What each tool is for, said a little more fully than Home's one line, and the tutorial about it. */
const TOOL_GUIDES: Record<string, { purpose: string; tutorial?: string }> = {
  chat: {
    purpose:
      'Ask what a regulation, HTM or CQC standard requires, as you would ask a colleague. Every answer cites the passages it rests on, and superseded editions are named as such. Switch to Draft to have a policy section or checklist written from the library.',
    tutorial: '/tutorials/asking-good-questions',
  },
  write: {
    purpose:
      'Upload or paste a meeting transcript and get minutes, an action log, a briefing or an incident report: attendees, decisions and actions with owners and dates, each traced to the lines it came from. Edit it and download it as Word.',
    tutorial: '/tutorials/writing-assistant',
  },
  review: {
    purpose:
      'Upload a policy and see what needs fixing before it goes to committee: superseded or unknown references, missing sections and statutory roles, an overdue review date, undefined terms. Each finding is placed in the text with the library passages behind it.',
    tutorial: '/tutorials/review-assistant',
  },
  wiki: {
    purpose:
      'Browse and search the regulatory library by code, words, category, domain and subdomain; read a document with its contents, compare two editions side by side, and keep your favourites.',
    tutorial: '/tutorials/regulatory-wiki',
  },
  'data-library': {
    purpose:
      'Your organisation’s own policies, procedures and records. Add them here and they are searched, read and cited in the wiki and in chat beside the regulatory library, for your organisation only.',
  },
  reports: {
    purpose:
      'Workforce performance: who uses Verity and how often, by person and by team, onboarding, each tool’s use and the hours saved, as CSV or PDF.',
  },
  tutorials: {
    purpose:
      'Short guides to each tool and to the library: how to phrase a question, how citations and superseded editions work, and what each review finding means.',
  },
  dashboard: {
    purpose:
      'See how your organisation uses Verity — active members, questions asked, time saved, the subjects people look up — and invite colleagues.',
    tutorial: '/tutorials/champion-dashboard',
  },
};

function WorkLine({ to, title, detail }: { to: string; title: string; detail: ReactNode }) {
  return (
    <li>
      <Link to={to} className="focus-ring -mx-2 flex items-baseline gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-50">
        <span className="line-clamp-2 min-w-0 flex-1 font-medium text-slate-900">{title}</span>
        <span className="shrink-0 text-slate-600 text-xs">{detail}</span>
      </Link>
    </li>
  );
}

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatConversationTimeFull(iso)}>
      {formatConversationTime(iso)}
    </time>
  );
}

function ChatWork() {
  const query = useInfiniteQuery({ ...chatSessionsQueryOptions(''), refetchOnMount: 'always' });
  const sessions = flattenSessions(query.data).slice(0, LANDING_LIST_LENGTH);
  return (
    queryState(query, 'conversations') ??
    (sessions.length === 0 ? (
      <ListState>No conversations yet.</ListState>
    ) : (
      <ul>
        {sessions.map((session) => (
          <WorkLine
            key={session.id}
            to={chatSessionPath(session.id)}
            title={session.title || 'New conversation'}
            detail={<When iso={session.last_message_at} />}
          />
        ))}
      </ul>
    ))
  );
}

const WRITE_STATUS: Record<string, string> = { generating: 'Being written', failed: 'Failed' };

function WriteWork() {
  const query = useWriteDocuments('', 1);
  const documents = (query.data?.documents ?? []).slice(0, LANDING_LIST_LENGTH);
  return (
    queryState(query, 'documents') ??
    (documents.length === 0 ? (
      <ListState>No documents written yet.</ListState>
    ) : (
      <ul>
        {documents.map((document) => (
          <WorkLine
            key={document.external_id}
            to={writeDocumentPath(document.external_id)}
            title={document.title}
            detail={WRITE_STATUS[document.status] ?? <When iso={document.updated_at} />}
          />
        ))}
      </ul>
    ))
  );
}

function ReviewWork() {
  const query = useReviews('', 1);
  const reviews = (query.data?.reviews ?? []).slice(0, LANDING_LIST_LENGTH);
  return (
    queryState(query, 'reviews') ??
    (reviews.length === 0 ? (
      <ListState>No policies reviewed yet.</ListState>
    ) : (
      <ul>
        {reviews.map((review) => {
          const detail =
            review.status === 'reviewing'
              ? 'Being reviewed'
              : review.status === 'failed'
                ? 'Failed'
                : `${review.counts.open} open ${review.counts.open === 1 ? 'finding' : 'findings'}`;
          return <WorkLine key={review.id} to={reviewPath(review.id)} title={review.title} detail={detail} />;
        })}
      </ul>
    ))
  );
}

function WikiWork() {
  const query = useQuery({ ...recentDocumentsQueryOptions(LANDING_LIST_LENGTH), refetchOnMount: 'always' });
  const documents = query.data?.documents ?? [];
  return (
    queryState(query, 'recently opened documents') ??
    (documents.length === 0 ? (
      <ListState>Nothing opened yet.</ListState>
    ) : (
      <ul>
        {documents.map(({ reference, opened_at }) => (
          <WorkLine
            key={reference.short_id}
            to={`/wiki/${encodeURIComponent(reference.short_id)}`}
            title={`${reference.code}: ${reference.title}`}
            detail={<When iso={opened_at} />}
          />
        ))}
      </ul>
    ))
  );
}

const RECENT_WORK: Record<string, () => ReactNode> = { chat: ChatWork, write: WriteWork, review: ReviewWork, wiki: WikiWork };

function ToolSection({ tool, onNavigate }: { tool: NavItem; onNavigate: (item: NavItem) => void }) {
  const Icon = tool.icon;
  const guide = TOOL_GUIDES[tool.key];
  const Work = RECENT_WORK[tool.key];
  const headingId = `tool-${tool.key}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="flex items-center gap-3 font-semibold text-lg text-slate-900">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {tool.label}
      </h2>
      {guide && <p className="mt-3 text-slate-700 text-sm">{guide.purpose}</p>}
      {Work && (
        <div className="mt-4">
          <h3 className="font-medium text-slate-600 text-xs uppercase tracking-wide">Your recent work</h3>
          <div className="mt-1.5">
            <Work />
          </div>
        </div>
      )}
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-4">
        <Link
          to={tool.path}
          onClick={() => onNavigate(tool)}
          className="focus-ring inline-flex items-center gap-1 rounded-md font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
        >
          Open {tool.label}
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
        {guide?.tutorial && (
          <Link
            to={guide.tutorial}
            className="focus-ring inline-flex items-center gap-1 rounded-md text-slate-700 text-sm underline-offset-2 hover:underline"
          >
            <BookOpen className="size-3.5" aria-hidden="true" />
            How it works
          </Link>
        )}
      </div>
    </section>
  );
}

/** /landing: every tool the person has, what each is for, and their own recent work in each. */
export function LandingPage() {
  useDocumentTitle();
  const { items, onNavigate } = useNav();
  const roles = useAuthStore((s) => s.user?.account_roles) ?? [];
  const { flags } = useFlags();
  const tools = [...items.filter((item) => item.key !== 'home'), ...visibleMoreTools(roles, flags)];
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-8 sm:py-10">
      <header>
        <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">Verity tools</h1>
        <p className="mt-2 max-w-prose text-slate-600">
          What each tool is for, with your latest work in it. New to Verity?{' '}
          <Link to="/landing?onboarding=true" className="focus-ring rounded font-medium text-brand-800 underline underline-offset-2">
            Open the guide
          </Link>{' '}
          for a short task in each.
        </p>
      </header>
      <div className="mt-8 grid gap-4 md:grid-cols-2">
        {tools.map((tool) => (
          <ToolSection key={tool.key} tool={tool} onNavigate={onNavigate} />
        ))}
      </div>
    </div>
  );
}
