import {
  type Champions,
  type HandoverResult,
  type Holdings,
  MEMBER_ROLE_SETS,
  type Member,
  type MemberRole,
  memberRoleOf,
  type Role,
} from '@verity/shared';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { documents, invitations, invitationWithdrawals, reviews, users, writeDocuments } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { invitationWithdrawnEmail } from '../../mail/templates.ts';
import { AppError } from '../../lib/errors.ts';
import { recordEvent } from '../../core/events/service.ts';
import type { EventBodyOf } from '../../core/events/types.ts';
import { identityChanged } from '../../core/identity/cache.ts';
import { organisationNames } from '../../core/identity/organisations.ts';
import { revokeUserSessions } from '../../core/identity/sessions.ts';
import { notify } from '../../core/notifications/service.ts';
import { invitationNotPending, pendingInvitation } from '../../core/policies/invitations.ts';
import { activeChampionsOf, memberNotFound, memberOf } from '../../core/policies/members.ts';

/** The champion acting: their user and organisation. */
export interface Champion {
  userId: string;
  organisationId: string;
}

type UserRow = typeof users.$inferSelect;

export const MEMBER_MESSAGES = {
  lastChampion: 'This would leave your organisation without an active champion. Make someone else a champion first, then try again.',
  notYourself: 'You cannot deactivate your own account. Ask another champion of your organisation.',
  sameMember: 'Choose a different member to hand the work over to.',
  inactiveRecipient: 'Work can only be handed over to an active member. Reactivate them first, or choose someone else.',
} as const;

const ROLE_WORDS: Record<MemberRole, string> = {
  guest: 'a guest',
  standard: 'a standard member',
  champion: 'a champion',
};

const conflict = (message: string) => new AppError(409, message);
const fullName = (user: Pick<UserRow, 'firstname' | 'surname' | 'email'>) => `${user.firstname} ${user.surname}`.trim() || user.email;

function presented(user: UserRow): Member {
  return {
    user_id: user.id,
    firstname: user.firstname,
    surname: user.surname,
    email: user.email,
    role: memberRoleOf(user.roles),
    account_roles: user.roles,
    deactivated: user.disabledAt !== null,
    deactivated_at: user.disabledAt?.toISOString() ?? null,
  };
}

/**
 * Locks the organisation's active champions, then the member, in that order every time, so two
 * champions demoting or deactivating each other at once cannot both succeed (the second sees the
 * first's change and is refused as the last champion).
 */
async function lockedForChange(tx: Database, champion: Champion, userId: string) {
  const champions = await tx.select({ id: users.id }).from(users).where(activeChampionsOf(champion)).orderBy(asc(users.id)).for('update');
  const [member] = await tx.select().from(users).where(memberOf(champion, userId)).limit(1).for('update');
  if (!member) throw memberNotFound();
  return { member, activeChampions: champions.length };
}

const isActiveChampion = (user: UserRow) => user.disabledAt === null && user.roles.includes('champion');

type MemberEventKind = 'account.roles_changed' | 'account.deactivated' | 'account.reactivated';
/** One of those kinds with its data; the member is its subject. */
type MemberEvent = { [K in MemberEventKind]: Omit<EventBodyOf<K>, 'subject'> }[MemberEventKind];

/**
 * What every champion's change to a member writes in its transaction beside the change: the audit
 * event, with the champion as actor and the member as subject, and a notification to the member.
 */
async function recordAndTell(
  tx: Database,
  champion: Champion,
  memberId: string,
  event: MemberEvent,
  notice: { title: string; message: string; link?: string },
): Promise<void> {
  await recordEvent(tx, {
    ...event,
    organisationId: champion.organisationId,
    actorUserId: champion.userId,
    subject: { type: 'user', id: memberId },
  });
  await notify({ db: tx, userId: memberId, organisationId: champion.organisationId, ...notice });
}

