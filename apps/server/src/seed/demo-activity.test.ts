import type { DashboardTasks, MessageCount, OrganisationUsers } from '@verity/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { rowsOf } from '../db/connect.ts';
import { ingestSeedCorpus } from '../ingest/corpus.ts';
import { findOrganisationByName } from '../core/identity/organisations.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { multipart } from '../test/multipart.ts';
import { DEMO_COLLEAGUES } from './demo-activity.ts';
import { seedDemo } from './demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await ingestSeedCorpus({ db: t.db });
});

afterAll(async () => {
  await t?.close();
});

/** Events per person and kind, and the documents they cite, by e-mail: what a second seeding must reproduce. */
async function history(app: TestApp, organisationId: string) {
  return rowsOf<{ email: string; kind: string; count: number; cited: number }>(
    await app.db.execute(sql`
      select u.email, e.kind, count(*)::int as count, sum(cardinality(e.document_ids))::int as cited
      from events e join users u on u.id = e.actor_user_id
      where e.organisation_id = ${organisationId} and e.kind in ('auth.signed_in', 'chat.question_asked', 'write.generated', 'review.completed')
      group by 1, 2 order by 1, 2`),
  );
}

test('the demo organisation gets 25 people and a year of activity, once, and the champion’s dashboard shows it', async () => {
  const started = performance.now();
  await seedDemo({ db: t.db, config: t.config });
  const took = performance.now() - started;
  const organisation = await findOrganisationByName(t.db, t.config.DEMO_ORGANISATION);
  if (!organisation) throw new Error('no demo organisation');
  const first = await history(t, organisation.id);
  await seedDemo({ db: t.db, config: t.config });
  expect(await history(t, organisation.id)).toEqual(first);
  // A start with the demo on stays quick (measured about 0.6 s on the development machine).
  expect(took).toBeLessThan(10_000);

  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    ...(await multipart({ email: 'champion@example.org', password: t.config.DEMO_PASSWORD })),
  });
  const headers = { 'auth-token': login.json().auth_token };
  const get = async <T>(path: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/dashboard/organisation/${path}`, headers })).json<T>();

  const { users } = await get<OrganisationUsers>('users?days=30');
  expect(users).toHaveLength(4 + DEMO_COLLEAGUES.length);
  // The champion leads by example: the most tasks over the last 30 days.
  const mostActive = [...users].sort((a, b) => b.tasks - a.tasks)[0];
  expect(mostActive?.user.email).toBe('champion@example.org');
  // The guest reads the library and uses no tool.
  expect(users.find((row) => row.user.email === 'guest@example.org')?.tasks).toBe(0);
  expect(new Set(users.map((row) => row.session_history.activity_level))).toEqual(new Set(['high', 'medium', 'low', 'inactive']));

  const tasks = await get<DashboardTasks>('tasks?days=365');
  expect(tasks.tasks.chat).toBeGreaterThan(1000);
  expect(tasks.tasks.write).toBeGreaterThan(50);
  expect(tasks.tasks.review).toBeGreaterThan(10);
  // Nothing before the year: no previous period to compare with.
  expect(tasks.percentage_change).toBeNull();
  const messages = await get<MessageCount>('messages?days=30');
  expect(messages.count).toBeGreaterThan(50);
  expect(messages.percentage_change).not.toBeNull();
  expect(await get('documents?days=30')).toMatchObject({ external_documents: expect.any(Number) });

  // Colleagues have no password: nobody can sign in as them.
  const colleague = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    ...(await multipart({ email: DEMO_COLLEAGUES[0]?.email ?? '', password: t.config.DEMO_PASSWORD })),
  });
  expect(colleague.statusCode).toBe(401);
});

// Two fresh databases, each loaded with the library and the demo: 20–25 s on an idle 2-core machine.
test('the history is the same for the same day (a seeded random sequence)', { timeout: 120_000 }, async () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const histories = [];
  for (let run = 0; run < 2; run++) {
    const other = await buildTestApp();
    await ingestSeedCorpus({ db: other.db });
    await seedDemo({ db: other.db, config: other.config, now });
    const organisation = await findOrganisationByName(other.db, other.config.DEMO_ORGANISATION);
    histories.push(await history(other, organisation?.id ?? ''));
    await other.close();
  }
  expect(histories[0]?.length).toBeGreaterThan(50);
  expect(histories[1]).toEqual(histories[0]);
});
