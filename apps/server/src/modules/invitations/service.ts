import { type CompleteProfileInput, type InvitationRequest, MEMBER_ROLE_SETS, type MemberRole } from '@verity/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { invitations, invitationWithdrawals, organisations, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, unauthorised, validationError } from '../../lib/errors.ts';
import { newId, newSecret, sha256 } from '../../lib/ids.ts';
import { hashPassword, passwordWeakness } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { invitationEmail, invitationForExistingAccountEmail, invitationLink } from '../../mail/templates.ts';
import { createAccount, findUserByEmail } from '../../core/identity/accounts.ts';
import { sessionPolicy, signInUser } from '../../core/identity/sessions.ts';
import { byUserOnOwnAccount, recordEvent } from '../../core/events/service.ts';
import { notify } from '../../core/notifications/service.ts';
import { INVITATION_NOT_PENDING, invitationNotPending, pendingInvitation } from '../../core/policies/invitations.ts';
import { inVerifiedDomain } from '../../core/identity/organisations.ts';

export { pendingInvitations } from './pending.ts';

/** What every invitation service function needs besides its own input. */
export interface InvitationDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** The champion acting: their user and organisation. */
export interface Champion {
  userId: string;
  organisationId: string;
}

export type InvitationKind = (typeof invitations.$inferSelect)['kind'];
type InvitationRow = typeof invitations.$inferSelect;

/** The account_roles of a person invited with `role` (standard unless the champion chose otherwise). */
const invitedRoles = (role: MemberRole | undefined) => [...MEMBER_ROLE_SETS[role ?? 'standard']];

/** How long the token handed to the complete-profile form works after the link was verified. */
const PROFILE_TOKEN_TTL_MS = 60 * 60_000;

/**
 * Why a link does not work. The web shows the form asking for a new link when the message
 * contains 'expired', 'already been used' or 'invalid' (SPEC §4), so each says one of those.
 */
export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is invalid. Open the whole link from your invitation e-mail, or ask your organisation for a new one.',
  used: 'This invitation has already been used. Sign in with your e-mail address and password.',
  expired: 'This invitation has expired. You can ask for a new link to be sent to your e-mail address.',
  otherOrganisation:
    'This e-mail address already has a Verity account in another organisation. People cannot be moved between organisations by an invitation; they can contact support.',
  alreadyMember: 'This person already has an account in your organisation.',
  alreadyInvited: 'This person has already been invited to your organisation. You can resend the invitation from the pending invitations.',
  notPending: INVITATION_NOT_PENDING,
  profileTokenRequired: 'A valid invitation token is required. Open the link from your invitation again.',
  linkNeedsDomain:
    'A copyable link can only be made for an address in one of your organisation’s verified domains. Invite this person by e-mail instead: only their mailbox receives the link.',
  // The wording is agreed with the invitation e-mails' (issue 28); it names none of SPEC §4's words, so no resend form is offered.
  withdrawn: "This invitation was withdrawn by your organisation's champion. Ask them for a new one.",
  stillLive: 'This invitation link still works: open it to complete your profile. A new link can be asked for once it has expired.',
  sent: 'The invitation has been sent.',
  renewed: 'A new invitation link has been sent to your e-mail address.',
} as const;

const conflict = (message: string) => new AppError(409, message);
const badLink = (message: string) => new AppError(400, message);

/**
 * Creates the invited person as a pending user of the champion's organisation (no password: they
 * cannot sign in until they complete their profile) with a fresh link. An `email` invitation is
 * e-mailed; a `link` one is answered to the champion to share, and so is only made for an address
 * in one of the organisation's verified domains (otherwise a champion could complete it and hold
 * any address). An address that has an account
 * anywhere, or is invited already, is refused with a message saying which.
 */
