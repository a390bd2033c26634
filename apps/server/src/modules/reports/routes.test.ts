import type { WorkforceReport } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setFlag } from '../../core/flags.ts';
import { users } from '../../db/schema.ts';
import { extractPdfText } from '../../ingest/pdf.ts';
import { recordActivity } from '../../seed/activity.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';
import { readableDate } from './export.ts';
import { reportBuckets, workforceReport } from './workforce.ts';

let t: TestApp;
let organisationId: string;
let champion: TestUser;
let officer: TestUser;
let colleague: TestUser;
let untitled: TestUser;

const NOW = new Date('2026-11-27T10:00:00Z');
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await buildTestApp();
  organisationId = (await buildOrganisation(t, 'Riverside Health')).id;
  champion = await buildUser(t, { organisationId, roles: ['standard', 'champion'], firstname: 'Chris' });
  officer = await buildUser(t, { organisationId, firstname: 'Olu' });
  colleague = await buildUser(t, { organisationId, firstname: 'Casey' });
  untitled = await buildUser(t, { organisationId, firstname: '=Uma' });
  await t.db.update(users).set({ jobTitle: 'Estates Officer' }).where(eq(users.id, officer.user.id));
  await t.db.update(users).set({ jobTitle: 'estates  officer' }).where(eq(users.id, colleague.user.id));
  await t.db.update(users).set({ jobTitle: '' }).where(eq(users.id, untitled.user.id));
  await t.db.update(users).set({ jobTitle: 'Compliance Lead' }).where(eq(users.id, champion.user.id));
  await t.db
    .update(users)
    .set({ onboardingComplete: true, onboardingModules: ['welcome', 'chat', 'review', 'write', 'wiki'] })
    .where(eq(users.id, officer.user.id));
  await recordActivity(t.db, officer.user, [
    { kind: 'question', at: at('2026-11-02T09:00:00Z') },
    { kind: 'question', at: at('2026-11-25T09:00:00Z') },
    { kind: 'review', at: at('2026-11-26T09:00:00Z') },
    { kind: 'signIn', at: at('2026-11-26T08:00:00Z') },
    // Before the 30-day period: not counted.
    { kind: 'write', at: at('2026-10-20T09:00:00Z') },
  ]);
  await recordActivity(t.db, colleague.user, [
    { kind: 'write', at: at('2026-11-26T15:00:00Z') },
    { kind: 'search', at: at('2026-11-27T09:30:00Z') },
  ]);
});

afterAll(async () => {
  await t.close();
});

const scope = {
  scope: 'organisation' as const,
  get organisationId() {
    return organisationId;
  },
};

describe('the workforce report’s figures', () => {
  test('per person, per team (job titles, ignoring case and spacing) and in total, by the dashboard’s minutes table', async () => {
    const report = await workforceReport({ db: t.db, scope, days: 30, now: NOW });
    expect(report).toMatchObject({ from: '2026-10-29', to: '2026-11-27', bucket: 'day', organisation: { name: 'Riverside Health' } });
    expect(report.buckets).toHaveLength(30);

    const olu = report.people.find((person) => person.id === officer.user.id);
    expect(olu).toMatchObject({
      team: 'Estates Officer',
      tasks: { chat: 2, write: 0, review: 1, wiki: 0 },
      total_tasks: 3,
      minutes_saved: 2 * 6 + 60,
      onboarding_complete: true,
      onboarding_completed: 5,
      last_active: '2026-11-26',
    });
    // Each task in the bucket of its London day.
    expect(olu?.adoption[report.buckets.indexOf('2026-11-02')]).toBe(1);
    expect(olu?.adoption[report.buckets.indexOf('2026-11-26')]).toBe(1);

    expect(report.teams.map((team) => [team.name, team.people, team.active_people, team.total_tasks])).toEqual([
      ['Estates Officer', 2, 2, 5],
      ['Compliance Lead', 1, 0, 0],
      ['No job title', 1, 0, 0],
    ]);
    expect(report.totals).toMatchObject({
      people: 4,
      active_people: 2,
      onboarding_complete: 1,
      tasks: { chat: 2, write: 1, review: 1, wiki: 1 },
      total_tasks: 5,
      minutes_saved: 12 + 45 + 60 + 3,
    });
    // Two people were active on 26 November.
    expect(report.totals.adoption[report.buckets.indexOf('2026-11-26')]).toBe(2);
  });

  test('a quarter is counted by week from Monday, a year by month', () => {
    const quarter = reportBuckets(90, NOW);
    expect(quarter.kind).toBe('week');
    expect(quarter.buckets[0]).toBe(quarter.from);
    expect(quarter.buckets.slice(1).every((start) => new Date(`${start}T12:00:00Z`).getUTCDay() === 1)).toBe(true);
    const year = reportBuckets(365, NOW);
    expect(year.kind).toBe('month');
    expect(year.buckets.slice(1).every((start) => start.endsWith('-01'))).toBe(true);
    expect(year.buckets).toHaveLength(13);
  });
});

