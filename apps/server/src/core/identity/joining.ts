import { and, arrayContains, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { joinRequests, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { byUserOnOwnAccount, recordEvent } from '../events/service.ts';
import { notify } from '../notifications/service.ts';

/**
 * A request to join an organisation, opened at sign-up (modules/auth) for an address in a domain
 * the organisation verified, and decided by its champions (modules/join). It lives here because
 * both need it: the account is made holding no role, which keeps it out of everything of the
 * organisation's until a champion approves.
 */

/** The enabled champions of an organisation: who decides its requests to join. */
export async function championsOf(db: Database, organisationId: string) {
  return db
    .select({ id: users.id, firstname: users.firstname, surname: users.surname, email: users.email })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), arrayContains(users.roles, ['champion']), isNull(users.disabledAt)))
    .orderBy(users.surname, users.firstname);
}

/**
 * Records the request, its event and a notification to each champion, in the caller's transaction
 * (the sign-up's, with the account it made).
 */
export async function openJoinRequest(options: {
  db: Database;
  user: { id: string; organisationId: string; firstname: string; surname: string };
  domain: string;
}): Promise<void> {
  const { db, user, domain } = options;
  await db.insert(joinRequests).values({ id: newId(), organisationId: user.organisationId, userId: user.id, domain });
  await recordEvent(db, { kind: 'join.requested', ...byUserOnOwnAccount(user), data: { domain } });
  const name = `${user.firstname} ${user.surname}`.trim();
  for (const champion of await championsOf(db, user.organisationId)) {
    await notify({
      db,
      userId: champion.id,
      organisationId: user.organisationId,
      title: 'A request to join your organisation',
      message: `${name} signed up with an address at ${domain} and asks to join. Approve or decline the request on your dashboard.`,
      link: '/dashboard',
    });
  }
}
