import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { invitations } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Who may see or act on an invitation: a champion of the organisation that sent it (the role is
 * the descriptor's), and the invited person only through the secret of its link. A champion names
 * a pending invitation by its id or by its user's id — for a held invitation, which has no user,
 * the id the champion was answered, which is the invitation's own. Another organisation's
 * invitation behaves exactly like a missing one (`invitationNotPending`).
 */
export interface InvitingChampion {
  organisationId: string;
}

/** The organisation's invitations not accepted yet. */
export function invitationsPendingIn(champion: InvitingChampion): SQL {
  return and(eq(invitations.organisationId, champion.organisationId), isNull(invitations.acceptedAt)) as SQL;
}

/** One of them, named by the invitation's id or by its (pending) user's id. */
export function pendingInvitation(champion: InvitingChampion, named: { id: string } | { userId: string }): SQL {
  const which =
    'id' in named
      ? eq(invitations.id, named.id)
      : or(eq(invitations.userId, named.userId), and(isNull(invitations.userId), eq(invitations.id, named.userId)));
  return and(invitationsPendingIn(champion), which) as SQL;
}

export const INVITATION_NOT_PENDING = 'There is no pending invitation for this user in your organisation.';

export const invitationNotPending = () => notFound(INVITATION_NOT_PENDING);
