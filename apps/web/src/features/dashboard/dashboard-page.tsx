import { DASHBOARD_PERIODS } from '@verity/shared';
import { useId } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { cn } from '../../lib/cn';
import { MessagesChart, SubdomainChart, TasksChart } from './activity-charts';
import { InvitePanel } from './invite-panel';
import { MetricCards } from './metric-cards';
import { PendingInvitationsSection } from './pending-invitations';
import { PERIOD_LABELS, usePeriod } from './period';
import { TimeSavedTable } from './time-saved-table';
import { UsersSection } from './users-table';

/** The period as a row of radio buttons: one choice, arrow keys move between them. */
function PeriodSelector() {
  const [days, setDays] = usePeriod();
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Period</legend>
      <div className="grid grid-cols-4 rounded-md border border-slate-300 bg-white p-0.5 sm:inline-grid">
        {DASHBOARD_PERIODS.map((period) => (
          <label
            key={period}
            className={cn(
              'cursor-pointer whitespace-nowrap rounded px-2 py-1.5 text-center text-sm sm:px-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
              period === days ? 'bg-brand-700 font-medium text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <input
              type="radio"
              name={name}
              value={period}
              checked={period === days}
              onChange={() => setDays(period)}
              aria-label={`Last ${PERIOD_LABELS[period]}`}
              className="sr-only"
            />
            {PERIOD_LABELS[period]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

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
