import { ADMIN_USERS_PAGE_SIZE, type AdminUser, type AdminUsersQuery, type AdminUsersResponse, type Role } from '@verity/shared';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { organisations, users } from '../../db/schema.ts';
import { recordEvent } from '../../core/events/service.ts';
import { identityChanged } from '../../core/identity/cache.ts';
import { revokeUserSessions } from '../../core/identity/sessions.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sendVerificationLink } from '../../core/identity/verification.ts';

const columns = {
  user: users,
  organisationName: organisations.name,
};

type Row = { user: typeof users.$inferSelect; organisationName: string };

function presented({ user, organisationName }: Row): AdminUser {
  return {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    surname: user.surname,
    job_title: user.jobTitle,
    roles: user.roles as Role[],
    organisation: { id: user.organisationId, name: organisationName },
    email_verified: user.emailVerifiedAt !== null,
    active: user.disabledAt === null,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

/** One page of people, by surname then first name, searched by part of a name or an address. */
export async function listUsers(db: Database, query: AdminUsersQuery): Promise<AdminUsersResponse> {
  const conditions: SQL[] = [];
  if (query.organisation_id) conditions.push(eq(users.organisationId, query.organisation_id));
  if (query.q) {
    const pattern = containsPattern(query.q);
    const match = or(ilike(users.email, pattern), ilike(sql`${users.firstname} || ' ' || ${users.surname}`, pattern));
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .where(where)
      .orderBy(asc(sql`lower(${users.surname})`), asc(sql`lower(${users.firstname})`), asc(users.id))
      .limit(ADMIN_USERS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_USERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(presented), total: Number(total?.n ?? 0), page: query.page, page_size: ADMIN_USERS_PAGE_SIZE };
}

async function findRow(db: Database, userId: string, lock = false): Promise<Row> {
  const select = db
    .select(columns)
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId))
    .limit(1);
  const [row] = lock ? await select.for('update', { of: users }) : await select;
  if (!row) throw notFound('There is no person with that id.');
  return row;
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((role) => b.includes(role));

/**
 * Changes roles and/or deactivates or reactivates, each real change one event in the same
 * transaction; deactivating ends the person's sessions there too. An administrator keeps their own
 * access: they cannot deactivate themselves or drop their own administrator role.
 */
export async function updateUserAsAdmin(options: {
  db: Database;
  adminId: string;
  userId: string;
  roles?: Role[];
  active?: boolean;
}): Promise<AdminUser> {
  const { db, adminId, userId } = options;
  if (userId === adminId && options.active === false) throw new AppError(409, 'You cannot deactivate your own account.');
  if (userId === adminId && options.roles && !options.roles.includes('verity_admin')) {
    throw new AppError(409, 'You cannot take away your own administrator role; ask another administrator.');
  }
  await db.transaction(async (tx) => {
    const { user } = await findRow(tx, userId, true);
    const scope = { organisationId: user.organisationId, actorUserId: adminId, subject: { type: 'user', id: user.id } } as const;
    if (options.roles && !sameRoles(options.roles, user.roles)) {
      await tx.update(users).set({ roles: options.roles, updatedAt: new Date() }).where(eq(users.id, userId));
      await recordEvent(tx, { kind: 'account.roles_changed', ...scope, data: { roles: options.roles } });
    }
    if (options.active !== undefined && options.active !== (user.disabledAt === null)) {
      await tx
        .update(users)
        .set({ disabledAt: options.active ? null : new Date(), updatedAt: new Date() })
        .where(eq(users.id, userId));
      if (!options.active) await revokeUserSessions(tx, userId);
      await recordEvent(tx, { kind: options.active ? 'account.reactivated' : 'account.deactivated', ...scope, data: {} });
    }
  });
  // This process's next request sees the change at once; the others hear of it from the database.
  identityChanged({ kind: 'user', id: userId });
  return presented(await findRow(db, userId));
}

/** Ends every session of the person. */
export async function signOutEverywhere(options: { db: Database; adminId: string; userId: string }): Promise<void> {
  const { db, adminId, userId } = options;
  await db.transaction(async (tx) => {
    const { user } = await findRow(tx, userId);
    await revokeUserSessions(tx, userId);
    await recordEvent(tx, {
      kind: 'account.signed_out_everywhere',
      organisationId: user.organisationId,
      actorUserId: adminId,
      subject: { type: 'user', id: user.id },
      data: {},
    });
  });
}

/** A new verification link for a person whose address is not verified; false when one went too recently. */
export async function resendVerificationAsAdmin(options: {
  db: Database;
  config: Config;
  mailer: Mailer;
  adminId: string;
  userId: string;
}): Promise<boolean> {
  const { db, adminId, userId } = options;
  const { user } = await findRow(db, userId);
  if (user.emailVerifiedAt) throw new AppError(409, 'That address is already verified.');
  return db.transaction(async (tx) => {
    const sent = await sendVerificationLink({ db: tx, config: options.config, mailer: options.mailer, user });
    if (sent) {
      await recordEvent(tx, {
        kind: 'auth.verification_resent',
        organisationId: user.organisationId,
        actorUserId: adminId,
        subject: { type: 'user', id: user.id },
        data: {},
      });
    }
    return sent;
  });
}
