import { type DashboardPeriod, MINUTES_SAVED_PER_TASK, TASK_TOOLS } from '@verity/shared';
import { TASK_TOOL_LABELS } from './activity-charts';
import { useDashboardTasks } from './api';
import { formatNumber } from '../../lib/format-number';
import { formatDuration } from './format';
import { PanelSection } from '../../components/panel-section';
import { TableScroll } from '../../components/ui/table-scroll';

/** Minutes as the cards write durations: minutes under an hour, hours otherwise. */
function minutesText(minutes: number): string {
  return minutes < 60 ? formatDuration(minutes, true) : formatDuration(Math.round((minutes / 60) * 10) / 10, false);
}

/**
 * The estimate behind "Time saved": minutes each kind of task saves, times the tasks of the
 * period (when they are loaded), so the figure can be checked by hand.
 */
export function TimeSavedTable({ days }: { days: DashboardPeriod }) {
  const tasks = useDashboardTasks(days).data?.tasks;
  const total = tasks ? TASK_TOOLS.reduce((sum, tool) => sum + (tasks[tool] ?? 0) * MINUTES_SAVED_PER_TASK[tool], 0) : null;
  return (
    <PanelSection
      title="How time saved is estimated"
      description="Each task counts the minutes it typically saves a person doing the same work by hand."
    >
      <TableScroll label="Minutes saved per task, by tool" className="-mx-4 sm:-mx-5">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Minutes saved per task, by tool</caption>
          <thead className="border-slate-200 border-y bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 pl-4 font-medium sm:pl-5">
                Tool
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Minutes per task
              </th>
              {tasks && (
                <>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Tasks
                  </th>
                  <th scope="col" className="py-2 pr-4 pl-3 text-right font-medium sm:pr-5">
                    Time saved
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {TASK_TOOLS.map((tool) => (
              <tr key={tool} className="border-slate-100 border-b">
                <th scope="row" className="py-2 pr-3 pl-4 font-normal text-slate-800 sm:pl-5">
                  {TASK_TOOL_LABELS[tool]}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{MINUTES_SAVED_PER_TASK[tool]}</td>
                {tasks && (
                  <>
                    <td className="px-3 py-2 text-right tabular-nums">{formatNumber(tasks[tool] ?? 0)}</td>
                    <td className="py-2 pr-4 pl-3 text-right tabular-nums sm:pr-5">
                      {minutesText((tasks[tool] ?? 0) * MINUTES_SAVED_PER_TASK[tool])}
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
          {total !== null && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={3} className="py-2 pr-3 pl-4 text-right font-medium text-slate-700 sm:pl-5">
                  Total
                </th>
                <td className="py-2 pr-4 pl-3 text-right font-semibold text-slate-900 tabular-nums sm:pr-5">{minutesText(total)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </TableScroll>
    </PanelSection>
  );
}
