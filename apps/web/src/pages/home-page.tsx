import { ArrowRight, Bell, Clock, FileText, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useNav } from '../app/shell/use-nav';
import { useAuthStore } from '../lib/auth-store';
import { useUiStore } from '../lib/ui-store';
import { TOOL_DESCRIPTIONS } from './tool-descriptions';

export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

interface HomeCardProps {
  /** The heading's id; the heading names the section. */
  headingId: string;
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** Anything under the description, such as an action. */
  children?: ReactNode;
}

/** One of the cards under the quick actions: a titled section with an icon. */
function HomeCard({ headingId, icon: Icon, title, description, children }: HomeCardProps) {
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon className="size-4 text-slate-500" aria-hidden="true" />
        {title}
      </h2>
      <p className="mt-2 text-slate-600 text-sm">{description}</p>
      {children}
    </section>
  );
}

export function HomePage() {
  const user = useAuthStore((s) => s.user);
  const setNotificationsOpen = useUiStore((s) => s.setNotificationsOpen);
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

      <section aria-labelledby="quick-actions-heading" className="mt-8">
        <h2 id="quick-actions-heading" className="font-semibold text-lg text-slate-900">
          Quick actions
        </h2>
        {tools.length === 0 ? (
          <p className="mt-3 max-w-prose text-slate-600">
            Your account does not include any tools yet. Ask your organisation&apos;s Verity champion if you need access.
          </p>
        ) : (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {tools.map((tool) => {
              const Icon = tool.icon;
              return (
                <li key={tool.key}>
                  <Link
                    to={tool.path}
                    onClick={() => onNavigate(tool)}
                    className="focus-ring group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50/40"
                  >
                    <span className="flex items-center gap-3">
                      <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                        <Icon className="size-5" aria-hidden="true" />
                      </span>
                      <span className="font-semibold text-slate-900">{tool.label}</span>
                      <ArrowRight
                        className="ml-auto size-4 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700"
                        aria-hidden="true"
                      />
                    </span>
                    {TOOL_DESCRIPTIONS[tool.key] && <span className="mt-2 text-slate-600 text-sm">{TOOL_DESCRIPTIONS[tool.key]}</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <div className="mt-10 grid gap-4 lg:grid-cols-3">
        <HomeCard
          headingId="recent-conversations-heading"
          icon={Clock}
          title="Recent conversations"
          description={
            hasChat
              ? 'Recent conversations will appear here once you start using Chat.'
              : 'Conversations shared with you open from the links you receive.'
          }
        />
        <HomeCard
          headingId="recent-documents-heading"
          icon={FileText}
          title="Documents and favourites"
          description={
            hasWiki
              ? 'Documents you open or mark as favourites in the Regulatory Wiki will appear here.'
              : 'Documents shared with you open from the links you receive.'
          }
        />
        <HomeCard
          headingId="latest-notifications-heading"
          icon={Bell}
          title="Notifications"
          description="Updates about your work and the regulatory library arrive here."
        >
          <button
            type="button"
            onClick={() => setNotificationsOpen(true)}
            className="focus-ring mt-3 rounded-md font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
          >
            View notifications
          </button>
        </HomeCard>
      </div>
    </div>
  );
}