export async function createInvitation(
  options: InvitationDeps & { champion: Champion; input: InvitationRequest; kind: InvitationKind },
): Promise<{ userId: string; link: string }> {
  const { db, config, champion, input, kind } = options;
  // A link shown to the champion could be completed by the champion: only for the organisation's own domains.
  if (kind === 'link' && !(await inVerifiedDomain(db, champion.organisationId, input.email))) {
    throw validationError([{ loc: ['body', 'email'], msg: INVITATION_MESSAGES.linkNeedsDomain }]);
  }
  const elsewhere = await findUserByEmail(db, input.email);
  if (elsewhere && elsewhere.organisationId !== champion.organisationId) {
    const withdrawn = await withdrawPendingElsewhere(options, elsewhere);
    if (!withdrawn && kind === 'email') return holdInvitation(options, elsewhere.email);
  }
  await refuseTakenAddress(db, input.email, champion.organisationId);
  const token = newSecret(32);
  let created: { userId: string; invitationId: string };
  try {
    created = await db.transaction(async (tx) => {
      const user = await createAccount({
        db: tx,
        organisationId: champion.organisationId,
        email: input.email,
        firstname: input.first_name,
        surname: input.last_name,
        jobTitle: input.job_title,
        password: null,
        roles: invitedRoles(input.role),
        emailVerified: false,
      });
      // A held invitation to the address (its account elsewhere has gone since) gives way to this one.
      await tx.delete(invitations).where(heldFor(champion.organisationId, user.email));
      const invitationId = newId();
      await tx.insert(invitations).values({
        id: invitationId,
        userId: user.id,
        organisationId: champion.organisationId,
        invitedBy: champion.userId,
        kind,
        role: input.role ?? 'standard',
        ...linkValues(config, token),
      });
      await recordEvent(tx, {
        kind: 'invitations.created',
        organisationId: champion.organisationId,
        actorUserId: champion.userId,
        subject: { type: 'user', id: user.id },
        data: { kind },
      });
      return { userId: user.id, invitationId };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Invited twice at the same moment: the loser is told what the winner did.
    await refuseTakenAddress(db, input.email, champion.organisationId);
    throw error;
  }
  options.log.info({ event: 'invitation_created', userId: created.userId, kind }, 'invitation created');
  if (kind === 'email') await mailInvitation(options, created.invitationId, token);
  return { userId: created.userId, link: invitationLink(config.APP_URL, token) };
}

/**
 * An invitation another organisation holds for an address in a domain the inviting organisation
 * has verified, never completed (no password), is withdrawn: the address's own organisation takes
 * precedence, so nobody can block an address by inviting it first. The other organisation's
 * inviting champion is told. False when there is nothing to withdraw.
 */
async function withdrawPendingElsewhere(
  options: InvitationDeps & { champion: Champion },
  elsewhere: typeof users.$inferSelect,
): Promise<boolean> {
  const { db, champion } = options;
  if (elsewhere.passwordHash !== null || !(await inVerifiedDomain(db, champion.organisationId, elsewhere.email))) return false;
  const withdrawn = await db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ invitedBy: invitations.invitedBy, organisationId: invitations.organisationId })
      .from(invitations)
      .where(and(eq(invitations.userId, elsewhere.id), isNull(invitations.acceptedAt)))
      .limit(1);
    if (!pending) return null;
    // The user row exists only for the invitation: it goes with it (its invitation by cascade).
    const [deleted] = await tx
      .delete(users)
      .where(and(eq(users.id, elsewhere.id), isNull(users.passwordHash)))
      .returning({ id: users.id });
    if (!deleted) return null;
    await tellInviter(
      tx,
      pending,
      'Invitation withdrawn',
      `Your invitation to ${elsewhere.email} was withdrawn: the address belongs to an organisation that has verified its domain on Verity.`,
    );
    return deleted;
  });
  if (withdrawn)
    options.log.info({ event: 'invitation_withdrawn', userId: withdrawn.id }, 'pending invitation withdrawn for a verified domain');
  return withdrawn !== null;
}

/**
 * An e-mail invitation to an address that has an account (or a pending invitation) in another
 * organisation is held: nothing is created or moved, the address's owner is told by e-mail, and the
 * champion gets the same answer as for a new invitation, and sees it in the pending list like any
 * other, so nothing tells whether the address has an account (docs/security.md, "Invitations").
 * A held invitation has no user and a link nobody receives, so it can never be accepted.
 */
