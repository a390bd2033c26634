import {
  type DashboardDocuments,
  type DashboardMetrics,
  type DashboardPeriod,
  type DashboardTasks,
  type MessageCount,
  type OrganisationUsers,
  type SubdomainUsage,
  TASK_TOOLS,
  type TaskTool,
} from '@verity/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/connect.ts';
import { activityLevel, asHoursOrMinutes, minutesSaved } from './activity.ts';
import { countedMembers, listedMembers } from '../../core/policies/dashboard.ts';
import { documentVisibleToSql, externalLibrarySql } from '../../core/policies/documents.ts';
import { type Periods, percentageChange, periodsOf } from './periods.ts';

/**
 * The champion dashboard's figures for one organisation, read from the usage rollups that the
 * events service keeps beside the typed usage events (db/schema/usage.ts, core/events/rollups.ts):
 * the organisation's figures are one or two queries over a few hundred day rows; the members'
 * are one query over a short period's day rows, or one index probe per member for a long one.
 * Every query is scoped to `organisationId`, the caller's own organisation. Definitions:
 * docs/dashboard.md.
 */

export interface DashboardQuery {
  db: Database;
  organisationId: string;
  days: DashboardPeriod;
  /** Injected by tests; the current time otherwise. */
  now?: Date;
}

/** The members whose activity counts, on `users u` (core/policies/dashboard.ts). */
const membersOf = (organisationId: string): SQL => countedMembers(organisationId, 'u');

/** A member's running totals through the last day before `day` (none: zero). */
function totalsBefore(organisationId: string, day: string, alias: string): SQL {
  return sql`left join lateral (
    select r.sign_ins_through, r.tasks_through from usage_user_days r
    where r.organisation_id = ${organisationId} and r.user_id = u.id and r.day < ${day}::date
    order by r.day desc limit 1
  ) ${sql.raw(alias)} on true`;
}

/** Periods up to this long are counted from their own day rows; longer ones from running totals (measured: bench/dashboard.ts). */
const SHORT_PERIOD_DAYS = 90;

/**
 * Each member's tasks and sign-ins in the current period, and with `previous` their uses (tasks
 * and sign-ins) in the previous one, as the columns `c.tasks`, `c.sign_ins` and `c.previous_uses`
 * of a join on the member `u` (with their totals so far as `t`). A short period sums its own day rows (a few per member); a long
 * one takes the latest totals less those through the day before it began (one index probe per
 * member, whatever its length), which costs less once a period holds more than a few months.
 */
function memberCounts(organisationId: string, periods: Periods, options: { previous: boolean }): SQL {
  const { first, previousFirst } = periods.days;
  const totals = sql`left join usage_users t on t.user_id = u.id`;
  if (periods.dates.length <= SHORT_PERIOD_DAYS) {
    return sql`${totals} left join (
      select user_id,
        coalesce(sum(tasks) filter (where day >= ${first}::date), 0)::int as tasks,
        coalesce(sum(sign_ins) filter (where day >= ${first}::date), 0)::int as sign_ins,
        coalesce(sum(tasks + sign_ins) filter (where day < ${first}::date), 0)::int as previous_uses
      from usage_user_days
      where organisation_id = ${organisationId} and day >= ${options.previous ? previousFirst : first}::date
      group by user_id
    ) c on c.user_id = u.id`;
  }
  const previousUses = options.previous
    ? sql`coalesce(b.tasks_through, 0) + coalesce(b.sign_ins_through, 0) - coalesce(p.tasks_through, 0) - coalesce(p.sign_ins_through, 0)`
    : sql`0`;
  return sql`${totals}
    ${totalsBefore(organisationId, first, 'b')}
    ${options.previous ? totalsBefore(organisationId, previousFirst, 'p') : sql``}
    left join lateral (
      select (coalesce(t.tasks, 0) - coalesce(b.tasks_through, 0))::int as tasks,
        (coalesce(t.sign_ins, 0) - coalesce(b.sign_ins_through, 0))::int as sign_ins,
        (${previousUses})::int as previous_uses
    ) c on true`;
}

