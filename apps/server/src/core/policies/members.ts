import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Whom a champion may manage (change a role, deactivate, reactivate, hand work over from or to):
 * the members of their own organisation, deactivated ones included, but not people invited who
 * have not accepted yet (those are the pending invitations'; a champion withdraws or resends
 * them). The champion role itself is the descriptor's. Anyone else — another organisation's
 * member, a pending invitee, an id that names nobody — behaves exactly like a missing one
 * (`memberNotFound`). Who the organisation's champions are is readable by all its members.
 */
export interface ManagingChampion {
  organisationId: string;
}

/** Not a pending invitee: no invitation of theirs waits to be accepted. */
const notPendingInvitee = sql`not exists (select 1 from invitations i where i.user_id = ${users.id} and i.accepted_at is null)`;

/** The organisation's members, on the `users` table. */
export function membersOf(champion: ManagingChampion): SQL {
  return and(eq(users.organisationId, champion.organisationId), notPendingInvitee) as SQL;
}

/** One member of the organisation. */
export function memberOf(champion: ManagingChampion, userId: string): SQL {
  return and(eq(users.id, userId), membersOf(champion)) as SQL;
}

/** The organisation's active champions: who keeps it runnable, and whom its members ask for access. */
export function activeChampionsOf(organisation: ManagingChampion): SQL {
  return and(membersOf(organisation), isNull(users.disabledAt), sql`'champion' = any(${users.roles})`) as SQL;
}

export const MEMBER_NOT_FOUND = 'There is no member with that id in your organisation.';

export const memberNotFound = () => notFound(MEMBER_NOT_FOUND);
