import { isOnboardingComplete, isOnboardingModuleKey, type OnboardingProgressInput, type UpdateProfileInput } from '@verity/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { actionCodes, organisations, userPhotos, users } from '../../db/schema.ts';
import { AppError, catalogued, notFound, validationError } from '../../lib/errors.ts';
import { newSecret, sha256 } from '../../lib/ids.ts';
import { hashPassword, passwordWeakness, verifyPassword } from '../../lib/passwords.ts';
import type { UserRow } from '../../core/identity/accounts.ts';
import { type CachedAccount, identityCacheOf, identityChanged } from '../../core/identity/cache.ts';
import { presentAccount } from './presenter.ts';
import { revokeUserSessions } from '../../core/identity/sessions.ts';
import { byUserOnOwnAccount, recordEvent } from '../../core/events/service.ts';
import type { ProfileField } from '../../core/events/types.ts';
import { type ImageContentType, sniffImageType } from './photos.ts';

/** A user's row with the organisation it belongs to. */
export interface Account {
  user: UserRow;
  organisation: { id: string; name: string };
}

export interface PhotoRecord {
  id: string;
  contentType: string;
  size: number;
  data: Buffer;
}

async function getAccount(options: { db: Database; userId: string }): Promise<Account> {
  const [row] = await options.db
    .select({ user: users, organisation: { id: organisations.id, name: organisations.name } })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, options.userId))
    .limit(1);
  // The session was resolved a moment ago, so a missing row means the account was just removed.
  if (!row) throw notFound('The account could not be found.');
  return row;
}

/**
 * The account as account/info shows it, less the flags: from this process's memory while nothing
 * it shows has changed (core/identity/cache.ts), else read and kept.
 */
export async function shownAccount(options: { db: Database; userId: string }): Promise<CachedAccount> {
  const { db, userId } = options;
  const cache = identityCacheOf(db);
  const kept = cache?.account(userId, Date.now());
  if (kept) return kept;
  const generation = cache?.generation() ?? 0;
  const { user, organisation } = await getAccount({ db, userId });
  const shown = presentAccount(user, organisation);
  cache?.storeAccount(userId, shown, generation);
  return shown;
}

/** After a change made here: this process forgets what it kept at once (the database's announcement comes a moment later). */
function changedAccount(db: Database, userId: string): Promise<CachedAccount> {
  identityChanged({ kind: 'user', id: userId });
  return shownAccount({ db, userId });
}

/** Saves the names and job title; the event names the fields that changed (none changed, no event). */
export async function updateProfile(options: { db: Database; userId: string; input: UpdateProfileInput }): Promise<CachedAccount> {
  const { db, userId, input } = options;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ organisationId: users.organisationId, firstname: users.firstname, surname: users.surname, job_title: users.jobTitle })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) return;
    await tx
      .update(users)
      .set({ firstname: input.firstname, surname: input.surname, jobTitle: input.job_title, updatedAt: new Date() })
      .where(eq(users.id, userId));
    const changed: ProfileField[] = [];
    if (before.firstname !== input.firstname) changed.push('firstname');
    if (before.surname !== input.surname) changed.push('surname');
    if (before.job_title !== input.job_title) changed.push('job_title');
    if (changed.length === 0) return;
    await recordEvent(tx, {
      kind: 'account.profile_updated',
      ...byUserOnOwnAccount({ id: userId, organisationId: before.organisationId }),
      data: { fields: changed },
    });
  });
  return changedAccount(db, userId);
}

/**
 * Add the modules a device has completed to the account's, so a second device knows (a restart
 * clears them first). onboarding_complete follows: true once every module the person's roles are
 * shown is done. An event records what changed; nothing changed, no event.
 */
export async function recordOnboarding(options: { db: Database; userId: string; input: OnboardingProgressInput }): Promise<CachedAccount> {
  const { db, userId, input } = options;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        organisationId: users.organisationId,
        roles: users.roles,
        modules: users.onboardingModules,
        complete: users.onboardingComplete,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) return;
    const kept = input.restart ? [] : before.modules.filter(isOnboardingModuleKey);
    const added = [...new Set(input.completed_modules)].filter((key) => !kept.includes(key));
    const modules = [...kept, ...added];
    const complete = isOnboardingComplete(before.roles, modules);
    const restarted = input.restart === true && before.modules.length > 0;
    if (added.length === 0 && !restarted && complete === before.complete) return;
    await tx
      .update(users)
      .set({ onboardingModules: modules, onboardingComplete: complete, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await recordEvent(tx, {
      kind: 'account.onboarding_progressed',
      ...byUserOnOwnAccount({ id: userId, organisationId: before.organisationId }),
      data: { completed: added, restarted, onboarding_complete: complete },
    });
  });
  return changedAccount(db, userId);
}

/**
 * Store a new profile photo and drop the old one. The bytes decide the type; anything that is
 * not PNG, JPEG, GIF or WebP is refused before it is stored.
 */
