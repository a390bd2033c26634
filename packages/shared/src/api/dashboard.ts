import { z } from 'zod';

/**
 * The champion dashboard (SPEC §3 "Organisation dashboard", PRODUCT §9): figures for the
 * champion's own organisation over a period of `days`, each compared with the previous period of
 * the same length. Field names are SPEC's, verbatim.
 */

export const DASHBOARD_PERIODS = [7, 30, 90, 365] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** ?days=7|30|90|365 (anything else is 422). */
export const dashboardQuerySchema = z.object({
  days: z
    .string({ error: 'Choose a period: days is 7, 30, 90 or 365' })
    .refine((value) => (DASHBOARD_PERIODS as readonly number[]).includes(Number(value)) && /^\d+$/.test(value), {
      message: 'Choose a period: days is 7, 30, 90 or 365',
    })
    .transform((value) => Number(value) as DashboardPeriod),
});

/**
 * Change against the previous period of the same length, in percent (one decimal); null when the
 * previous period had nothing to compare with (never a division by zero, never Infinity).
 */
export const percentageChangeSchema = z.number().nullable();

/** How active a member is over the period (thresholds in docs/dashboard.md). */
export const ACTIVITY_LEVELS = ['high', 'medium', 'low', 'inactive'] as const;
export const activityLevelSchema = z.enum(ACTIVITY_LEVELS);
export type ActivityLevel = z.infer<typeof activityLevelSchema>;

export const sessionHistorySchema = z.object({
  /** Sign-ins in the period, newest first (ISO times): the latest five at most. */
  sessions: z.array(z.string()),
  /** Every sign-in in the period (sessions lists only the latest). */
  session_count: z.number().int(),
  /** The last sign-in ever, or null when never. */
  last_login: z.string().nullable(),
  activity_level: activityLevelSchema,
});
export type SessionHistory = z.infer<typeof sessionHistorySchema>;

/** GET /dashboard/organisation/users: one member. */
export const organisationUserSchema = z.object({
  user: z.object({
    user_id: z.string(),
    firstname: z.string().nullable(),
    surname: z.string().nullable(),
    email: z.string(),
    job_title: z.string().nullable(),
    account_roles: z.array(z.string()),
    /** Deactivated by a champion or an administrator: listed, never counted in the figures. */
    deactivated: z.boolean(),
  }),
  session_history: sessionHistorySchema,
  /** Uses of the tools in the period (questions, documents written, reviews, wiki searches). */
  tasks: z.number().int(),
});
export type OrganisationUser = z.infer<typeof organisationUserSchema>;
export const organisationUsersSchema = z.object({ users: z.array(organisationUserSchema) });
export type OrganisationUsers = z.infer<typeof organisationUsersSchema>;

/** GET /dashboard/organisation/metrics. */
export const dashboardMetricsSchema = z.object({
  active_users: z.number().int(),
  inactive_users: z.number().int(),
  /** Change in active users. */
  percentage_change: percentageChangeSchema,
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>;

/** GET /dashboard/organisation/messages: questions asked in the chat, and the time they saved. */
export const messageCountSchema = z.object({
  count: z.number().int(),
  percentage_change: percentageChangeSchema,
  /** Hours saved by every task in the period (minutes when is_minutes), from the documented table. */
  hours_saved: z.number(),
  average_hours_per_user: z.number(),
  is_minutes: z.boolean(),
  is_average_minutes: z.boolean(),
  /** Questions per day of the period, oldest first, for the chart. */
  daily: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type MessageCount = z.infer<typeof messageCountSchema>;

/** GET /dashboard/organisation/subdomain-usage: which regulatory subdomains the questions and searches touched. */
export const subdomainUsageSchema = z.object({
  subdomain_usage: z.array(z.object({ subdomain: z.string(), domain: z.string().nullable(), count: z.number().int() })),
  current_period_count: z.number().int(),
  previous_period_count: z.number().int(),
  percentage_change: percentageChangeSchema,
});
export type SubdomainUsage = z.infer<typeof subdomainUsageSchema>;

/** GET /dashboard/organisation/documents: library documents used, the organisation's own (internal) and the shared library's (external). */
export const dashboardDocumentsSchema = z.object({
  internal_documents: z.number().int(),
  external_documents: z.number().int(),
});
export type DashboardDocuments = z.infer<typeof dashboardDocumentsSchema>;

/** The tools whose uses are tasks. */
export const TASK_TOOLS = ['chat', 'write', 'review', 'wiki'] as const;
export type TaskTool = (typeof TASK_TOOLS)[number];

/** GET /dashboard/organisation/tasks. */
export const dashboardTasksSchema = z.object({
  tasks: z.record(z.enum(TASK_TOOLS), z.number().int()),
  total_tasks: z.number().int(),
  percentage_change: percentageChangeSchema,
});
export type DashboardTasks = z.infer<typeof dashboardTasksSchema>;

/** GET /dashboard/organisation/users/pending: invitations not yet accepted. */
export const pendingInvitationSchema = z.object({
  invitation_id: z.string(),
  user_id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  job_title: z.string().nullable(),
  /** 'email' (sent) or 'link' (created to be shared). */
  kind: z.enum(['email', 'link']),
  /** The role they will hold once they accept. */
  role: z.enum(['guest', 'standard', 'champion']),
  invited_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const pendingInvitationsSchema = z.object({ invitations: z.array(pendingInvitationSchema) });
export type PendingInvitations = z.infer<typeof pendingInvitationsSchema>;

/**
 * Minutes a task saves, by tool: the estimate behind hours_saved and average_hours_per_user
 * (the reasoning is in docs/dashboard.md; the dashboard shows this table beside the figure).
 */
export const MINUTES_SAVED_PER_TASK: Readonly<Record<TaskTool, number>> = {
  chat: 6,
  write: 45,
  review: 60,
  wiki: 3,
};
