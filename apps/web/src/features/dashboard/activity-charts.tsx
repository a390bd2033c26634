import { type DashboardPeriod, MESSAGES, TASK_TOOLS, type TaskTool } from '@verity/shared';
import { ListEmpty } from '../../components/list-states';
import { formatDayMonth } from '../../lib/format-date';
import { useDashboardTasks, useMessageCount, useSubdomainUsage } from './api';
import { BarList } from '../../components/charts/bar-list';
import { ChartFigure } from '../../components/charts/chart-figure';
import { ColumnChart } from '../../components/charts/column-chart';
import { LineChart } from '../../components/charts/line-chart';
import { formatNumber } from '../../lib/format-number';
import { ChangeIndicator } from './change-indicator';
import { PanelSection, QueryContent } from '../../components/panel-section';

export const TASK_TOOL_LABELS: Record<TaskTool, string> = {
  chat: 'Chat',
  write: 'Write',
  review: 'Review',
  wiki: 'Wiki search',
};

/** How many subdomains the usage chart shows (the rest are in none of the bars, and said so). */
export const TOP_SUBDOMAINS = 8;

export function MessagesChart({ days }: { days: DashboardPeriod }) {
  const query = useMessageCount(days);
  return (
    <PanelSection title="Questions over time" description="Questions asked in the chat each day.">
      <QueryContent query={query} errorMessage={MESSAGES.messageCountFailed} loadingMessage="Loading questions…">
        {(data) =>
          data.daily.every((day) => day.count === 0) ? (
            <ListEmpty title="No questions asked in this period" className="py-8" />
          ) : (
            <ChartFigure
              summary={`Questions asked per day over the last ${days} days, ${formatNumber(data.count)} in all.`}
              columns={['Day', 'Questions']}
              rows={data.daily.map((day) => ({ label: formatDayMonth(day.date), value: day.count }))}
            >
              <LineChart points={data.daily.map((day) => ({ label: formatDayMonth(day.date), value: day.count }))} />
            </ChartFigure>
          )
        }
      </QueryContent>
    </PanelSection>
  );
}

export function TasksChart({ days }: { days: DashboardPeriod }) {
  const query = useDashboardTasks(days);
  return (
    <PanelSection title="Tasks by tool" description="Uses of each tool in the period.">
      <QueryContent query={query} errorMessage={MESSAGES.tasksFailed} loadingMessage="Loading tasks…">
        {(data) => {
          const columns = TASK_TOOLS.map((tool) => ({ label: TASK_TOOL_LABELS[tool], value: data.tasks[tool] ?? 0 }));
          return data.total_tasks === 0 ? (
            <ListEmpty title="No tasks in this period" className="py-8" />
          ) : (
            <ChartFigure
              summary={`Tasks by tool over the last ${days} days, ${formatNumber(data.total_tasks)} in all.`}
              columns={['Tool', 'Tasks']}
              rows={columns}
              formatValue={formatNumber}
            >
              <ColumnChart columns={columns} />
            </ChartFigure>
          );
        }}
      </QueryContent>
    </PanelSection>
  );
}

export function SubdomainChart({ days }: { days: DashboardPeriod }) {
  const query = useSubdomainUsage(days);
  return (
    <PanelSection title="Subdomains used" description="The regulatory subdomains the questions and searches touched.">
      <QueryContent query={query} errorMessage={MESSAGES.subdomainUsageFailed} loadingMessage="Loading subdomains…">
        {(data) => {
          const ranked = [...data.subdomain_usage].sort((a, b) => b.count - a.count);
          const shown = ranked.slice(0, TOP_SUBDOMAINS);
          if (ranked.length === 0) return <ListEmpty title="No subdomains used in this period" className="py-8" />;
          return (
            <>
              <div className="mb-3 flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold text-lg text-slate-900 tabular-nums">{formatNumber(data.current_period_count)}</span>
                <span className="text-slate-600 text-sm">uses</span>
                <ChangeIndicator percentage={data.percentage_change} days={days} />
              </div>
              <ChartFigure
                summary={`Uses of each subdomain over the last ${days} days, most used first.`}
                columns={['Subdomain', 'Uses']}
                rows={ranked.map((item) => ({ label: item.subdomain, value: item.count }))}
                formatValue={formatNumber}
              >
                <BarList bars={shown.map((item) => ({ label: item.subdomain, detail: item.domain, value: item.count }))} />
                {ranked.length > shown.length && (
                  <p className="mt-3 text-slate-500 text-xs">{ranked.length - shown.length} more in the table.</p>
                )}
              </ChartFigure>
            </>
          );
        }}
      </QueryContent>
    </PanelSection>
  );
}
