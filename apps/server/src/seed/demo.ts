import type { Role } from '@verity/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/connect.ts';
import { users } from '../db/schema.ts';
import { createAccount, findUserByEmail } from '../core/identity/accounts.ts';
import { approveDomain, createOrganisation, findOrganisationByName } from '../core/identity/organisations.ts';
import { seedDemoActivity } from './demo-activity.ts';

export interface DemoAccount {
  email: string;
  roles: Role[];
}

const DEMO_USERS: readonly (DemoAccount & { firstname: string; surname: string; jobTitle: string })[] = [
  { email: 'standard@example.org', roles: ['standard'], firstname: 'Priya', surname: 'Shah', jobTitle: 'Head of Estates Compliance' },
  { email: 'guest@example.org', roles: ['guest'], firstname: 'Tom', surname: 'Fletcher', jobTitle: 'Facilities Coordinator' },
  {
    email: 'champion@example.org',
    roles: ['champion', 'standard'],
    firstname: 'Grace',
    surname: 'Okafor',
    jobTitle: 'Director of Quality and Governance',
  },
  {
    email: 'admin@example.org',
    roles: ['verity_admin', 'standard'],
    firstname: 'Daniel',
    surname: 'Hughes',
    jobTitle: 'Clinical Systems Manager',
  },
];

/** The domain of every demo address. */
const DEMO_DOMAIN = 'example.org';

/**
 * The enabled accounts with a demo address, in any organisation: whoever holds one may still have
 * the published password, so the server treats them as demo accounts when choosing where to listen.
 */
export async function findDemoAccounts(db: Database): Promise<DemoAccount[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          DEMO_USERS.map((u) => u.email),
        ),
        isNull(users.disabledAt),
      ),
    );
  const present = new Set(rows.map((r) => r.email));
  return DEMO_USERS.filter((u) => present.has(u.email)).map(({ email, roles }) => ({ email, roles }));
}

/**
 * The demo organisation, its four accounts and a year of its activity (seed/demo-activity.ts),
 * created through the same code paths as real use. Safe to run on every start: what exists is
 * not written again, and the accounts that exist are reported for the start-up banner.
 */
export async function seedDemo(options: { db: Database; config: Config; now?: Date }): Promise<DemoAccount[]> {
  const { db, config } = options;
  const emails = DEMO_USERS.map((u) => u.email);
  const existing = await findOrganisationByName(db, config.DEMO_ORGANISATION);
  const { organisationId, accounts } = existing
    ? { organisationId: existing.id, accounts: await presentAccounts(db, existing.id, emails) }
    : await createDemoOrganisation(db, config);
  // The demo addresses' domain is the organisation's own, as an administrator would approve it, so
  // its champion can make copyable invitation links (an existing database gets it at the next start).
  await approveDomain({ db, organisationId, domain: DEMO_DOMAIN, approvedBy: 'demo seed', via: 'demo_seed' });
  await seedDemoActivity({ db, organisationId, demoEmails: emails, now: options.now });
  return accounts;
}

async function presentAccounts(db: Database, organisationId: string, emails: string[]): Promise<DemoAccount[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), inArray(users.email, emails)));
  const present = new Set(rows.map((r) => r.email));
  return DEMO_USERS.filter((u) => present.has(u.email)).map(({ email, roles }) => ({ email, roles }));
}

async function createDemoOrganisation(db: Database, config: Config): Promise<{ organisationId: string; accounts: DemoAccount[] }> {
  // One transaction, so a start interrupted half-way does not leave an organisation without its accounts.
  return db.transaction(async (tx) => {
    const organisation = await createOrganisation({ db: tx, name: config.DEMO_ORGANISATION });
    const created: DemoAccount[] = [];
    for (const demo of DEMO_USERS) {
      // Someone may have signed up with a demo address before the demo was enabled: leave theirs alone.
      if (await findUserByEmail(tx, demo.email)) continue;
      await createAccount({
        db: tx,
        organisationId: organisation.id,
        email: demo.email,
        firstname: demo.firstname,
        surname: demo.surname,
        jobTitle: demo.jobTitle,
        password: config.DEMO_PASSWORD,
        roles: [...demo.roles],
        emailVerified: true,
      });
      created.push({ email: demo.email, roles: [...demo.roles] });
    }
    return { organisationId: organisation.id, accounts: created };
  });
}
