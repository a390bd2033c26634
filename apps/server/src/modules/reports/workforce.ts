import {
  type DashboardPeriod,
  MINUTES_SAVED_PER_TASK,
  TASK_TOOLS,
  type TaskTool,
  type WorkforcePerson,
  type WorkforceReport,
  type WorkforceTeam,
} from '@verity/shared';
import { eq, sql } from 'drizzle-orm';
import { countedMembers } from '../../core/policies/dashboard.ts';
import { REPORT_NOT_FOUND, type ReportScope } from '../../core/policies/reports.ts';
import { type Database, rowsOf } from '../../db/connect.ts';
import { organisations } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { addDays, londonDay, londonMidnight } from '../../lib/london-days.ts';

/**
 * The workforce performance report: for each member (or, for someone who leads nobody, just
 * themselves) their uses of each tool in the period — the same events the dashboard counts as
 * tasks — bucketed over time, their onboarding, and minutes saved by the dashboard's documented
 * table; then the same per team (the job title, while organisations have no teams) and in total.
 * Two queries: the members, and the period's task events grouped by person, tool and London day.
 */

/** The buckets a period is drawn in: by day up to a month, by week for a quarter, by month for a year. */
export function bucketKind(days: DashboardPeriod): WorkforceReport['bucket'] {
  if (days <= 30) return 'day';
  return days <= 90 ? 'week' : 'month';
}

/** The first London date of the bucket `date` falls in, never before the period's first date. */
function bucketStart(date: string, kind: WorkforceReport['bucket'], first: string): string {
  if (kind === 'day') return date;
  if (kind === 'month') {
    const start = `${date.slice(0, 7)}-01`;
    return start < first ? first : start;
  }
  // Weeks begin on Monday (ISO), as people plan them.
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(date, -weekday);
  return start < first ? first : start;
}

/** The period's dates, its buckets and which bucket each date is in. */
export function reportBuckets(days: DashboardPeriod, now: Date) {
  const to = londonDay(now);
  const from = addDays(to, 1 - days);
  const kind = bucketKind(days);
  const buckets: string[] = [];
  const indexOf = new Map<string, number>();
  for (let offset = 0; offset < days; offset += 1) {
    const date = addDays(from, offset);
    const start = bucketStart(date, kind, from);
    if (buckets.at(-1) !== start) buckets.push(start);
    indexOf.set(date, buckets.length - 1);
  }
  return { from, to, kind, buckets, indexOf };
}

const NO_JOB_TITLE = 'No job title';

const minutesOf = (tasks: Readonly<Record<TaskTool, number>>) =>
  TASK_TOOLS.reduce((sum, tool) => sum + tasks[tool] * MINUTES_SAVED_PER_TASK[tool], 0);
const noTasks = (): Record<TaskTool, number> => ({ chat: 0, write: 0, review: 0, wiki: 0 });

interface MemberRow {
  id: string;
  firstname: string;
  surname: string;
  email: string;
  job_title: string;
  onboarding_modules: string[];
  onboarding_complete: boolean;
}

interface UseRow {
  user_id: string;
  tool: TaskTool;
  day: string;
  n: number;
}

