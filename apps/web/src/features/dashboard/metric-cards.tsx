import { type DashboardPeriod, MESSAGES } from '@verity/shared';
import { useDashboardDocuments, useDashboardMetrics, useDashboardTasks, useMessageCount } from './api';
import { ChangeIndicator } from './change-indicator';
import { formatNumber } from '../../lib/format-number';
import { durationUnit, formatDuration } from './format';
import { MetricCard } from './metric-card';

/** The headline figures of the period, each with its change where the server gives one. */
export function MetricCards({ days }: { days: DashboardPeriod }) {
  const metrics = useDashboardMetrics(days);
  const messages = useMessageCount(days);
  const documents = useDashboardDocuments(days);
  const tasks = useDashboardTasks(days);

  return (
    <ul aria-label="Headline figures" className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5">
      <MetricCard
        label="Active users"
        query={metrics}
        errorMessage={MESSAGES.metricsFailed}
        figures={(data) => ({
          value: formatNumber(data.active_users),
          detail: `${formatNumber(data.inactive_users)} inactive`,
          change: <ChangeIndicator percentage={data.percentage_change} days={days} />,
        })}
      />
      <MetricCard
        label="Questions asked"
        query={messages}
        errorMessage={MESSAGES.messageCountFailed}
        figures={(data) => ({
          value: formatNumber(data.count),
          change: <ChangeIndicator percentage={data.percentage_change} days={days} />,
        })}
      />
      <MetricCard
        label="Time saved"
        query={messages}
        errorMessage={MESSAGES.messageCountFailed}
        figures={(data) => ({
          value: formatNumber(data.hours_saved),
          unit: durationUnit(data.hours_saved, data.is_minutes),
          detail: `${formatDuration(data.average_hours_per_user, data.is_average_minutes)} per user on average`,
        })}
      />
      <MetricCard
        label="Documents used"
        query={documents}
        errorMessage={MESSAGES.documentsFailed}
        figures={(data) => ({
          value: formatNumber(data.internal_documents + data.external_documents),
          detail: `${formatNumber(data.internal_documents)} internal · ${formatNumber(data.external_documents)} external`,
        })}
      />
      <MetricCard
        label="Total tasks"
        query={tasks}
        errorMessage={MESSAGES.tasksFailed}
        figures={(data) => ({
          value: formatNumber(data.total_tasks),
          change: <ChangeIndicator percentage={data.percentage_change} days={days} />,
        })}
      />
    </ul>
  );
}
