import type { JoinDomain, JoinRequest, JoinRole, JoinStatus } from '@verity/shared';
import { isSharedEmailDomain } from '@verity/shared';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { joinRequests, organisations, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { joinDecisionEmail } from '../../mail/templates.ts';
import { byUserOnOwnAccount, recordEvent } from '../../core/events/service.ts';
import { identityChanged } from '../../core/identity/cache.ts';
import { championsOf } from '../../core/identity/joining.ts';
import { createOrganisation, domainOf, organisationForDomain } from '../../core/identity/organisations.ts';
import { notify } from '../../core/notifications/service.ts';
import { type DecidingChampion, joinRequestNotFound, joinRequestOf, joinRequestsPendingIn } from '../../core/policies/join.ts';

/**
 * Joining an organisation by e-mail domain, after sign-up opened the request
 * (core/identity/joining.ts): what the register page is told about a domain, the person's own
 * status, and the champion's decision. Each change writes its audit event in its transaction.
 */

export const JOIN_MESSAGES = {
  approved: 'The request has been approved.',
  declined: 'The request has been declined.',
  alreadyDecided: 'This request has already been decided.',
  notDeclined: 'Only a person whose request to join was declined can start an organisation here.',
  member: 'You are a member of your organisation: there is no request to withdraw.',
  started: 'Your organisation has been created. You are its champion.',
} as const;

const conflict = (message: string) => new AppError(409, message);

/** What signing up with this address would do; the answer reads the domain only, never the address. */
export async function describeDomain(options: { db: Database; email: string }): Promise<JoinDomain> {
  const domain = domainOf(options.email);
  if (isSharedEmailDomain(domain)) return { domain, match: 'shared', organisation_name: null };
  const organisation = await organisationForDomain(options.db, domain);
  return organisation
    ? { domain, match: 'organisation', organisation_name: organisation.name }
    : { domain, match: 'none', organisation_name: null };
}

interface Caller {
  userId: string;
  organisationId: string;
  roles: readonly string[];
}

/** The caller's request that is not approved (pending or declined), if any. */
async function openRequestOf(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(joinRequests)
    .where(and(eq(joinRequests.userId, userId), ne(joinRequests.status, 'approved')))
    .orderBy(desc(joinRequests.createdAt))
    .limit(1);
  return row;
}

/** The caller's own request, with the organisation's champions by name; a member has none open. */
export async function joinStatus(options: { db: Database; caller: Caller }): Promise<JoinStatus> {
  const { db, caller } = options;
  const [organisation] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, caller.organisationId))
    .limit(1);
  const request = caller.roles.length === 0 ? await openRequestOf(db, caller.userId) : undefined;
  const champions = await championsOf(db, caller.organisationId);
  return {
    status: request?.status === 'pending' ? 'pending' : request?.status === 'declined' ? 'declined' : 'member',
    organisation_name: organisation?.name ?? '',
    champions: champions.map((champion) => `${champion.firstname} ${champion.surname}`.trim()),
    requested_at: request?.createdAt.toISOString() ?? null,
    decided_at: request?.decidedAt?.toISOString() ?? null,
  };
}

/** The champion's organisation's pending requests, oldest first. */
export async function listJoinRequests(options: { db: Database; champion: DecidingChampion }): Promise<JoinRequest[]> {
  const rows = await options.db
    .select({
      id: joinRequests.id,
      createdAt: joinRequests.createdAt,
      firstname: users.firstname,
      surname: users.surname,
      email: users.email,
      jobTitle: users.jobTitle,
    })
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .where(joinRequestsPendingIn(options.champion))
    .orderBy(asc(joinRequests.createdAt));
  return rows.map((row) => ({
    id: row.id,
    first_name: row.firstname,
    last_name: row.surname,
    email: row.email,
    job_title: row.jobTitle,
    requested_at: row.createdAt.toISOString(),
  }));
}

type Decision = { status: 'approved'; role: JoinRole } | { status: 'declined' };

/**
 * Decides one of the champion's organisation's pending requests (404 for any other, 409 once
 * decided): approval gives the person the role; either way they are told, by a notification in
 * the same transaction and by e-mail once it has committed (they are usually not signed in).
 */