export async function setPhoto(options: { db: Database; userId: string; bytes: Buffer; maxBytes: number }): Promise<CachedAccount> {
  const { db, userId, bytes, maxBytes } = options;
  if (bytes.length > maxBytes) throw fileTooLarge(maxBytes);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw invalidImage();
  await storePhoto(db, userId, bytes, contentType);
  return changedAccount(db, userId);
}

async function storePhoto(db: Database, userId: string, bytes: Buffer, contentType: ImageContentType): Promise<void> {
  // The id is the only thing guarding the photo URL (an <img> cannot send the auth header), so
  // it is a 192-bit secret rather than a guessable, time-ordered ULID.
  const id = newSecret(24);
  await db.transaction(async (tx) => {
    await tx.insert(userPhotos).values({ id, userId, contentType, size: bytes.length, sha256: sha256(bytes), data: bytes });
    const [user] = await tx
      .update(users)
      .set({ photoId: id, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ organisationId: users.organisationId });
    // Every other photo of the user goes, including any left behind by a concurrent upload.
    await tx.delete(userPhotos).where(and(eq(userPhotos.userId, userId), ne(userPhotos.id, id)));
    if (!user) throw notFound('The account could not be found.');
    await recordEvent(tx, {
      kind: 'account.photo_set',
      ...byUserOnOwnAccount({ id: userId, organisationId: user.organisationId }),
      data: { content_type: contentType, size: bytes.length },
    });
  });
}

/** Remove the profile photo; removing when there is none is not an error (and records no event). */
export async function removePhoto(options: { db: Database; userId: string }): Promise<CachedAccount> {
  const { db, userId } = options;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ photoId: null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ organisationId: users.organisationId });
    const removed = await tx.delete(userPhotos).where(eq(userPhotos.userId, userId)).returning({ id: userPhotos.id });
    if (!user || removed.length === 0) return;
    await recordEvent(tx, {
      kind: 'account.photo_removed',
      ...byUserOnOwnAccount({ id: userId, organisationId: user.organisationId }),
      data: {},
    });
  });
  return changedAccount(db, userId);
}

/** The current photo's description (no bytes), or null when the user has none. */
export async function getPhotoInfo(options: {
  db: Database;
  userId: string;
}): Promise<{ id: string; contentType: string; size: number } | null> {
  const [row] = await options.db
    .select({ id: userPhotos.id, contentType: userPhotos.contentType, size: userPhotos.size })
    .from(users)
    .innerJoin(userPhotos, eq(userPhotos.id, users.photoId))
    .where(eq(users.id, options.userId))
    .limit(1);
  return row ?? null;
}

/** A stored photo by its capability id, or undefined. */
export async function findPhoto(options: { db: Database; photoId: string }): Promise<PhotoRecord | undefined> {
  const [row] = await options.db
    .select({ id: userPhotos.id, contentType: userPhotos.contentType, size: userPhotos.size, data: userPhotos.data })
    .from(userPhotos)
    .where(eq(userPhotos.id, options.photoId))
    .limit(1);
  return row;
}

/**
 * Change the password of a signed-in user. Cheap checks come first so a rejected request costs
 * no key derivation; on success every other session is signed out and pending reset links die,
 * so whoever may have known the old password loses access.
 */
export async function changePassword(options: {
  db: Database;
  userId: string;
  keepSessionId: string;
  oldPassword: string;
  newPassword: string;
}): Promise<void> {
  const { db, userId, keepSessionId, oldPassword, newPassword } = options;
  const { user } = await getAccount({ db, userId });
  if (newPassword === oldPassword) {
    throw newPasswordRejected('Your new password must be different from your current password.');
  }
  const weakness = passwordWeakness(newPassword, [user.firstname, user.surname, user.email, user.email.split('@')[0] ?? '']);
  if (weakness) throw newPasswordRejected(weakness);
  if (!(await verifyPassword(oldPassword, user.passwordHash))) throw catalogued(400, 'wrongPassword');

  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx
      .update(actionCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(actionCodes.userId, userId), eq(actionCodes.purpose, 'resetPassword'), isNull(actionCodes.usedAt)));
    await revokeUserSessions(tx, userId, keepSessionId);
    await recordEvent(tx, {
      kind: 'account.password_changed',
      ...byUserOnOwnAccount(user),
      data: {},
    });
  });
}

function newPasswordRejected(message: string): AppError {
  return validationError([{ loc: ['body', 'new_password'], msg: message }]);
}

/** 422 from the catalogue, with the field named so the form can mark it. */
function invalidImage(): AppError {
  return uploadError(422, 'invalidUpload');
}

function fileTooLarge(maxBytes: number): AppError {
  return uploadError(413, 'fileTooLarge', `The image is larger than the ${formatBytes(maxBytes)} limit.`);
}

function uploadError(status: number, name: 'invalidUpload' | 'fileTooLarge', message?: string): AppError {
  const base = catalogued(status, name, message);
  return new AppError(status, base.message, {
    errorCode: base.errorCode,
    errorTitle: base.errorTitle,
    detail: [{ loc: ['body', 'file'], msg: base.message }],
  });
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}