interface MemberActivity {
  user_id: string;
  firstname: string;
  surname: string;
  email: string;
  job_title: string;
  roles: string[];
  deactivated: boolean;
  /** Times as milliseconds since the epoch. */
  last_login: number | null;
  sessions: number[];
  tasks: number;
  sign_ins: number;
}

const epochMs = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * Every member with their tasks and sign-ins in the current period (the latest totals less those
 * through the day before it began) and its sign-ins, newest first: the latest ever, so those of
 * the period are its latest. One JSON document rather than a row per member: at thousands of
 * members, reading rows one by one costs more than the query.
 */
async function memberActivity(db: Database, organisationId: string, periods: Periods): Promise<MemberActivity[]> {
  const [row] = rowsOf<{ members: string }>(
    await db.execute(sql`
      select coalesce(json_agg(m order by m.firstname, m.surname, m.user_id), '[]')::text as members
      from (
        select u.id as user_id, u.firstname, u.surname, u.email, u.job_title, u.roles,
          u.disabled_at is not null as deactivated,
          ${epochMs(sql`u.last_login_at`)} as last_login,
          array(
            select ${epochMs(sql`s.at`)} from unnest(t.recent_sign_ins) as s(at) where s.at >= ${periods.current.start} order by s.at desc
          ) as sessions,
          coalesce(c.tasks, 0) as tasks,
          coalesce(c.sign_ins, 0) as sign_ins
        from users u
        ${memberCounts(organisationId, periods, { previous: false })}
        where ${listedMembers(organisationId, 'u')}
      ) m`),
  );
  return JSON.parse(row?.members ?? '[]') as MemberActivity[];
}

const iso = (epoch: number) => new Date(epoch).toISOString();

export async function organisationUsers(query: DashboardQuery): Promise<OrganisationUsers> {
  const { db, organisationId, days } = query;
  const members = await memberActivity(db, organisationId, periodsOf(days, query.now ?? new Date()));
  return {
    users: members.map((member) => ({
      user: {
        user_id: member.user_id,
        firstname: member.firstname || null,
        surname: member.surname || null,
        email: member.email,
        job_title: member.job_title || null,
        account_roles: member.roles,
        deactivated: member.deactivated,
      },
      session_history: {
        sessions: member.sessions.map(iso),
        session_count: member.sign_ins,
        last_login: member.last_login === null ? null : iso(member.last_login),
        activity_level: activityLevel({ tasks: member.tasks, signIns: member.sign_ins, days }),
      },
      tasks: member.tasks,
    })),
  };
}

/** Members active (a sign-in or a task) in the current and in the previous period, and all members. */
async function activeMembers(db: Database, organisationId: string, periods: Periods) {
  const [row] = rowsOf<{ members: number; active: number; previous: number }>(
    await db.execute(sql`
      select count(*)::int as members,
        (count(*) filter (where c.tasks + c.sign_ins > 0))::int as active,
        (count(*) filter (where c.previous_uses > 0))::int as previous
      from users u
      ${memberCounts(organisationId, periods, { previous: true })}
      where ${membersOf(organisationId)}`),
  );
  return { members: row?.members ?? 0, active: row?.active ?? 0, previous: row?.previous ?? 0 };
}

export async function dashboardMetrics(query: DashboardQuery): Promise<DashboardMetrics> {
  const { members, active, previous } = await activeMembers(query.db, query.organisationId, periodsOf(query.days, query.now ?? new Date()));
  return { active_users: active, inactive_users: members - active, percentage_change: percentageChange(active, previous) };
}

