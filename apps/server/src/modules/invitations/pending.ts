import type { PendingInvitation } from '@verity/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { invitations, users } from '../../db/schema.ts';
import { invitationsPendingIn } from '../../core/policies/invitations.ts';

/**
 * The organisation's invitations not accepted yet (held ones too, alike), most recently sent first, each marked expired
 * when its link no longer works (the dashboard offers to resend those). `invited_at` is when the
 * current link was sent, so `expires_at` is always that plus INVITATION_TTL_DAYS.
 */
export async function pendingInvitations(options: { db: Database; organisationId: string; now?: Date }): Promise<PendingInvitation[]> {
  const now = (options.now ?? new Date()).getTime();
  const rows = await options.db
    .select({
      id: invitations.id,
      // A held invitation (no user: see holdInvitation) is listed like any other, its id standing for the user's.
      userId: sql<string>`coalesce(${invitations.userId}, ${invitations.id})`,
      kind: invitations.kind,
      role: invitations.role,
      issuedAt: invitations.issuedAt,
      expiresAt: invitations.expiresAt,
      email: sql<string>`coalesce(${users.email}, ${invitations.email})`,
      firstname: sql<string | null>`coalesce(${users.firstname}, ${invitations.firstname})`,
      surname: sql<string | null>`coalesce(${users.surname}, ${invitations.surname})`,
      jobTitle: sql<string | null>`coalesce(${users.jobTitle}, ${invitations.jobTitle})`,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.userId))
    .where(invitationsPendingIn({ organisationId: options.organisationId }))
    .orderBy(desc(invitations.issuedAt), desc(invitations.id));
  return rows.map((row) => ({
    invitation_id: row.id,
    user_id: row.userId,
    email: row.email,
    first_name: row.firstname || null,
    last_name: row.surname || null,
    job_title: row.jobTitle || null,
    kind: row.kind,
    role: row.role,
    invited_at: row.issuedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now,
  }));
}