/** The account_roles for `role`, keeping an administrator role the person holds (only administrators give or take it). */
function rolesFor(current: readonly string[], role: MemberRole): Role[] {
  const kept: Role[] = current.includes('verity_admin') ? ['verity_admin'] : [];
  return [...MEMBER_ROLE_SETS[role], ...kept];
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((role) => b.includes(role));

/**
 * Gives a member of the champion's organisation the role guest, standard or champion; refused when
 * it would take the role from the organisation's last active champion (the caller included). One
 * `account.roles_changed` event and a notification to the person, only when something changed.
 */
export async function changeMemberRole(options: { db: Database; champion: Champion; userId: string; role: MemberRole }): Promise<Member> {
  const { db, champion, userId, role } = options;
  const updated = await db.transaction(async (tx) => {
    const { member, activeChampions } = await lockedForChange(tx, champion, userId);
    const roles = rolesFor(member.roles, role);
    if (sameRoles(roles, member.roles)) return member;
    if (isActiveChampion(member) && role !== 'champion' && activeChampions <= 1) throw conflict(MEMBER_MESSAGES.lastChampion);
    const [row] = await tx.update(users).set({ roles, updatedAt: new Date() }).where(eq(users.id, member.id)).returning();
    await recordAndTell(
      tx,
      champion,
      member.id,
      { kind: 'account.roles_changed', data: { roles } },
      {
        title: 'Your role has changed',
        message: `Your organisation’s champion made you ${ROLE_WORDS[role]} on Verity. What you can open changes from your next page.`,
        link: '/home',
      },
    );
    return row ?? member;
  });
  // This process forgets the cached roles at once; the others hear of it from the database (core/identity/cache.ts).
  identityChanged({ kind: 'user', id: userId });
  return presented(updated);
}

/**
 * Deactivates a leaver: sign-in is refused, every session ends in the same transaction (and every
 * process forgets them: the sessions and users triggers announce it), their work is kept. Not the
 * caller themselves, and never the last active champion.
 */
export async function deactivateMember(options: { db: Database; champion: Champion; userId: string }): Promise<Member> {
  const { db, champion, userId } = options;
  // The caller is always a member of their own organisation, so this tells an outsider nothing.
  if (userId === champion.userId) throw conflict(MEMBER_MESSAGES.notYourself);
  const updated = await db.transaction(async (tx) => {
    const { member, activeChampions } = await lockedForChange(tx, champion, userId);
    if (member.disabledAt) return member;
    if (isActiveChampion(member) && activeChampions <= 1) throw conflict(MEMBER_MESSAGES.lastChampion);
    const [row] = await tx.update(users).set({ disabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, member.id)).returning();
    await revokeUserSessions(tx, member.id);
    // Read if they are reactivated: what happened to their account meanwhile.
    await recordAndTell(
      tx,
      champion,
      member.id,
      { kind: 'account.deactivated', data: {} },
      {
        title: 'Your account was deactivated',
        message: 'Your organisation’s champion deactivated your Verity account. Your work was kept.',
      },
    );
    return row ?? member;
  });
  identityChanged({ kind: 'user', id: userId });
  return presented(updated);
}

/** Lets a deactivated member sign in again. One `account.reactivated` event and a notification, only when they were deactivated. */
export async function reactivateMember(options: { db: Database; champion: Champion; userId: string }): Promise<Member> {
  const { db, champion, userId } = options;
  const updated = await db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(memberOf(champion, userId)).limit(1).for('update');
    if (!member) throw memberNotFound();
    if (!member.disabledAt) return member;
    const [row] = await tx.update(users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(users.id, member.id)).returning();
    await recordAndTell(
      tx,
      champion,
      member.id,
      { kind: 'account.reactivated', data: {} },
      {
        title: 'Your account was reactivated',
        message: 'Your organisation’s champion reactivated your Verity account. Welcome back.',
        link: '/home',
      },
    );
    return row ?? member;
  });
  identityChanged({ kind: 'user', id: userId });
  return presented(updated);
}

/** The records of a member's that the organisation needs after they leave, by kind (conversations are personal: not among them). */
function ownedBy(organisationId: string, userId: string) {
  return {
    writeDocuments: and(eq(writeDocuments.organisationId, organisationId), eq(writeDocuments.userId, userId)),
    reviews: and(eq(reviews.organisationId, organisationId), eq(reviews.userId, userId)),
    libraryDocuments: and(eq(documents.organisationId, organisationId), eq(documents.uploadedBy, userId)),
  };
}

/** What a handover of the member's work would move now. */
export async function memberHoldings(options: { db: Database; champion: Champion; userId: string }): Promise<Holdings> {
  const { db, champion, userId } = options;
  const [member] = await db.select({ id: users.id }).from(users).where(memberOf(champion, userId)).limit(1);
  if (!member) throw memberNotFound();
  const owned = ownedBy(champion.organisationId, member.id);
  const [[write], [review], [library]] = await Promise.all([
    db.select({ n: count() }).from(writeDocuments).where(owned.writeDocuments),
    db.select({ n: count() }).from(reviews).where(owned.reviews),
    db.select({ n: count() }).from(documents).where(owned.libraryDocuments),
  ]);
  return { write_documents: Number(write?.n ?? 0), reviews: Number(review?.n ?? 0), library_documents: Number(library?.n ?? 0) };
}

/**
 * Hands a member's work over to another active member of the organisation: their written
 * documents, their reviews (every version) and their data-library uploads change owner in one
 * transaction, with one `account.work_handed_over` event. Conversations stay with their owner:
 * they are a person's own questions, and a shared one is already readable by the organisation.
 * The new owner is told what they received, and so is the former owner.
 */
