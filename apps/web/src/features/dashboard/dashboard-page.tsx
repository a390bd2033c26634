import { PeriodSelector } from '../../components/period-selector';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePeriod } from '../../lib/period';
import { MessagesChart, SubdomainChart, TasksChart } from './activity-charts';
import { InvitePanel } from './invite-panel';
import { JoinRequestsSection } from './join-requests';
import { MetricCards } from './metric-cards';
import { PendingInvitationsSection } from './pending-invitations';
import { TimeSavedTable } from './time-saved-table';
import { UsersSection } from './users-table';

/**
 * /dashboard (champions): how the organisation uses Verity over a period, who is active, and
 * inviting colleagues. Each panel loads and fails on its own.
 */
export function DashboardPage() {
  useDocumentTitle();
  const [days] = usePeriod();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">Champion Dashboard</h1>
          <p className="mt-2 max-w-prose text-slate-600">
            How your organisation uses Verity, each figure compared with the period before it of the same length.
          </p>
        </div>
        <div data-tour="dashboard-period">
          <PeriodSelector />
        </div>
      </header>
      <div className="mt-8 space-y-6">
        <JoinRequestsSection />
        <div data-tour="dashboard-metrics">
          <MetricCards days={days} />
        </div>
        <MessagesChart days={days} />
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-6">
            <TasksChart days={days} />
            <TimeSavedTable days={days} />
          </div>
          <SubdomainChart days={days} />
        </div>
        <div data-tour="dashboard-users">
          <UsersSection days={days} />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <div data-tour="dashboard-invite">
            <InvitePanel />
          </div>
          <PendingInvitationsSection />
        </div>
      </div>
    </div>
  );
}