async function holdInvitation(
  options: InvitationDeps & { champion: Champion; input: InvitationRequest },
  email: string,
): Promise<{ userId: string; link: string }> {
  const { db, config, champion, input } = options;
  const invitationId = newId();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(invitations).values({
        id: invitationId,
        userId: null,
        email,
        firstname: input.first_name,
        surname: input.last_name,
        jobTitle: input.job_title,
        organisationId: champion.organisationId,
        invitedBy: champion.userId,
        kind: 'email',
        role: input.role ?? 'standard',
        ...linkValues(config, newSecret(32)),
      });
      // The same event as any invitation: its subject is the id the champion was given.
      await recordEvent(tx, {
        kind: 'invitations.created',
        organisationId: champion.organisationId,
        actorUserId: champion.userId,
        subject: { type: 'user', id: invitationId },
        data: { kind: 'email' },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(INVITATION_MESSAGES.alreadyInvited);
    throw error;
  }
  options.log.info({ event: 'invitation_created', userId: invitationId, kind: 'email' }, 'invitation created');
  await mailInvitation(options, invitationId, '');
  return { userId: invitationId, link: '' };
}

/** The organisation's held invitation to an address (see holdInvitation). */
function heldFor(organisationId: string, email: string) {
  return and(eq(invitations.organisationId, organisationId), eq(invitations.email, email), isNull(invitations.userId));
}

/**
 * A held invitation whose address no longer has an account anywhere becomes an ordinary one: its
 * pending user is made now, so the link re-sent next reaches them.
 */
async function releaseHeld(options: InvitationDeps, invitation: { id: string; organisationId: string }): Promise<void> {
  const { db } = options;
  await db.transaction(async (tx) => {
    const [held] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.userId)))
      .for('update');
    if (!held?.email || (await findUserByEmail(tx, held.email))) return;
    const user = await createAccount({
      db: tx,
      organisationId: held.organisationId,
      email: held.email,
      firstname: held.firstname ?? '',
      surname: held.surname ?? '',
      jobTitle: held.jobTitle ?? '',
      password: null,
      roles: invitedRoles(held.role),
      emailVerified: false,
    });
    await tx
      .update(invitations)
      .set({ userId: user.id, email: null, firstname: null, surname: null, jobTitle: null, updatedAt: new Date() })
      .where(eq(invitations.id, held.id));
  });
}

/** A new link for one of the organisation's pending invitations, e-mailed; the earlier link stops working. */
export async function resendInvitation(
  options: InvitationDeps & { champion: Champion; invitation: { id: string } | { userId: string } },
): Promise<void> {
  const { db, champion, invitation } = options;
  const [row] = await db
    .select({ id: invitations.id, userId: invitations.userId })
    .from(invitations)
    .where(pendingInvitation(champion, invitation))
    .limit(1);
  if (!row) throw invitationNotPending();
  if (row.userId === null) await releaseHeld(options, { id: row.id, organisationId: champion.organisationId });
  await reissue(options, row.id, { actorUserId: champion.userId, by: 'champion' });
}

/**
 * For the invited person whose link expired: the token of an expired link of a pending invitation
 * e-mails a new one to the invited address (never anywhere else), so asking needs no sign-in and
 * gains nothing but a fresh link in that mailbox. A live link is not renewed (it still works), and
 * a token renews once: the renewal replaces it in the same statement that checks it, so requests
 * racing with one token renew it once between them.
 */
export async function renewInvitation(options: InvitationDeps & { token: string }): Promise<{ invitationId: string }> {
  const found = await findByLinkToken(options.db, options.token);
  if (!found) throw badLink(await whyNotFound(options.db, options.token));
  if (found.invitation.acceptedAt) throw badLink(INVITATION_MESSAGES.used);
  if (found.invitation.expiresAt.getTime() > Date.now()) throw badLink(INVITATION_MESSAGES.stillLive);
  const renewed = await reissue(options, found.invitation.id, { actorUserId: null, by: 'invitee' }, sha256(options.token));
  if (!renewed) throw badLink(INVITATION_MESSAGES.invalid);
  return { invitationId: found.invitation.id };
}

/** The invitation a link token belongs to, when it is live; otherwise the reason it is not. */
export async function verifyInvitation(options: { db: Database; token: string }): Promise<{
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  job_title: string;
  organisation: string;
  token: string;
}> {
  const { db } = options;
  const found = await findByLinkToken(db, options.token);
  if (!found) throw badLink(await whyNotFound(db, options.token));
  const { invitation, user, organisation } = found;
  if (invitation.acceptedAt) throw badLink(INVITATION_MESSAGES.used);
  if (invitation.expiresAt.getTime() <= Date.now()) throw badLink(INVITATION_MESSAGES.expired);
  // Each verification replaces the form's token, so only the latest page can complete the profile.
  const profileToken = newSecret(32);
  await db
    .update(invitations)
    .set({
      profileTokenHash: sha256(profileToken),
      profileTokenExpiresAt: new Date(Date.now() + PROFILE_TOKEN_TTL_MS),
      updatedAt: new Date(),
    })
    .where(eq(invitations.id, invitation.id));
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.firstname,
    last_name: user.surname,
    job_title: user.jobTitle,
    organisation: organisation.name,
    token: profileToken,
  };
}

