import { z } from 'zod';
import { dashboardQuerySchema, TASK_TOOLS } from './dashboard.ts';

/**
 * The workforce performance report (/reporting/workforce-performance, flag workforce-reports):
 * adoption over time per person and per team, onboarding, use of each tool and hours saved by the
 * dashboard's documented method. A champion reads their organisation, an administrator any
 * organisation, anyone else their own figures.
 */

export const workforceReportQuerySchema = z.strictObject({
  days: dashboardQuerySchema.shape.days,
  /** Another organisation's report: administrators only (anyone else gets 404 for an organisation not theirs). */
  organisation_id: z.string().trim().min(1).max(64).optional(),
});
export type WorkforceReportQuery = z.input<typeof workforceReportQuerySchema>;

const toolCounts = z.record(z.enum(TASK_TOOLS), z.number().int().min(0));

/** How adoption is bucketed: by day up to a month, by week for a quarter, by month for a year. */
export const REPORT_BUCKETS = ['day', 'week', 'month'] as const;

export const workforcePersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Their team: the job title while the organisation has no teams of its own ("No job title" when blank). */
  team: z.string(),
  /** Onboarding modules completed, of those there are. */
  onboarding_completed: z.number().int().min(0),
  onboarding_complete: z.boolean(),
  tasks: toolCounts,
  total_tasks: z.number().int().min(0),
  minutes_saved: z.number().min(0),
  /** Tasks in each bucket, in order. */
  adoption: z.array(z.number().int().min(0)),
  /** The London date of their latest task in the period, or null. */
  last_active: z.string().nullable(),
});
export type WorkforcePerson = z.infer<typeof workforcePersonSchema>;

export const workforceTeamSchema = z.object({
  name: z.string(),
  people: z.number().int().min(0),
  /** People with at least one task in the period. */
  active_people: z.number().int().min(0),
  onboarding_complete: z.number().int().min(0),
  total_tasks: z.number().int().min(0),
  minutes_saved: z.number().min(0),
  /** People with at least one task in each bucket. */
  adoption: z.array(z.number().int().min(0)),
});
export type WorkforceTeam = z.infer<typeof workforceTeamSchema>;

export const workforceReportSchema = z.object({
  organisation: z.object({ id: z.string(), name: z.string() }),
  /** organisation: everyone in it; self: only the caller (not a champion or an administrator). */
  scope: z.enum(['organisation', 'self']),
  days: z.number().int(),
  /** London dates, inclusive. */
  from: z.string(),
  to: z.string(),
  bucket: z.enum(REPORT_BUCKETS),
  /** The first London date of each bucket, in order. */
  buckets: z.array(z.string()),
  totals: z.object({
    people: z.number().int().min(0),
    active_people: z.number().int().min(0),
    onboarding_complete: z.number().int().min(0),
    tasks: toolCounts,
    total_tasks: z.number().int().min(0),
    minutes_saved: z.number().min(0),
    /** People with at least one task in each bucket. */
    adoption: z.array(z.number().int().min(0)),
  }),
  teams: z.array(workforceTeamSchema),
  people: z.array(workforcePersonSchema),
  /** The documented minutes saved per task of each tool (docs/dashboard.md). */
  minutes_per_task: toolCounts,
});
export type WorkforceReport = z.infer<typeof workforceReportSchema>;