export async function workforceReport(options: {
  db: Database;
  scope: ReportScope;
  days: DashboardPeriod;
  now?: Date;
}): Promise<WorkforceReport> {
  const { db, scope, days } = options;
  const now = options.now ?? new Date();
  const [organisation] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, scope.organisationId));
  if (!organisation) throw notFound(REPORT_NOT_FOUND);

  const period = reportBuckets(days, now);
  const onlyMe = scope.scope === 'self' ? sql`and u.id = ${scope.userId}` : sql``;
  const onlyMyEvents = scope.scope === 'self' ? sql`and e.actor_user_id = ${scope.userId}` : sql``;
  const [members, uses] = await Promise.all([
    db
      .execute(sql`
        select u.id, u.firstname, u.surname, u.email, u.job_title, u.onboarding_modules, u.onboarding_complete
        from users u
        where ${countedMembers(organisation.id, 'u')} ${onlyMe}
        order by lower(u.firstname), lower(u.surname), u.id`)
      .then(rowsOf<MemberRow>),
    db
      .execute(sql`
        select e.actor_user_id as user_id, e.tool, to_char((e.created_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day,
          count(*)::int as n
        from events e
        where e.organisation_id = ${organisation.id} and e.tool is not null and e.actor_user_id is not null
          and e.created_at >= ${londonMidnight(period.from)} and e.created_at <= ${now} ${onlyMyEvents}
        group by 1, 2, 3`)
      .then(rowsOf<UseRow>),
  ]);

  const blank = () => period.buckets.map(() => 0);
  const people = new Map<string, WorkforcePerson>();
  for (const member of members) {
    const title = member.job_title.trim().replace(/\s+/g, ' ');
    people.set(member.id, {
      id: member.id,
      name: `${member.firstname} ${member.surname}`.trim() || member.email,
      email: member.email,
      team: title || NO_JOB_TITLE,
      onboarding_completed: member.onboarding_modules.length,
      onboarding_complete: member.onboarding_complete,
      tasks: noTasks(),
      total_tasks: 0,
      minutes_saved: 0,
      adoption: blank(),
      last_active: null,
    });
  }
  for (const use of uses) {
    const person = people.get(use.user_id);
    const bucket = period.indexOf.get(use.day);
    if (!person || bucket === undefined || !TASK_TOOLS.includes(use.tool)) continue;
    const n = Number(use.n);
    person.tasks[use.tool] += n;
    person.total_tasks += n;
    person.adoption[bucket] = (person.adoption[bucket] ?? 0) + n;
    if (person.last_active === null || use.day > person.last_active) person.last_active = use.day;
  }
  for (const person of people.values()) person.minutes_saved = minutesOf(person.tasks);

  const everyone = [...people.values()];
  return {
    organisation,
    scope: scope.scope,
    days,
    from: period.from,
    to: period.to,
    bucket: period.kind,
    buckets: period.buckets,
    totals: { ...summed(everyone, blank), tasks: sumTasks(everyone) },
    teams: teamsOf(everyone, blank),
    people: everyone,
    minutes_per_task: { ...MINUTES_SAVED_PER_TASK },
  };
}

function sumTasks(people: readonly WorkforcePerson[]): Record<TaskTool, number> {
  const tasks = noTasks();
  for (const person of people) for (const tool of TASK_TOOLS) tasks[tool] += person.tasks[tool];
  return tasks;
}

/** A group's figures: how many, how many active (and in each bucket), onboarded, tasks and minutes. */
function summed(people: readonly WorkforcePerson[], blank: () => number[]) {
  const adoption = blank();
  for (const person of people) {
    for (const [index, n] of person.adoption.entries()) if (n > 0) adoption[index] = (adoption[index] ?? 0) + 1;
  }
  return {
    people: people.length,
    active_people: people.filter((person) => person.total_tasks > 0).length,
    onboarding_complete: people.filter((person) => person.onboarding_complete).length,
    total_tasks: people.reduce((sum, person) => sum + person.total_tasks, 0),
    minutes_saved: people.reduce((sum, person) => sum + person.minutes_saved, 0),
    adoption,
  };
}

/**
 * Teams by name, ignoring case and spacing; a team is named by the spelling most of its people
 * use (a capitalised one when tied), and each person's team is given that name. The most tasks first.
 */
function teamsOf(people: readonly WorkforcePerson[], blank: () => number[]): WorkforceTeam[] {
  const groups = new Map<string, WorkforcePerson[]>();
  for (const person of people) {
    const key = person.team.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), person]);
  }
  return [...groups.values()]
    .map((members) => {
      const name = teamName(members.map((member) => member.team));
      for (const member of members) member.team = name;
      return { name, ...summed(members, blank) };
    })
    .sort((a, b) => b.total_tasks - a.total_tasks || a.name.localeCompare(b.name));
}

function teamName(spellings: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const spelling of spellings) counts.set(spelling, (counts.get(spelling) ?? 0) + 1);
  const capitalised = (text: string) => (/[A-Z]/.test(text) ? 1 : 0);
  return (
    [...counts.entries()].sort((a, b) => b[1] - a[1] || capitalised(b[0]) - capitalised(a[0]) || a[0].localeCompare(b[0]))[0]?.[0] ??
    NO_JOB_TITLE
  );
}