/** Tasks by tool in the current and the previous period, and the questions of each day of the current one. */
async function tasksByTool(db: Database, organisationId: string, days: Periods['days']) {
  const rows = rowsOf<{ day: string } & Record<TaskTool, number>>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, chat, write, review, wiki from usage_days
      where organisation_id = ${organisationId} and day >= ${days.previousFirst}::date and day <= ${days.today}::date`),
  );
  const sum = (current: boolean) =>
    Object.fromEntries(
      TASK_TOOLS.map((tool) => [
        tool,
        rows.filter((row) => row.day >= days.first === current).reduce((total, row) => total + row[tool], 0),
      ]),
    ) as Record<TaskTool, number>;
  const questionsOn = new Map(rows.map((row) => [row.day, row.chat]));
  return { current: sum(true), previous: sum(false), questionsOn };
}

const total = (counts: Record<TaskTool, number>) => TASK_TOOLS.reduce((sum, tool) => sum + counts[tool], 0);

export async function dashboardTasks(query: DashboardQuery): Promise<DashboardTasks> {
  const { days } = periodsOf(query.days, query.now ?? new Date());
  const tasks = await tasksByTool(query.db, query.organisationId, days);
  return {
    tasks: tasks.current,
    total_tasks: total(tasks.current),
    percentage_change: percentageChange(total(tasks.current), total(tasks.previous)),
  };
}

export async function messageCount(query: DashboardQuery): Promise<MessageCount> {
  const { db, organisationId } = query;
  const periods = periodsOf(query.days, query.now ?? new Date());
  const [tasks, members] = await Promise.all([tasksByTool(db, organisationId, periods.days), activeMembers(db, organisationId, periods)]);
  const minutes = minutesSaved(tasks.current);
  const saved = asHoursOrMinutes(minutes);
  const average = asHoursOrMinutes(members.active === 0 ? 0 : minutes / members.active);
  return {
    count: tasks.current.chat,
    percentage_change: percentageChange(tasks.current.chat, tasks.previous.chat),
    hours_saved: saved.value,
    average_hours_per_user: average.value,
    is_minutes: saved.isMinutes,
    is_average_minutes: average.isMinutes,
    daily: periods.dates.map((date) => ({ date, count: tasks.questionsOn.get(date) ?? 0 })),
  };
}

export async function subdomainUsage(query: DashboardQuery): Promise<SubdomainUsage> {
  const { db, organisationId } = query;
  const { days } = periodsOf(query.days, query.now ?? new Date());
  const rows = rowsOf<{ subdomain: string; domain: string | null; current: number; previous: number }>(
    await db.execute(sql`
      with used as (
        select subdomain,
          (coalesce(sum(uses) filter (where day >= ${days.first}::date), 0))::int as current,
          (coalesce(sum(uses) filter (where day < ${days.first}::date), 0))::int as previous
        from usage_subdomain_days
        where organisation_id = ${organisationId} and day >= ${days.previousFirst}::date and day <= ${days.today}::date
        group by subdomain
      )
      select used.*, (
        select min(d.domain) from documents d
        where d.subdomain = used.subdomain and ${documentVisibleToSql(organisationId, 'd')}
      ) as domain
      from used`),
  );
  const currentCount = rows.reduce((sum, row) => sum + row.current, 0);
  const previousCount = rows.reduce((sum, row) => sum + row.previous, 0);
  return {
    subdomain_usage: rows
      .filter((row) => row.current > 0)
      .sort((a, b) => b.current - a.current || a.subdomain.localeCompare(b.subdomain))
      .map((row) => ({ subdomain: row.subdomain, domain: row.domain, count: row.current })),
    current_period_count: currentCount,
    previous_period_count: previousCount,
    percentage_change: percentageChange(currentCount, previousCount),
  };
}

export async function dashboardDocuments(query: DashboardQuery): Promise<DashboardDocuments> {
  const { db, organisationId } = query;
  const { current } = periodsOf(query.days, query.now ?? new Date());
  // A document last used in the period was used in it: the period ends now.
  const [row] = rowsOf<{ internal: number; external: number }>(
    await db.execute(sql`
      select (count(*) filter (where not ${externalLibrarySql('d')}))::int as internal,
        (count(*) filter (where ${externalLibrarySql('d')}))::int as external
      from usage_documents u join documents d on d.id = u.document_id
      where u.organisation_id = ${organisationId} and u.last_used_at >= ${current.start}
        and ${documentVisibleToSql(organisationId, 'd')}`),
  );
  return { internal_documents: row?.internal ?? 0, external_documents: row?.external ?? 0 };
}
