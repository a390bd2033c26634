import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListLoading } from '../../components/list-states';
import { cn } from '../../lib/cn';
import { AuditSection } from './audit-section';
import { BroadcastSection } from './broadcast-section';
import { FlagsSection } from './flags-section';
import { OrganisationsSection } from './organisations-section';
import { SystemSection } from './system-section';
import { UsersSection } from './users-section';

// The library and tutorial editors (upload, Markdown preview) load when opened, keeping the page within its budget.
const LibrarySection = lazy(async () => ({ default: (await import('./library-section')).LibrarySection }));
const TutorialsSection = lazy(async () => ({ default: (await import('./tutorials-section')).TutorialsSection }));

/** The admin area's parts, each at /admin?section=…, so a link (or a reload) opens the one meant. */
const SECTIONS = [
  { key: 'organisations', label: 'Organisations', Section: OrganisationsSection },
  { key: 'people', label: 'People', Section: UsersSection },
  { key: 'library', label: 'Library', Section: LibrarySection },
  { key: 'tutorials', label: 'Tutorials', Section: TutorialsSection },
  { key: 'flags', label: 'Feature flags', Section: FlagsSection },
  { key: 'broadcast', label: 'Broadcast', Section: BroadcastSection },
  { key: 'audit', label: 'Audit log', Section: AuditSection },
  { key: 'system', label: 'System', Section: SystemSection },
] as const;

/** /admin, for Verity's administrators: organisations, people, the library, tutorials, feature flags, broadcasts, the audit log and the system. */
export function AdminPage() {
  const [params] = useSearchParams();
  const current = SECTIONS.find((section) => section.key === params.get('section')) ?? SECTIONS[0];
  const { Section } = current;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-8 sm:py-10">
      <header>
        <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">Admin</h1>
        <p className="mt-2 max-w-prose text-slate-600">
          Run Verity across organisations. Every change made here is recorded in the audit log with who made it and from where.
        </p>
      </header>
      <nav aria-label="Admin sections" className="mt-6 border-slate-200 border-b">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <Link
                to={`/admin?section=${section.key}`}
                aria-current={section.key === current.key ? 'page' : undefined}
                className={cn(
                  'focus-ring inline-flex h-11 items-center whitespace-nowrap border-b-2 px-3 font-medium text-sm',
                  section.key === current.key
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Suspense fallback={<ListLoading message={`Loading ${current.label.toLowerCase()}…`} />}>
          <Section />
        </Suspense>
      </div>
    </div>
  );
}
