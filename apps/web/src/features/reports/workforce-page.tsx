import { hasAnyRole, type TaskTool, TASK_TOOLS, type WorkforceReport } from '@verity/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { BackLink } from '../../components/back-link';
import { BarList } from '../../components/charts/bar-list';
import { ChartFigure } from '../../components/charts/chart-figure';
import { LineChart } from '../../components/charts/line-chart';
import { ListFilterSelect } from '../../components/list-filter-select';
import { PanelSection, QueryContent } from '../../components/panel-section';
import { PeriodSelector } from '../../components/period-selector';
import { Button } from '../../components/ui/button';
import { TableScroll } from '../../components/ui/table-scroll';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAuthStore } from '../../lib/auth-store';
import { formatDayMonth } from '../../lib/format-date';
import { formatNumber } from '../../lib/format-number';
import { errorMessage } from '../../lib/form-errors';
import { usePeriod } from '../../lib/period';
import { downloadWorkforceReport, useReportOrganisations, useWorkforceReport } from './api';
import { onFirstUse } from '../../lib/on-first-use';

const TOOL_NAMES: Record<TaskTool, string> = { chat: 'Chat', write: 'Write', review: 'Review', wiki: 'Wiki searches' };

const MONTH = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }));
const DATE = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }));

/** A bucket's first day as its label: "27 Nov", "w/c 23 Nov", "Nov 2026". */
export function bucketLabel(start: string, bucket: WorkforceReport['bucket']): string {
  if (bucket === 'month') return MONTH().format(new Date(`${start}T12:00:00Z`));
  return bucket === 'week' ? `w/c ${formatDayMonth(start)}` : formatDayMonth(start);
}

/** The period's first and last days: "31 Oct to 29 Nov"; with their years when they differ ("30 Nov 2025 to 29 Nov 2026"). */
export function periodLabel(from: string, to: string): string {
  if (from.slice(0, 4) === to.slice(0, 4)) return `${formatDayMonth(from)} to ${formatDayMonth(to)}`;
  const withYear = (day: string) => DATE().format(new Date(`${day}T12:00:00Z`));
  return `${withYear(from)} to ${withYear(to)}`;
}

