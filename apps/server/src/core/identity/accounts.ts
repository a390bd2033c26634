import { eq } from 'drizzle-orm';
import type { Role } from '@verity/shared';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sendWelcomeNotification } from '../notifications/service.ts';

export type UserRow = typeof users.$inferSelect;

/** The public address (under the site) of a stored profile photo; the id itself is the capability (modules/account/photos.ts). */
export function photoUrl(photoId: string): string {
  return `/api/account/photos/${photoId}`;
}

/**
 * The one way a user account comes into being: sign-up, the demo seed, the create-admin command
 * and (later) invitations all call this. E-mail is stored lower-cased; the password hashed.
 */
export async function createAccount(options: {
  db: Database;
  organisationId: string;
  email: string;
  firstname: string;
  surname: string;
  jobTitle: string;
  password: string | null;
  roles: Role[];
  emailVerified: boolean;
}): Promise<UserRow> {
  const [row] = await options.db
    .insert(users)
    .values({
      id: newId(),
      externalId: newId(),
      organisationId: options.organisationId,
      email: options.email.trim().toLowerCase(),
      firstname: options.firstname.trim(),
      surname: options.surname.trim(),
      jobTitle: options.jobTitle.trim(),
      passwordHash: options.password === null ? null : await hashPassword(options.password),
      roles: options.roles,
      emailVerifiedAt: options.emailVerified ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  await sendWelcomeNotification({ db: options.db, user: row });
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}