/**
 * Sets the invited person's details and password, accepts the invitation (once: the UPDATE that
 * marks it also checks it) and opens their first session. The inviting champion is told.
 */
export async function completeProfile(
  options: InvitationDeps & { profileToken: string | null; input: CompleteProfileInput; ip?: string; userAgent?: string },
): Promise<{ token: string; userId: string }> {
  const { db, config, input } = options;
  const found = options.profileToken ? await findByProfileToken(db, options.profileToken) : null;
  if (!found) throw unauthorised(INVITATION_MESSAGES.profileTokenRequired);
  const { invitation, user } = found;
  const localPart = user.email.slice(0, user.email.lastIndexOf('@'));
  const weakness = passwordWeakness(input.new_password, [input.first_name, input.last_name, localPart]);
  if (weakness) throw validationError([{ loc: ['body', 'new_password'], msg: weakness }]);

  const passwordHash = await hashPassword(input.new_password);
  const now = new Date();
  const token = await db.transaction(async (tx) => {
    const [accepted] = await tx
      .update(invitations)
      .set({ acceptedAt: now, profileTokenHash: null, profileTokenExpiresAt: null, updatedAt: now })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (!accepted) return null;
    await tx
      .update(users)
      .set({
        firstname: input.first_name,
        surname: input.last_name,
        jobTitle: input.job_title,
        passwordHash,
        // The champion vouched for the address (docs/security.md), so it counts as verified.
        emailVerifiedAt: user.emailVerifiedAt ?? now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await recordEvent(tx, { kind: 'invitations.accepted', ...byUserOnOwnAccount(user), data: { kind: invitation.kind } });
    const session = await signInUser({
      db: tx,
      user,
      method: 'password',
      policy: sessionPolicy(config),
      ip: options.ip,
      userAgent: options.userAgent,
    });
    await tellInviter(
      tx,
      invitation,
      'Invitation accepted',
      `${input.first_name} ${input.last_name} (${user.email}) accepted your invitation and has joined your organisation on Verity.`,
    );
    return session;
  });
  if (!token) throw unauthorised(INVITATION_MESSAGES.profileTokenRequired);
  options.log.info({ event: 'invitation_accepted', userId: user.id }, 'invitation accepted; signed in');
  return { token, userId: user.id };
}

/** Tells the champion who sent an invitation (when their account still exists) what became of it, on their dashboard. */
async function tellInviter(
  db: Database,
  invitation: { invitedBy: string | null; organisationId: string },
  title: string,
  message: string,
): Promise<void> {
  if (!invitation.invitedBy) return;
  await notify({ db, userId: invitation.invitedBy, organisationId: invitation.organisationId, title, message, link: '/dashboard' });
}

/** Refuses an address that already has an account (here or elsewhere) or a pending invitation here. */
async function refuseTakenAddress(db: Database, email: string, organisationId: string): Promise<void> {
  const [held] = await db.select({ id: invitations.id }).from(invitations).where(heldFor(organisationId, email)).limit(1);
  if (held) throw conflict(INVITATION_MESSAGES.alreadyInvited);
  const existing = await findUserByEmail(db, email);
  if (!existing) return;
  if (existing.organisationId !== organisationId) throw conflict(INVITATION_MESSAGES.otherOrganisation);
  const [pending] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.userId, existing.id), isNull(invitations.acceptedAt)))
    .limit(1);
  throw conflict(pending ? INVITATION_MESSAGES.alreadyInvited : INVITATION_MESSAGES.alreadyMember);
}

/**
 * A new link (and period) for the invitation, e-mailed to the invited address. With `replacing`,
 * only while that token hash is still the invitation's (false when another request replaced it first).
 */
