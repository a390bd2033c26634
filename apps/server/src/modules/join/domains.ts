import type { JoinDomainRequest, JoinOwnDomain } from '@verity/shared';
import { isSharedEmailDomain } from '@verity/shared';
import { and, arrayContains, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { joinDomainRequests, organisationDomains, organisations, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordEvent } from '../../core/events/service.ts';
import { approveDomain, domainOf, inVerifiedDomain } from '../../core/identity/organisations.ts';
import { notify } from '../../core/notifications/service.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { domainDecisionEmail } from '../../mail/templates.ts';

/**
 * A champion asks Verity to confirm their organisation's e-mail domain — the domain of their own
 * address, which their signing in proves they hold a mailbox at — and a Verity administrator
 * approves it (through `approveDomain`, as `npm run org-domain` does) or refuses it. Each step is
 * audited and the other side is notified.
 */

export const DOMAIN_MESSAGES = {
  shared:
    'This domain is shared by many people or organisations (a public e-mail service, or nhs.net), so it cannot be confirmed for one organisation.',
  verified: 'This domain is already confirmed for your organisation.',
  pending: 'This domain has already been requested and is waiting for a Verity administrator.',
  approved: 'The domain has been approved.',
  refused: 'The request has been refused.',
  decided: 'This request has already been decided.',
  missing: 'There is no such request for a domain.',
} as const;

const conflict = (message: string) => new AppError(409, message);

interface Champion {
  userId: string;
  organisationId: string;
  email: string;
}

/** The champion's own domain for their organisation, and where it stands. */
export async function ownDomain(options: { db: Database; champion: Champion }): Promise<JoinOwnDomain> {
  const { db, champion } = options;
  const domain = domainOf(champion.email);
  if (isSharedEmailDomain(domain)) return { domain, status: 'shared', requested_at: null };
  if (await inVerifiedDomain(db, champion.organisationId, champion.email)) return { domain, status: 'verified', requested_at: null };
  const [latest] = await db
    .select({ status: joinDomainRequests.status, createdAt: joinDomainRequests.createdAt })
    .from(joinDomainRequests)
    .where(and(eq(joinDomainRequests.organisationId, champion.organisationId), eq(joinDomainRequests.domain, domain)))
    .orderBy(desc(joinDomainRequests.createdAt))
    .limit(1);
  if (!latest || latest.status === 'approved') return { domain, status: 'none', requested_at: null };
  return { domain, status: latest.status, requested_at: latest.createdAt.toISOString() };
}

export async function requestDomain(options: { db: Database; champion: Champion }): Promise<JoinOwnDomain> {
  const { db, champion } = options;
  const current = await ownDomain(options);
  if (current.status === 'shared') throw conflict(DOMAIN_MESSAGES.shared);
  if (current.status === 'verified') throw conflict(DOMAIN_MESSAGES.verified);
  if (current.status === 'pending') throw conflict(DOMAIN_MESSAGES.pending);
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(joinDomainRequests)
        .values({ id: newId(), organisationId: champion.organisationId, domain: current.domain, requestedBy: champion.userId });
      await recordEvent(tx, {
        kind: 'join.domain_requested',
        organisationId: champion.organisationId,
        actorUserId: champion.userId,
        subject: { type: 'organisation', id: champion.organisationId },
        data: { domain: current.domain },
      });
      const [organisation] = await tx
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, champion.organisationId));
      const administrators = await tx
        .select({ id: users.id, organisationId: users.organisationId })
        .from(users)
        .where(and(arrayContains(users.roles, ['verity_admin']), isNull(users.disabledAt)));
      for (const administrator of administrators) {
        await notify({
          db: tx,
          userId: administrator.id,
          organisationId: administrator.organisationId,
          title: 'A domain to confirm',
          message: `${organisation?.name ?? 'An organisation'} asks to confirm ${current.domain} as its e-mail domain. Approve or refuse it in the admin area.`,
          link: '/admin',
        });
      }
    });
  } catch (error) {
    // Two requests raced: the other one is the pending request.
    if (isUniqueViolation(error)) throw conflict(DOMAIN_MESSAGES.pending);
    throw error;
  }
  return ownDomain(options);
}