const get = (who: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

describe('who reads which report', () => {
  test('a champion reads their organisation; another organisation is 404', async () => {
    const response = await get(champion, '/api/reports/workforce?days=30');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<WorkforceReport>()).toMatchObject({ scope: 'organisation', totals: { people: 4 } });
    const elsewhere = await buildOrganisation(t);
    expect((await get(champion, `/api/reports/workforce?days=30&organisation_id=${elsewhere.id}`)).statusCode).toBe(404);
  });

  test('anyone else reads only their own figures', async () => {
    const response = await get(officer, '/api/reports/workforce?days=30');
    const report = response.json<WorkforceReport>();
    expect(report.scope).toBe('self');
    expect(report.people.map((person) => person.id)).toEqual([officer.user.id]);
    expect(report.totals.people).toBe(1);
    expect(JSON.stringify(report)).not.toContain(colleague.email);
  });

  test('an administrator reads any organisation; an unknown one is 404', async () => {
    const admin = await buildUser(t, { roles: ['standard', 'verity_admin'] });
    const response = await get(admin, `/api/reports/workforce?days=90&organisation_id=${organisationId}`);
    expect(response.json<WorkforceReport>()).toMatchObject({ scope: 'organisation', bucket: 'week', totals: { people: 4 } });
    expect((await get(admin, '/api/reports/workforce?days=30&organisation_id=nope')).statusCode).toBe(404);
  });

  test('refused without a session (401), for a guest (403), for a period it does not offer (422), and while the flag is off (404)', async () => {
    expect((await get(null, '/api/reports/workforce?days=30')).statusCode).toBe(401);
    expect((await get(await buildUser(t, { roles: ['guest'] }), '/api/reports/workforce?days=30')).statusCode).toBe(403);
    expect((await get(champion, '/api/reports/workforce?days=14')).statusCode).toBe(422);
    const other = await buildOrganisation(t);
    const member = await buildUser(t, { organisationId: other.id, roles: ['standard', 'champion'] });
    await setFlag({
      db: t.db,
      flag: 'workforce-reports',
      target: { scope: 'organisation', organisationId: other.id },
      enabled: false,
      by: { via: 'command_line' },
    });
    for (const url of ['/api/reports/workforce?days=30', '/api/reports/workforce/csv?days=30', '/api/reports/workforce/pdf?days=30']) {
      const refused = await get(member, url);
      expect(refused.statusCode).toBe(404);
      expect(refused.json<{ message: string }>().message).toBe('Reports are not turned on for your organisation.');
    }
  });
});

describe('exports', () => {
  test('CSV: one row per person, formula-like names written as text', async () => {
    const response = await get(champion, '/api/reports/workforce/csv?days=30');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="workforce-performance-riverside-health-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toMatch(
      /^Name,E-mail,Team,Onboarding modules completed,Onboarding complete,Chat,Write,Review,Wiki searches,Total tasks,Hours saved,Last active,Tasks from /,
    );
    expect(lines).toHaveLength(5);
    expect(lines.find((line) => line.includes(untitled.email))).toMatch(/^'=Uma Morgan,/);
  });

  test('PDF: a real document with the totals, the teams and the people', async () => {
    const response = await get(champion, '/api/reports/workforce/pdf?days=30');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { pages } = await extractPdfText(new Uint8Array(response.rawPayload));
    const text = pages.join('\n');
    expect(text).toContain('Workforce performance');
    expect(text).toContain('Everyone at Riverside Health');
    expect(text).toContain('Estates Officer');
    expect(text).toContain('Olu Morgan');
    expect(text).toContain('How the figures are counted');
  });

  test('names in any script still make a PDF', async () => {
    await t.db.update(users).set({ surname: 'Łukasz 王' }).where(eq(users.id, colleague.user.id));
    const response = await get(champion, '/api/reports/workforce/pdf?days=7');
    expect(response.statusCode).toBe(200);
    const { pages } = await extractPdfText(new Uint8Array(response.rawPayload));
    expect(pages.join('\n')).toContain('Casey ?ukasz ?');
  });

  test('dates read as people write them', () => {
    expect(readableDate('2026-11-27')).toBe('27 Nov 2026');
  });
});