/** Minutes as hours to one decimal: "12.5 hours", "1 hour"; minutes while under an hour. */
export function timeSaved(minutes: number): string {
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${formatNumber(hours)} ${hours === 1 ? 'hour' : 'hours'}`;
}

/**
 * /reporting/workforce-performance: who uses Verity, how often and to what effect, for the period
 * chosen; a champion sees their organisation, an administrator any organisation, anyone else
 * their own figures. CSV and PDF carry the same figures.
 */
export function WorkforcePage() {
  useDocumentTitle();
  const user = useAuthStore((s) => s.user);
  const isAdmin = hasAnyRole(user?.account_roles ?? [], ['verity_admin']);
  const [days] = usePeriod();
  const [organisationId, setOrganisationId] = useState('');
  const organisations = useReportOrganisations(isAdmin);
  const report = useWorkforceReport(days, organisationId);
  const [exporting, setExporting] = useState<'csv' | 'pdf' | null>(null);

  const download = async (format: 'csv' | 'pdf') => {
    setExporting(format);
    try {
      await downloadWorkforceReport(format, days, organisationId);
    } catch (cause) {
      toast.error(errorMessage(cause, 'The report could not be downloaded.'));
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-8 sm:py-10">
      <BackLink to="/reporting">All reports</BackLink>
      <header className="mt-3 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">Workforce performance</h1>
          <p className="mt-2 max-w-prose text-slate-600">
            {report.data?.scope === 'self'
              ? 'Your own use of Verity: what you have done with each tool and the time it has saved.'
              : 'Who uses Verity and how often, by person and by team, with the time it has saved.'}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {isAdmin && (
            <ListFilterSelect
              label="Organisation"
              value={organisationId}
              onChange={setOrganisationId}
              options={[
                { value: '', label: 'My organisation' },
                ...(organisations.data?.organisations ?? []).map((organisation) => ({ value: organisation.id, label: organisation.name })),
              ]}
              className="w-64"
            />
          )}
          <PeriodSelector />
        </div>
      </header>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" loading={exporting === 'csv'} disabled={!report.data} onClick={() => void download('csv')}>
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </Button>
        <Button variant="secondary" size="sm" loading={exporting === 'pdf'} disabled={!report.data} onClick={() => void download('pdf')}>
          <Download aria-hidden="true" className="size-4" />
          Download PDF
        </Button>
      </div>
      <div className="mt-6">
        <QueryContent query={report} loadingMessage="Working out the figures…" errorMessage="The report could not be loaded.">
          {(data) => <ReportBody report={data} />}
        </QueryContent>
      </div>
    </div>
  );
}

function ReportBody({ report }: { report: WorkforceReport }) {
  const { totals } = report;
  const adoption = report.buckets.map((start, index) => ({ label: bucketLabel(start, report.bucket), value: totals.adoption[index] ?? 0 }));
  const tools = TASK_TOOLS.map((tool) => ({ label: TOOL_NAMES[tool], value: totals.tasks[tool] }));
  const facts = [
    [report.scope === 'self' ? 'You' : 'People', formatNumber(totals.people)],
    ['Active', formatNumber(totals.active_people)],
    ['Onboarding complete', formatNumber(totals.onboarding_complete)],
    ['Tasks', formatNumber(totals.total_tasks)],
    ['Time saved', timeSaved(totals.minutes_saved)],
  ] as const;
  return (
    <div className="space-y-6">
      <p className="text-slate-600 text-sm">
        {report.organisation.name} · {periodLabel(report.from, report.to)}
      </p>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-5" aria-label="At a glance">
        {facts.map(([label, value]) => (
          <li key={label} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="font-medium text-slate-600 text-sm">{label}</p>
            <p className="mt-1 font-semibold text-2xl text-slate-900 tabular-nums">{value}</p>
          </li>
        ))}
      </ul>
      {/* As the PDF says; the dashboard's active users also count people who only signed in. */}
      <p className="-mt-3 text-slate-600 text-xs">Active means at least one task in the period; signing in alone does not count.</p>
      <div className="grid gap-6 lg:grid-cols-3">
        <PanelSection title="Adoption over time" description={`People who used a tool each ${report.bucket}.`} className="lg:col-span-2">
          <ChartFigure
            summary={`People active each ${report.bucket} of the period.`}
            columns={[report.bucket === 'day' ? 'Day' : report.bucket === 'week' ? 'Week' : 'Month', 'People active']}
            rows={adoption}
          >
            <LineChart points={adoption} />
          </ChartFigure>
        </PanelSection>
        <PanelSection title="Use of each tool" description="Tasks in the period.">
          <BarList bars={tools} />
        </PanelSection>
      </div>
      {report.scope === 'organisation' && (
        <PanelSection title="Teams" description="Teams are job titles until your organisation sets up teams of its own.">
          <ReportTable
            caption="Teams"
            headings={['Team', 'People', 'Active', 'Onboarding complete', 'Tasks', 'Time saved']}
            rows={report.teams.map((team) => [
              team.name,
              formatNumber(team.people),
              formatNumber(team.active_people),
              formatNumber(team.onboarding_complete),
              formatNumber(team.total_tasks),
              timeSaved(team.minutes_saved),
            ])}
          />
        </PanelSection>
      )}
      <PanelSection
        title={report.scope === 'self' ? 'Your figures' : 'People'}
        description="Tasks by tool in the period, and each person’s onboarding."
      >
        <ReportTable
          caption={report.scope === 'self' ? 'Your figures' : 'People'}
          headings={['Name', 'Team', 'Onboarding', ...TASK_TOOLS.map((tool) => TOOL_NAMES[tool]), 'Time saved', 'Last active']}
          rows={report.people.map((person) => [
            person.name,
            person.team,
            person.onboarding_complete
              ? 'Complete'
              : person.onboarding_completed === 0
                ? 'Not started'
                : `${person.onboarding_completed} modules`,
            ...TASK_TOOLS.map((tool) => formatNumber(person.tasks[tool])),
            timeSaved(person.minutes_saved),
            person.last_active ? bucketLabel(person.last_active, 'day') : 'None',
          ])}
        />
      </PanelSection>
      <p className="max-w-prose text-slate-500 text-xs">
        A task is a question answered in chat, a document written from a transcript, a policy reviewed or a search of the wiki. Time saved
        is estimated per task:{' '}
        {TASK_TOOLS.map((tool) => `${TOOL_NAMES[tool].toLowerCase()} ${report.minutes_per_task[tool]} minutes`).join(', ')}.
      </p>
    </div>
  );
}

function ReportTable({ caption, headings, rows }: { caption: string; headings: readonly string[]; rows: readonly (readonly string[])[] }) {
  if (rows.length === 0) return <p className="text-slate-600 text-sm">Nobody to show.</p>;
  return (
    <TableScroll label={caption} className="rounded-lg border border-slate-200">
      <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {headings.map((heading, index) => (
              <th key={heading} scope="col" className={index === 0 ? 'px-3 py-2 font-semibold' : 'px-3 py-2 font-semibold'}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.join('|')} className="border-slate-200 border-t">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={headings[index]} scope="row" className="px-3 py-2 font-medium text-slate-900">
                    {cell}
                  </th>
                ) : (
                  <td key={headings[index]} className="px-3 py-2 text-slate-700 tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