/** Every pending request, oldest first, with the other organisations that already hold its domain. */
export async function listDomainRequests(options: { db: Database }): Promise<JoinDomainRequest[]> {
  const { db } = options;
  const rows = await db
    .select({
      id: joinDomainRequests.id,
      domain: joinDomainRequests.domain,
      organisationId: joinDomainRequests.organisationId,
      organisationName: organisations.name,
      requestedBy: users.email,
      createdAt: joinDomainRequests.createdAt,
    })
    .from(joinDomainRequests)
    .innerJoin(organisations, eq(organisations.id, joinDomainRequests.organisationId))
    .leftJoin(users, eq(users.id, joinDomainRequests.requestedBy))
    .where(eq(joinDomainRequests.status, 'pending'))
    .orderBy(asc(joinDomainRequests.createdAt));
  const domains = [...new Set(rows.map((row) => row.domain))];
  const holders =
    domains.length === 0
      ? []
      : await db
          .select({ domain: organisationDomains.domain, organisationId: organisations.id, name: organisations.name })
          .from(organisationDomains)
          .innerJoin(organisations, eq(organisations.id, organisationDomains.organisationId))
          .where(inArray(organisationDomains.domain, domains));
  return rows.map((row) => ({
    id: row.id,
    domain: row.domain,
    organisation_id: row.organisationId,
    organisation_name: row.organisationName,
    requested_by: row.requestedBy,
    requested_at: row.createdAt.toISOString(),
    held_by: holders.filter((holder) => holder.domain === row.domain && holder.organisationId !== row.organisationId).map((h) => h.name),
  }));
}

/**
 * An administrator approves (the domain is verified for the organisation) or refuses a pending
 * request; the champion who asked is told in the app and, once it has committed, by e-mail.
 */
export async function decideDomainRequest(options: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  supportEmail: string;
  administrator: { userId: string; email: string };
  requestId: string;
  approve: boolean;
}): Promise<{ message: string }> {
  const { db, administrator, requestId, approve } = options;
  const email = await db.transaction(async (tx) => {
    const [request] = await tx.select().from(joinDomainRequests).where(eq(joinDomainRequests.id, requestId)).for('update').limit(1);
    if (!request) throw notFound(DOMAIN_MESSAGES.missing);
    if (request.status !== 'pending') throw conflict(DOMAIN_MESSAGES.decided);
    const now = new Date();
    await tx
      .update(joinDomainRequests)
      .set({ status: approve ? 'approved' : 'refused', decidedBy: administrator.userId, decidedAt: now, updatedAt: now })
      .where(and(eq(joinDomainRequests.id, request.id), ne(joinDomainRequests.status, 'approved')));
    if (approve) {
      await approveDomain({
        db: tx,
        organisationId: request.organisationId,
        domain: request.domain,
        approvedBy: administrator.email,
        via: 'admin',
        actorUserId: administrator.userId,
      });
    } else {
      await recordEvent(tx, {
        kind: 'join.domain_refused',
        organisationId: request.organisationId,
        actorUserId: administrator.userId,
        subject: { type: 'organisation', id: request.organisationId },
        data: { domain: request.domain },
      });
    }
    if (request.requestedBy) {
      await notify({
        db: tx,
        userId: request.requestedBy,
        organisationId: request.organisationId,
        title: approve ? `${request.domain} is confirmed` : `${request.domain} was not confirmed`,
        message: approve
          ? `Verity confirmed ${request.domain} as your organisation’s domain. People who sign up with an address there now ask to join your organisation, and you decide on your dashboard.`
          : `A Verity administrator did not confirm ${request.domain} for your organisation. Contact Verity support if you think it should be.`,
        link: '/dashboard',
      });
    }
    const [champion] = request.requestedBy
      ? await tx
          .select({ email: users.email, firstname: users.firstname, disabledAt: users.disabledAt })
          .from(users)
          .where(eq(users.id, request.requestedBy))
          .limit(1)
      : [];
    return champion && !champion.disabledAt
      ? domainDecisionEmail({
          to: champion.email,
          firstname: champion.firstname,
          domain: request.domain,
          appUrl: options.appUrl,
          supportEmail: options.supportEmail,
          decision: approve ? 'approved' : 'refused',
        })
      : undefined;
  });
  // Sent once the decision has committed; not awaited: the mailer records the outcome and logs a failure itself.
  if (email) void options.mailer.send(email);
  return { message: approve ? DOMAIN_MESSAGES.approved : DOMAIN_MESSAGES.refused };
}