export async function handOverWork(options: {
  db: Database;
  champion: Champion;
  userId: string;
  toUserId: string;
}): Promise<HandoverResult> {
  const { db, champion, userId, toUserId } = options;
  return db.transaction(async (tx) => {
    const [from] = await tx.select().from(users).where(memberOf(champion, userId)).limit(1).for('update');
    const [to] = await tx.select().from(users).where(memberOf(champion, toUserId)).limit(1).for('update');
    if (!from || !to) throw memberNotFound();
    if (from.id === to.id) throw conflict(MEMBER_MESSAGES.sameMember);
    if (to.disabledAt) throw conflict(MEMBER_MESSAGES.inactiveRecipient);
    const owned = ownedBy(champion.organisationId, from.id);
    const now = new Date();
    const moved: Holdings = {
      write_documents: (
        await tx
          .update(writeDocuments)
          .set({ userId: to.id, updatedAt: now })
          .where(owned.writeDocuments)
          .returning({ id: writeDocuments.id })
      ).length,
      reviews: (await tx.update(reviews).set({ userId: to.id, updatedAt: now }).where(owned.reviews).returning({ id: reviews.id })).length,
      library_documents: (
        await tx.update(documents).set({ uploadedBy: to.id }).where(owned.libraryDocuments).returning({ id: documents.id })
      ).length,
    };
    await recordEvent(tx, {
      kind: 'account.work_handed_over',
      organisationId: champion.organisationId,
      actorUserId: champion.userId,
      subject: { type: 'user', id: from.id },
      data: { to_user_id: to.id, ...moved },
    });
    const summary = describeMoved(moved);
    await notify({
      db: tx,
      userId: to.id,
      organisationId: champion.organisationId,
      title: 'Work handed over to you',
      message: `Your organisation’s champion handed ${fullName(from)}’s work over to you: ${summary}. You will find it in Write, Review and the data library.`,
      link: '/home',
    });
    await notify({
      db: tx,
      userId: from.id,
      organisationId: champion.organisationId,
      title: 'Your work was handed over',
      message: `Your organisation’s champion handed your work over to ${fullName(to)}: ${summary}.`,
    });
    return { to_user_id: to.id, ...moved };
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function describeMoved(moved: Holdings): string {
  return [
    plural(moved.write_documents, 'written document'),
    plural(moved.reviews, 'review'),
    plural(moved.library_documents, 'data-library document'),
  ].join(', ');
}

/**
 * Withdraws one of the organisation's pending invitations: its pending account (which exists only
 * for it, and has never signed in) goes, with the invitation; the hash of its live link is kept so
 * that opening it says it was withdrawn (modules/invitations, `verifyInvitation`). The invited
 * person has no account to be told through: a link that was e-mailed is followed by an e-mail
 * saying it was withdrawn, once that has committed; a link the champion shared themselves says so
 * when it is opened.
 */
export async function revokeInvitation(options: { db: Database; mailer: Mailer; champion: Champion; invitationId: string }): Promise<void> {
  const { db, champion, invitationId } = options;
  const email = await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(pendingInvitation(champion, { id: invitationId }))
      .limit(1)
      .for('update');
    if (!invitation) throw invitationNotPending();
    await tx
      .insert(invitationWithdrawals)
      .values({ tokenHash: invitation.tokenHash, organisationId: champion.organisationId })
      .onConflictDoNothing();
    // Whom the link was e-mailed to: the pending account's address. A held invitation (no account)
    // sent its address's owner no link, only word that nothing changed, so it is withdrawn quietly.
    const [invited] = invitation.userId
      ? await tx.select({ email: users.email, firstname: users.firstname }).from(users).where(eq(users.id, invitation.userId)).limit(1)
      : [];
    await tx.delete(invitations).where(eq(invitations.id, invitation.id));
    if (invitation.userId) await tx.delete(users).where(and(eq(users.id, invitation.userId), isNull(users.passwordHash)));
    await recordEvent(tx, {
      kind: 'invitations.revoked',
      organisationId: champion.organisationId,
      actorUserId: champion.userId,
      subject: { type: 'user', id: invitation.userId ?? invitation.id },
      data: { kind: invitation.kind },
    });
    if (invitation.kind !== 'email' || !invited) return undefined;
    const names = await organisationNames(tx, [champion.organisationId]);
    return invitationWithdrawnEmail({
      to: invited.email,
      firstname: invited.firstname,
      organisation: names.get(champion.organisationId) ?? 'your organisation',
    });
  });
  // Not awaited: the mailer records the outcome and logs a failure itself.
  if (email) void options.mailer.send(email);
}

/** The organisation's active champions, by name: whom its members ask for access. */
export async function championsOf(options: { db: Database; organisationId: string }): Promise<Champions> {
  const rows = await options.db
    .select({ firstname: users.firstname, surname: users.surname, email: users.email })
    .from(users)
    .where(activeChampionsOf({ organisationId: options.organisationId }))
    .orderBy(asc(sql`lower(${users.surname})`), asc(sql`lower(${users.firstname})`), asc(users.email));
  return { champions: rows.map((row) => ({ name: fullName(row), email: row.email })) };
}