async function reissue(
  options: InvitationDeps,
  invitationId: string,
  actor: { actorUserId: string | null; by: 'champion' | 'invitee' },
  replacing?: string,
): Promise<boolean> {
  const { db, config } = options;
  const token = newSecret(32);
  const reissued = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ ...linkValues(config, token), profileTokenHash: null, profileTokenExpiresAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(invitations.id, invitationId),
          isNull(invitations.acceptedAt),
          ...(replacing === undefined ? [] : [eq(invitations.tokenHash, replacing)]),
        ),
      )
      .returning({ userId: invitations.userId, organisationId: invitations.organisationId });
    if (!row && replacing !== undefined) return false;
    if (!row) throw invitationNotPending();
    await recordEvent(tx, {
      kind: 'invitations.resent',
      organisationId: row.organisationId,
      actorUserId: actor.actorUserId,
      subject: { type: 'user', id: row.userId ?? invitationId },
      data: { by: actor.by },
    });
    return true;
  });
  if (!reissued) return false;
  options.log.info({ event: 'invitation_resent', invitationId, by: actor.by }, 'invitation link re-sent');
  await mailInvitation(options, invitationId, token);
  return true;
}

/**
 * E-mails the invitation's current link (given: only its hash is stored) through the mail module;
 * for a held invitation, the notice that the address already has an account elsewhere instead.
 */
async function mailInvitation(options: InvitationDeps, invitationId: string, token: string): Promise<void> {
  const { db, config } = options;
  const [row] = await db
    .select({
      held: sql<boolean>`${invitations.userId} is null`,
      email: sql<string>`coalesce(${users.email}, ${invitations.email})`,
      firstname: sql<string>`coalesce(${users.firstname}, ${invitations.firstname}, '')`,
      organisation: organisations.name,
      invitedBy: invitations.invitedBy,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.userId))
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .where(eq(invitations.id, invitationId))
    .limit(1);
  if (!row) return;
  const [champion] = row.invitedBy
    ? await db.select({ firstname: users.firstname, surname: users.surname }).from(users).where(eq(users.id, row.invitedBy)).limit(1)
    : [];
  const inviter = champion ? `${champion.firstname} ${champion.surname}` : '';
  if (row.held) {
    options.log.info({ event: 'invitation_held', invitationId }, 'invitation held: the address has an account elsewhere');
    await options.mailer.send(
      invitationForExistingAccountEmail({
        to: row.email,
        firstname: row.firstname,
        inviter,
        organisation: row.organisation,
        appUrl: config.APP_URL,
        supportEmail: config.SUPPORT_EMAIL,
      }),
    );
    return;
  }
  await options.mailer.send(
    invitationEmail({
      to: row.email,
      firstname: row.firstname,
      inviter,
      organisation: row.organisation,
      link: invitationLink(config.APP_URL, token),
      ttlDays: config.INVITATION_TTL_DAYS,
    }),
  );
}

function linkValues(config: Pick<Config, 'INVITATION_TTL_DAYS'>, token: string) {
  const issuedAt = new Date();
  return {
    tokenHash: sha256(token),
    issuedAt,
    expiresAt: new Date(issuedAt.getTime() + config.INVITATION_TTL_DAYS * 86_400_000),
  };
}

type FoundInvitation = {
  invitation: InvitationRow;
  user: typeof users.$inferSelect;
  organisation: typeof organisations.$inferSelect;
};

/** Why a link token names no live invitation: withdrawn by a champion (modules/members), or simply invalid. */
async function whyNotFound(db: Database, token: string): Promise<string> {
  const [withdrawn] = await db
    .select({ at: invitationWithdrawals.withdrawnAt })
    .from(invitationWithdrawals)
    .where(eq(invitationWithdrawals.tokenHash, sha256(token)))
    .limit(1);
  return withdrawn ? INVITATION_MESSAGES.withdrawn : INVITATION_MESSAGES.invalid;
}

/** The invitation of a link token whose user and organisation are enabled; null for anything else. */
async function findByLinkToken(db: Database, token: string): Promise<FoundInvitation | null> {
  return findLive(db, eq(invitations.tokenHash, sha256(token)));
}

/** The pending invitation a live complete-profile token belongs to, while its link has not expired either. */
async function findByProfileToken(db: Database, token: string): Promise<FoundInvitation | null> {
  const found = await findLive(db, eq(invitations.profileTokenHash, sha256(token)));
  if (!found) return null;
  const { invitation } = found;
  const now = Date.now();
  const live = !invitation.acceptedAt && invitation.expiresAt.getTime() > now && (invitation.profileTokenExpiresAt?.getTime() ?? 0) > now;
  return live ? found : null;
}

async function findLive(db: Database, where: ReturnType<typeof eq>): Promise<FoundInvitation | null> {
  const [row] = await db
    .select({ invitation: invitations, user: users, organisation: organisations })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .where(where)
    .limit(1);
  if (!row || row.user.disabledAt || row.organisation.deactivatedAt) return null;
  return row;
}
