import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { type events, usageDays, usageDocuments, usageSubdomainDays, usageUserDays, usageUsers } from '../../db/schema.ts';
import { LONDON_TIME_ZONE, londonDay } from '../../lib/london-days.ts';
import { USAGE_TOOLS, type UsageTool } from './types.ts';

type EventRow = typeof events.$inferSelect;

/**
 * The usage rollups (db/schema/usage.ts): per-day counts of an organisation's events that the
 * champion dashboard reads instead of the events themselves. recordEvents updates them in the
 * same statement batch and transaction as it writes the events, so they always agree with the
 * events table; rebuildUsageRollups computes them from the events alone (the migration that
 * added them did the same, and a test checks both give the same rows).
 */

const SIGNED_IN = 'auth.signed_in';
/** The tools whose documents tell which subdomains were consulted: questions and searches. */
const CONSULTING = new Set<string>(['chat', 'wiki']);
/** Latest sign-ins kept per member. */
export const RECENT_SIGN_INS = 5;

function bump<K>(map: Map<string, K>, key: string, make: () => K): K {
  let entry = map.get(key);
  if (!entry) {
    entry = make();
    map.set(key, entry);
  }
  return entry;
}

const toolCounts = (): Record<UsageTool, number> => ({ chat: 0, write: 0, review: 0, wiki: 0 });

/** Adds the events just written to the rollups. Events of no organisation or no use are ignored. */
export async function addToUsageRollups(db: Database, rows: readonly EventRow[]): Promise<void> {
  const days = new Map<string, { organisationId: string; day: string; counts: Record<UsageTool, number> }>();
  const subdomains = new Map<string, { organisationId: string; day: string; subdomain: string; uses: number }>();
  const used = new Map<string, { organisationId: string; documentId: string; lastUsedAt: Date }>();
  const userDays = new Map<string, { organisationId: string; userId: string; day: string; signIns: number; tasks: number }>();
  const members = new Map<
    string,
    { organisationId: string; userId: string; signIns: number; tasks: number; recent: Date[]; from: string }
  >();

  for (const row of rows) {
    const tool = USAGE_TOOLS.find((candidate) => candidate === row.tool);
    const signIn = row.kind === SIGNED_IN;
    const { organisationId } = row;
    if (!organisationId || (!tool && !signIn)) continue;
    const day = londonDay(row.createdAt);
    if (tool) {
      bump(days, `${organisationId} ${day}`, () => ({ organisationId, day, counts: toolCounts() })).counts[tool] += 1;
      if (CONSULTING.has(tool)) {
        for (const subdomain of row.subdomains)
          bump(subdomains, `${organisationId} ${day} ${subdomain}`, () => ({ organisationId, day, subdomain, uses: 0 })).uses += 1;
      }
      for (const documentId of row.documentIds) {
        const entry = bump(used, `${organisationId} ${documentId}`, () => ({ organisationId, documentId, lastUsedAt: row.createdAt }));
        if (row.createdAt > entry.lastUsedAt) entry.lastUsedAt = row.createdAt;
      }
    }
    const userId = row.actorUserId;
    if (!userId) continue;
    const userDay = bump(userDays, `${userId} ${day}`, () => ({ organisationId, userId, day, signIns: 0, tasks: 0 }));
    const member = bump(members, userId, () => ({ organisationId, userId, signIns: 0, tasks: 0, recent: [], from: day }));
    if (day < member.from) member.from = day;
    if (signIn) {
      userDay.signIns += 1;
      member.signIns += 1;
      member.recent.push(row.createdAt);
    } else {
      userDay.tasks += 1;
      member.tasks += 1;
    }
  }

  if (days.size > 0) {
    await db
      .insert(usageDays)
      .values([...days.values()].map(({ organisationId, day, counts }) => ({ organisationId, day, ...counts })))
      .onConflictDoUpdate({
        target: [usageDays.organisationId, usageDays.day],
        set: {
          chat: sql`${usageDays.chat} + excluded.chat`,
          write: sql`${usageDays.write} + excluded.write`,
          review: sql`${usageDays.review} + excluded.review`,
          wiki: sql`${usageDays.wiki} + excluded.wiki`,
        },
      });
  }
  if (subdomains.size > 0) {
    await db
      .insert(usageSubdomainDays)
      .values([...subdomains.values()])
      .onConflictDoUpdate({
        target: [usageSubdomainDays.organisationId, usageSubdomainDays.day, usageSubdomainDays.subdomain],
        set: { uses: sql`${usageSubdomainDays.uses} + excluded.uses` },
      });
  }
  if (used.size > 0) {
    await db
      .insert(usageDocuments)
      .values([...used.values()])
      .onConflictDoUpdate({
        target: [usageDocuments.organisationId, usageDocuments.documentId],
        set: { lastUsedAt: sql`greatest(${usageDocuments.lastUsedAt}, excluded.last_used_at)` },
      });
  }
  if (userDays.size === 0) return;
  await db
    .insert(usageUserDays)
    .values([...userDays.values()])
    .onConflictDoUpdate({
      target: [usageUserDays.organisationId, usageUserDays.userId, usageUserDays.day],
      set: { signIns: sql`${usageUserDays.signIns} + excluded.sign_ins`, tasks: sql`${usageUserDays.tasks} + excluded.tasks` },
    });
  await db
    .insert(usageUsers)
    .values(
      [...members.values()].map(({ organisationId, userId, signIns, tasks, recent }) => ({
        organisationId,
        userId,
        signIns,
        tasks,
        recentSignIns: newestFirst(recent).slice(0, RECENT_SIGN_INS),
      })),
    )
    .onConflictDoUpdate({
      target: usageUsers.userId,
      set: {
        signIns: sql`${usageUsers.signIns} + excluded.sign_ins`,
        tasks: sql`${usageUsers.tasks} + excluded.tasks`,
        recentSignIns: sql`array(
          select t from unnest(${usageUsers.recentSignIns} || excluded.recent_sign_ins) as t order by t desc limit ${RECENT_SIGN_INS}
        )`,
      },
    });
  // The running totals from the earliest day written on (today's alone for live use).
  for (const member of members.values()) await recomputeRunningTotals(db, member);
}

