/**
 * The champion dashboard's endpoints through the app (access check, queries, answer shaping) on
 * in-memory PGlite: a 500-person organisation with a year of activity (≈ 1,000,000 events) and a
 * 5,000-person organisation for the users endpoint (≈ 500,000 events). The activity is bulk-loaded
 * with SQL here only (the app records events through the events service, which keeps the usage
 * rollups the dashboard reads; here they are rebuilt from the events after the load). Baseline: GET
 * /api/account/info for the same champion in the same run (a session lookup and one row).
 */
import { DASHBOARD_PERIODS } from '@verity/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/connect.ts';
import { createAccount } from '../apps/server/src/core/identity/accounts.ts';
import { createSession } from '../apps/server/src/core/identity/sessions.ts';
import { rebuildUsageRollups } from '../apps/server/src/core/events/rollups.ts';
import { createOrganisation } from '../apps/server/src/core/identity/organisations.ts';
import { type Row, summarise, timeIt } from './stats.ts';

const PEOPLE = Number(process.env.BENCH_DASHBOARD_PEOPLE ?? 500);
const EVENTS = Number(process.env.BENCH_DASHBOARD_EVENTS ?? 1_000_000);
const LARGE_PEOPLE = Number(process.env.BENCH_DASHBOARD_LARGE_PEOPLE ?? 5_000);
const LARGE_EVENTS = Number(process.env.BENCH_DASHBOARD_LARGE_EVENTS ?? 500_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 30);
const LIBRARY = 120;
const SUBDOMAINS = 14;
const YEAR_SECONDS = 365 * 86_400;

const PATHS = ['metrics', 'messages', 'subdomain-usage', 'documents', 'tasks', 'users'] as const;

/** External library documents spread over subdomains, shared by both organisations. */
async function loadLibrary(db: Database): Promise<void> {
  await db.execute(sql`
    insert into documents (id, organisation_id, code, title, filename, category, domain, subdomain, issuer, edition, status, source_kind, content_hash)
    select 'bench-d-' || d, null, 'BENCH ' || d, 'Bench document ' || d, 'bench-' || d || '.md', 'Guidance', 'HTM',
      'Subdomain ' || (d % ${SUBDOMAINS}), 'Bench', '2024', 'current', 'upload', 'bench-hash-' || d
    from generate_series(1, ${LIBRARY}) d`);
}

/**
 * `people` members (one of them the champion, made through createAccount so it can sign in) and
 * `events` events over the year before now: a fifth sign-ins, two thirds questions, then minutes
 * written, reviews and documents opened, each use citing one or two library documents.
 */
async function loadOrganisation(db: Database, options: { name: string; people: number; events: number }) {
  const organisation = await createOrganisation({ db, name: options.name });
  const prefix = `${options.name.replace(/\W/g, '').toLowerCase()}-`;
  await db.execute(sql`
    insert into users (id, external_id, organisation_id, email, firstname, surname, job_title, roles, email_verified_at, last_login_at)
    select ${prefix} || 'u-' || u, ${prefix} || 'x-' || u, ${organisation.id}, ${prefix} || u || '@bench.test', 'First' || u, 'Last' || u,
      'Estates officer', '{standard}', now(), now() - (u % 90) * interval '1 day'
    from generate_series(1, ${options.people - 1}) u`);
  const champion = await createAccount({
    db,
    organisationId: organisation.id,
    email: `champion@${prefix}bench.test`,
    firstname: 'Bench',
    surname: 'Champion',
    jobTitle: 'Director of Quality',
    password: null,
    roles: ['champion', 'standard'],
    emailVerified: true,
  });
  await db.execute(sql`
    insert into events (id, organisation_id, actor_user_id, kind, subject_type, subject_id, data, tool, document_ids, subdomains, created_at)
    select ${prefix} || 'e-' || g, ${organisation.id}, ${prefix} || 'u-' || (1 + (g * 7919) % ${options.people - 1}), kind,
      case when kind = 'auth.signed_in' then 'user' else 'bench' end, 'bench-' || g,
      case when kind = 'auth.signed_in' then '{"method":"password"}'::jsonb else '{}'::jsonb end,
      case kind when 'chat.question_asked' then 'chat' when 'write.generated' then 'write' when 'review.completed' then 'review' end,
      case when kind in ('chat.question_asked', 'write.generated', 'review.completed')
        then array['bench-d-' || (1 + g % ${LIBRARY}), 'bench-d-' || (1 + (g * 31) % ${LIBRARY})] else '{}' end,
      case when kind in ('chat.question_asked', 'write.generated', 'review.completed')
        then array['Subdomain ' || ((1 + g % ${LIBRARY}) % ${SUBDOMAINS})] else '{}' end,
      now() - ((g::bigint * 7907) % ${YEAR_SECONDS}) * interval '1 second'
    from (
      select g, case
        when g % 100 < 20 then 'auth.signed_in'
        when g % 100 < 86 then 'chat.question_asked'
        when g % 100 < 93 then 'write.generated'
        when g % 100 < 96 then 'review.completed'
        else 'documents.opened' end as kind
      from generate_series(1::bigint, ${options.events}) g
    ) s`);
  return champion;
}

async function headersFor(db: Database, userId: string) {
  const token = await createSession({ db, userId, policy: { idleMinutes: 60, absoluteDays: 1 } });
  return { 'auth-token': token };
}

async function measure(app: FastifyInstance, url: string, headers: Record<string, string>): Promise<number[]> {
  const get = async () => {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  };
  await get();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) samples.push(await timeIt(get));
  return samples;
}

export async function benchDashboard(): Promise<{ rows: Row[]; dashboardP95: number; usersP95: number; loadSeconds: number }> {
  const database = await openDatabase({ dataDir: 'memory' });
  await database.migrate();
  const loadStarted = performance.now();
  await loadLibrary(database.db);
  const champion = await loadOrganisation(database.db, { name: 'Bench Trust', people: PEOPLE, events: EVENTS });
  const largeChampion = await loadOrganisation(database.db, { name: 'Large Bench Trust', people: LARGE_PEOPLE, events: LARGE_EVENTS });
  // What recordEvents keeps up to date event by event, computed in one go after the bulk load.
  await rebuildUsageRollups(database.db);
  await database.db.execute(sql`analyze`);
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://verity.test' });
  const app = await buildApp({ config, database });
  await app.ready();
  const headers = await headersFor(database.db, champion.id);
  const largeHeaders = await headersFor(database.db, largeChampion.id);

  const baseline = summarise('GET /api/account/info (baseline)', await measure(app, '/api/account/info', headers));
  const rows: Row[] = [baseline];
  let dashboardP95 = 0;
  for (const days of DASHBOARD_PERIODS) {
    for (const path of PATHS) {
      const row = summarise(
        `${path}?days=${days} (${PEOPLE} people)`,
        await measure(app, `/api/dashboard/organisation/${path}?days=${days}`, headers),
        baseline,
      );
      rows.push(row);
      dashboardP95 = Math.max(dashboardP95, row.p95);
    }
  }
  let usersP95 = 0;
  for (const days of DASHBOARD_PERIODS) {
    const row = summarise(
      `users?days=${days} (${LARGE_PEOPLE} people)`,
      await measure(app, `/api/dashboard/organisation/users?days=${days}`, largeHeaders),
      baseline,
    );
    rows.push(row);
    usersP95 = Math.max(usersP95, row.p95);
  }
  await app.close();
  await database.close();
  return { rows, dashboardP95, usersP95, loadSeconds };
}
