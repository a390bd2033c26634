import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events, organisationDomains } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { buildOrganisation } from '../test/factories.ts';
import { approveOrganisationDomain, OrgDomainError } from './org-domain.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('npm run org-domain', () => {
  test('approves a domain for an organisation named by id or name, once, with its audit event', async () => {
    const organisation = await buildOrganisation(t, 'Riverside Trust');
    expect(await approveOrganisationDomain({ db: t.db, organisation: organisation.id })).toBe('"Riverside Trust" has no verified domains.');
    expect(await approveOrganisationDomain({ db: t.db, organisation: 'Riverside Trust', domain: ' @Riverside.NHS.uk. ' })).toMatch(
      /^Approved riverside\.nhs\.uk for "Riverside Trust"/,
    );
    expect(await approveOrganisationDomain({ db: t.db, organisation: organisation.id, domain: 'riverside.nhs.uk' })).toMatch(
      /already approved/,
    );
    expect(await approveOrganisationDomain({ db: t.db, organisation: organisation.id })).toBe(
      '"Riverside Trust" has these verified domains: riverside.nhs.uk.',
    );
    const rows = await t.db.select().from(organisationDomains).where(eq(organisationDomains.organisationId, organisation.id));
    expect(rows.map((row) => [row.domain, row.approvedBy])).toEqual([['riverside.nhs.uk', 'command line']]);
    const audit = await t.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'organisations.domain_approved'), eq(events.organisationId, organisation.id)));
    expect(audit.map((event) => event.data)).toEqual([{ domain: 'riverside.nhs.uk', via: 'command_line' }]);
  });

  test('refuses an unknown organisation, what is not a domain and a shared domain, changing nothing', async () => {
    const organisation = await buildOrganisation(t, 'Hillside Care');
    await expect(approveOrganisationDomain({ db: t.db, organisation: 'Nobody', domain: 'x.nhs.uk' })).rejects.toThrow(OrgDomainError);
    for (const domain of ['nhs', 'a@b.uk', 'exa mple.org', '-bad.org', '']) {
      await expect(approveOrganisationDomain({ db: t.db, organisation: organisation.id, domain })).rejects.toThrow(/not a domain name/);
    }
    for (const domain of ['nhs.net', 'gmail.com', 'NHS.NET']) {
      await expect(approveOrganisationDomain({ db: t.db, organisation: organisation.id, domain })).rejects.toThrow(
        /is shared by many people or organisations/,
      );
    }
    expect(await t.db.select().from(organisationDomains).where(eq(organisationDomains.organisationId, organisation.id))).toEqual([]);
  });
});
