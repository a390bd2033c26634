import { FEATURE_FLAG_DEFAULTS } from '@verity/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { events, featureFlagRules, featureFlags, organisations } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { buildOrganisation, buildUser } from '../test/factories.ts';
import { FlagsError, runFlags } from './flags.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.db.delete(featureFlags);
  await t.db.delete(featureFlagRules);
});

/** What GET /api/flags answers the caller (no token: nobody in particular). */
async function flagsFor(headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: '/api/flags', headers });
  expect(response.statusCode).toBe(200);
  return response.json().flags as Record<string, boolean>;
}

describe('npm run flags', () => {
  test('an organisation setting wins over a role setting, a role setting over the global one, the global one over the default', async () => {
    const riverside = await buildOrganisation(t, 'Riverside Flags Trust');
    const hillside = await buildOrganisation(t, 'Hillside Flags Trust');
    const riversideChampion = await buildUser(t, { organisationId: riverside.id, roles: ['champion', 'standard'] });
    const riversideStandard = await buildUser(t, { organisationId: riverside.id, roles: ['standard'] });
    const hillsideChampion = await buildUser(t, { organisationId: hillside.id, roles: ['champion', 'standard'] });
    const hillsideStandard = await buildUser(t, { organisationId: hillside.id, roles: ['standard'] });

    // The shipped default.
    expect((await flagsFor(hillsideStandard.headers))['workforce-reports']).toBe(FEATURE_FLAG_DEFAULTS['workforce-reports']);

    expect(await runFlags(t.db, { flag: 'workforce-reports', off: true })).toBe('workforce-reports is now off for everyone.');
    expect(await runFlags(t.db, { flag: 'workforce-reports', on: true, role: 'champion' })).toBe(
      'workforce-reports is now on for everyone with the champion role.',
    );
    expect(await runFlags(t.db, { flag: 'workforce-reports', off: true, organisation: 'Riverside Flags Trust' })).toBe(
      'workforce-reports is now off for "Riverside Flags Trust".',
    );

    expect((await flagsFor())['workforce-reports']).toBe(false);
    expect((await flagsFor(hillsideStandard.headers))['workforce-reports']).toBe(false);
    expect((await flagsFor(hillsideChampion.headers))['workforce-reports']).toBe(true);
    expect((await flagsFor(riversideChampion.headers))['workforce-reports']).toBe(false);
    expect((await flagsFor(riversideStandard.headers))['workforce-reports']).toBe(false);
    // The other flags keep their defaults.
    expect((await flagsFor(riversideChampion.headers))['data-library']).toBe(FEATURE_FLAG_DEFAULTS['data-library']);

    // The user comes with the same flags, so the web never guesses.
    const info = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: hillsideChampion.headers });
    expect(info.json().flags).toEqual(await flagsFor(hillsideChampion.headers));

    // Clearing the organisation's setting lets its champions' role setting apply again.
    expect(await runFlags(t.db, { flag: 'workforce-reports', clear: true, organisation: riverside.id })).toBe(
      'Cleared the setting of workforce-reports for "Riverside Flags Trust": the next setting down applies.',
    );
    expect((await flagsFor(riversideChampion.headers))['workforce-reports']).toBe(true);
    expect((await flagsFor(riversideStandard.headers))['workforce-reports']).toBe(false);
  });

  test('every change is recorded in the audit log in the same transaction; a change to the same value records nothing', async () => {
    const organisation = await buildOrganisation(t, 'Audited Flags Trust');
    await runFlags(t.db, { flag: 'data-library', off: true, organisation: organisation.id });
    expect(await runFlags(t.db, { flag: 'data-library', off: true, organisation: organisation.id })).toBe(
      'data-library was already off for "Audited Flags Trust"; nothing changed.',
    );
    await runFlags(t.db, { flag: 'data-library', clear: true, organisation: organisation.id });
    expect(await runFlags(t.db, { flag: 'data-library', clear: true, organisation: organisation.id })).toBe(
      'data-library had no setting for "Audited Flags Trust"; nothing changed.',
    );
    const audit = await t.db.select().from(events).where(eq(events.organisationId, organisation.id));
    expect(audit.filter((event) => event.kind === 'flags.changed').map((event) => event.data)).toEqual([
      { flag: 'data-library', scope: 'organisation', role: null, enabled: false, via: 'command_line' },
      { flag: 'data-library', scope: 'organisation', role: null, enabled: null, via: 'command_line' },
    ]);
  });

  test('lists each flag for everyone, then the role and organisation settings by name', async () => {
    const organisation = await buildOrganisation(t, 'Listed Flags Trust');
    await runFlags(t.db, { flag: 'platform-onboarding', off: true, role: 'guest' });
    await runFlags(t.db, { flag: 'data-library', off: true, organisation: organisation.id });
    const listing = await runFlags(t.db, {});
    expect(listing.split('\n')).toEqual([
      'platform-onboarding: on for everyone',
      'workforce-reports: on for everyone',
      'data-library: on for everyone',
      'professional-body-logos: off for everyone',
      'platform-onboarding: off with the guest role',
      'data-library: off in "Listed Flags Trust"',
    ]);
  });

  test('refuses an unknown flag, role or organisation, two targets, and no or two values, changing nothing', async () => {
    const refusals: [Parameters<typeof runFlags>[1], RegExp][] = [
      [{ flag: 'reports', on: true }, /"reports" is not a flag/],
      [{ flag: 'data-library', on: true, role: 'owner' }, /"owner" is not a role/],
      [{ flag: 'data-library', on: true, organisation: 'Nowhere Trust' }, /No organisation has the id or name "Nowhere Trust"/],
      [{ flag: 'data-library', on: true, role: 'champion', organisation: 'x' }, /not both/],
      [{ flag: 'data-library' }, /exactly one of --on, --off and --clear/],
      [{ flag: 'data-library', on: true, off: true }, /exactly one of --on, --off and --clear/],
      [{ on: true }, /--flag is required/],
    ];
    for (const [command, message] of refusals) {
      await expect(runFlags(t.db, command)).rejects.toThrow(FlagsError);
      await expect(runFlags(t.db, command)).rejects.toThrow(message);
    }
    expect(await t.db.select().from(featureFlags)).toEqual([]);
    expect(await t.db.select().from(featureFlagRules)).toEqual([]);
  });

  test('an organisation deleted takes its settings with it', async () => {
    const organisation = await buildOrganisation(t, 'Closing Flags Trust');
    await runFlags(t.db, { flag: 'data-library', off: true, organisation: organisation.id });
    await t.db.delete(events).where(eq(events.organisationId, organisation.id));
    await t.db.delete(organisations).where(eq(organisations.id, organisation.id));
    expect(await t.db.select().from(featureFlagRules)).toEqual([]);
  });
});