export async function decideJoinRequest(options: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  champion: DecidingChampion & { userId: string };
  requestId: string;
  decision: Decision;
}): Promise<{ status: Decision['status']; message: string }> {
  const { db, champion, requestId, decision } = options;
  const { userId, email } = await db.transaction(async (tx) => {
    const [request] = await tx.select().from(joinRequests).where(joinRequestOf(champion, requestId)).for('update').limit(1);
    if (!request) throw joinRequestNotFound();
    if (request.status !== 'pending') throw conflict(JOIN_MESSAGES.alreadyDecided);
    const now = new Date();
    await tx
      .update(joinRequests)
      .set({
        status: decision.status,
        role: decision.status === 'approved' ? decision.role : null,
        decidedBy: champion.userId,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(joinRequests.id, request.id));
    const [organisation] = await tx
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, champion.organisationId))
      .limit(1);
    const name = organisation?.name ?? 'your organisation';
    const [person] = await tx
      .select({ email: users.email, firstname: users.firstname })
      .from(users)
      .where(eq(users.id, request.userId))
      .limit(1);
    const subject = { type: 'user', id: request.userId } as const;
    const scope = { organisationId: champion.organisationId, actorUserId: champion.userId, subject };
    if (decision.status === 'approved') {
      // Only an account still holding no role is given one: a champion's approval never changes a member's roles.
      await tx
        .update(users)
        .set({ roles: [decision.role], updatedAt: now })
        .where(and(eq(users.id, request.userId), sql`cardinality(${users.roles}) = 0`));
      await recordEvent(tx, { kind: 'join.approved', ...scope, data: { role: decision.role } });
      await notify({
        db: tx,
        userId: request.userId,
        organisationId: champion.organisationId,
        title: `Welcome to ${name}`,
        message: `Your request to join ${name} on Verity has been approved.`,
        link: '/home',
      });
    } else {
      await recordEvent(tx, { kind: 'join.declined', ...scope, data: {} });
      await notify({
        db: tx,
        userId: request.userId,
        organisationId: champion.organisationId,
        title: 'Your request to join was declined',
        message: `A champion of ${name} declined your request to join. You can start your own organisation, or ask a champion to invite you.`,
      });
    }
    const email = person
      ? joinDecisionEmail({
          to: person.email,
          firstname: person.firstname,
          organisation: name,
          appUrl: options.appUrl,
          decision: decision.status,
        })
      : undefined;
    return { userId: request.userId, email };
  });
  identityChanged({ kind: 'user', id: userId });
  // Not awaited: the mailer records the outcome and logs a failure itself.
  if (email) void options.mailer.send(email);
  return decision.status === 'approved'
    ? { status: 'approved', message: JOIN_MESSAGES.approved }
    : { status: 'declined', message: JOIN_MESSAGES.declined };
}

/**
 * A person whose request was declined starts their own organisation, named after their domain,
 * as its champion (what sign-up does for a domain no organisation verified).
 */
export async function startOrganisation(options: { db: Database; caller: Caller }): Promise<{ message: string }> {
  const { db, caller } = options;
  await db.transaction(async (tx) => {
    const request = caller.roles.length === 0 ? await openRequestOf(tx, caller.userId) : undefined;
    if (request?.status !== 'declined') throw conflict(JOIN_MESSAGES.notDeclined);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, caller.userId)).limit(1);
    const name = domainOf(user?.email ?? '');
    const organisation = await createOrganisation({ db: tx, name });
    const now = new Date();
    await tx
      .update(users)
      .set({ organisationId: organisation.id, roles: ['standard', 'champion'], updatedAt: now })
      .where(eq(users.id, caller.userId));
    // The declined request is spent: its decision stays in the other organisation's audit log.
    await tx.delete(joinRequests).where(eq(joinRequests.id, request.id));
    await recordEvent(tx, {
      kind: 'join.organisation_started',
      ...byUserOnOwnAccount({ id: caller.userId, organisationId: organisation.id }),
      data: { name },
    });
  });
  identityChanged({ kind: 'user', id: caller.userId });
  return { message: JOIN_MESSAGES.started };
}

/**
 * A person waiting for approval, or declined, withdraws: the account is closed (its sessions,
 * notifications and request go with it), so the address is free for a champion's invitation.
 */
export async function leave(options: { db: Database; caller: Caller }): Promise<void> {
  const { db, caller } = options;
  await db.transaction(async (tx) => {
    const request = caller.roles.length === 0 ? await openRequestOf(tx, caller.userId) : undefined;
    if (!request || request.status === 'approved') throw conflict(JOIN_MESSAGES.member);
    await recordEvent(tx, {
      kind: 'join.left',
      organisationId: caller.organisationId,
      actorUserId: null,
      subject: { type: 'user', id: caller.userId },
      data: { status: request.status },
    });
    await tx.delete(users).where(eq(users.id, caller.userId));
  });
  identityChanged({ kind: 'user', id: caller.userId });
}
