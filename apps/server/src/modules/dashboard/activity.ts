import type { ActivityLevel, DashboardPeriod, TaskTool } from '@verity/shared';
import { MINUTES_SAVED_PER_TASK } from '@verity/shared';

/**
 * How active a member was, from their tasks and sign-ins in the period, against thresholds set
 * per 30 days and scaled to the period (docs/dashboard.md lists them for each period).
 */
export const ACTIVITY_THRESHOLDS_PER_30_DAYS = {
  high: { tasks: 10, signIns: 8 },
  medium: { tasks: 3, signIns: 3 },
} as const;

/** A threshold per 30 days scaled to a period, rounded up to a whole count (at least one). */
export function scaledThreshold(per30Days: number, days: DashboardPeriod): number {
  return Math.max(1, Math.ceil((per30Days * days) / 30));
}

export function activityLevel(options: { tasks: number; signIns: number; days: DashboardPeriod }): ActivityLevel {
  const { tasks, signIns, days } = options;
  const reaches = (level: keyof typeof ACTIVITY_THRESHOLDS_PER_30_DAYS) =>
    tasks >= scaledThreshold(ACTIVITY_THRESHOLDS_PER_30_DAYS[level].tasks, days) ||
    signIns >= scaledThreshold(ACTIVITY_THRESHOLDS_PER_30_DAYS[level].signIns, days);
  if (reaches('high')) return 'high';
  if (reaches('medium')) return 'medium';
  return tasks + signIns > 0 ? 'low' : 'inactive';
}

/** Minutes the tasks saved by the documented table. */
export function minutesSaved(tasks: Readonly<Record<TaskTool, number>>): number {
  return (Object.keys(MINUTES_SAVED_PER_TASK) as TaskTool[]).reduce((sum, tool) => sum + tasks[tool] * MINUTES_SAVED_PER_TASK[tool], 0);
}

/** A duration as the dashboard shows it: hours to one decimal, or whole minutes when under an hour. */
export function asHoursOrMinutes(minutes: number): { value: number; isMinutes: boolean } {
  if (minutes < 60) return { value: Math.round(minutes), isMinutes: true };
  return { value: Math.round((minutes / 60) * 10) / 10, isMinutes: false };
}