function newestFirst(times: Date[]): Date[] {
  return [...times].sort((a, b) => b.getTime() - a.getTime());
}

async function recomputeRunningTotals(db: Database, member: { organisationId: string; userId: string; from: string }): Promise<void> {
  const { organisationId, userId, from } = member;
  await db.execute(sql`
    with base as (
      select coalesce(max(b.sign_ins_through), 0) as sign_ins, coalesce(max(b.tasks_through), 0) as tasks
      from (
        select sign_ins_through, tasks_through from usage_user_days
        where organisation_id = ${organisationId} and user_id = ${userId} and day < ${from}
        order by day desc limit 1
      ) b
    ), running as (
      select day, sum(sign_ins) over w as sign_ins, sum(tasks) over w as tasks
      from usage_user_days
      where organisation_id = ${organisationId} and user_id = ${userId} and day >= ${from}
      window w as (order by day)
    )
    update usage_user_days r
    set sign_ins_through = base.sign_ins + running.sign_ins, tasks_through = base.tasks + running.tasks
    from base, running
    where r.organisation_id = ${organisationId} and r.user_id = ${userId} and r.day = running.day`);
}

/**
 * Recomputes every rollup from the events table (after a bulk load; the migration that added
 * the rollups ran the same statements).
 */
export async function rebuildUsageRollups(db: Database): Promise<void> {
  const day = sql.raw(`(e.created_at at time zone '${LONDON_TIME_ZONE}')::date`);
  await db.transaction(async (tx) => {
    for (const table of ['usage_days', 'usage_subdomain_days', 'usage_documents', 'usage_user_days', 'usage_users']) {
      await tx.execute(sql.raw(`delete from ${table}`));
    }
    await tx.execute(sql`
      insert into usage_days (organisation_id, day, chat, write, review, wiki)
      select e.organisation_id, ${day},
        count(*) filter (where e.tool = 'chat'), count(*) filter (where e.tool = 'write'),
        count(*) filter (where e.tool = 'review'), count(*) filter (where e.tool = 'wiki')
      from events e where e.organisation_id is not null and e.tool is not null
      group by 1, 2`);
    await tx.execute(sql`
      insert into usage_subdomain_days (organisation_id, day, subdomain, uses)
      select e.organisation_id, ${day}, s.subdomain, count(*)
      from events e cross join lateral unnest(e.subdomains) as s(subdomain)
      where e.organisation_id is not null and e.tool in ('chat', 'wiki')
      group by 1, 2, 3`);
    await tx.execute(sql`
      insert into usage_documents (organisation_id, document_id, last_used_at)
      select e.organisation_id, u.document_id, max(e.created_at)
      from events e cross join lateral unnest(e.document_ids) as u(document_id)
      where e.organisation_id is not null and e.tool is not null and exists (select 1 from documents d where d.id = u.document_id)
      group by 1, 2`);
    await tx.execute(sql`
      insert into usage_user_days (organisation_id, user_id, day, sign_ins, tasks, sign_ins_through, tasks_through)
      select organisation_id, user_id, day, sign_ins, tasks, sum(sign_ins) over w, sum(tasks) over w
      from (
        select e.organisation_id, e.actor_user_id as user_id, ${day} as day,
          count(*) filter (where e.kind = ${SIGNED_IN}) as sign_ins, count(*) filter (where e.tool is not null) as tasks
        from events e
        where e.organisation_id is not null and e.actor_user_id is not null and (e.tool is not null or e.kind = ${SIGNED_IN})
        group by 1, 2, 3
      ) daily
      window w as (partition by organisation_id, user_id order by day)`);
    await tx.execute(sql`
      insert into usage_users (user_id, organisation_id, sign_ins, tasks, recent_sign_ins)
      select e.actor_user_id, min(e.organisation_id),
        count(*) filter (where e.kind = ${SIGNED_IN}), count(*) filter (where e.tool is not null),
        coalesce((array_agg(e.created_at order by e.created_at desc) filter (where e.kind = ${SIGNED_IN}))[1:${RECENT_SIGN_INS}], '{}')
      from events e
      where e.organisation_id is not null and e.actor_user_id is not null and (e.tool is not null or e.kind = ${SIGNED_IN})
      group by 1`);
  });
}
