import { eq, type SQL } from 'drizzle-orm';
import type { SignupInput } from '@verity/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { organisations, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { catalogued, validationError } from '../../lib/errors.ts';
import { hashPassword, passwordWeakness, verifyPassword } from '../../lib/passwords.ts';
import { rateLimitSource } from '../../lib/rate-limit.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { passwordChangedEmail, passwordResetEmail, registrationAttemptEmail, verificationEmail } from '../../mail/templates.ts';
import { byUserOnOwnAccount, recordEvent } from '../../core/events/service.ts';
import { createOrganisation, organisationForDomain } from '../../core/identity/organisations.ts';
import { openJoinRequest } from '../../core/identity/joining.ts';
import { consumeActionCode, createActionCode, findActionCode, retireActionCodes } from '../../core/identity/action-codes.ts';
import { createAccount, findUserByEmail, type UserRow } from '../../core/identity/accounts.ts';
import { sendVerificationLink } from '../../core/identity/verification.ts';
import { identityChanged } from '../../core/identity/cache.ts';
import type { AuthRateLimits } from './rate-limits.ts';
import { revokeSession, revokeUserSessions, SIGNED_IN_MESSAGE, sessionPolicy, signInUser } from '../../core/identity/sessions.ts';

/** What every auth service function needs besides its own input. */
export interface AuthDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  limits: AuthRateLimits;
}

export const AUTH_MESSAGES = {
  loginSucceeded: SIGNED_IN_MESSAGE,
  signedUp: 'Account created. Check your e-mail for a link to verify your address.',
  loggedOut: 'Logged out successfully.',
  resetRequested: 'If an account exists for that address, we have sent a link to reset the password.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  resetCodeValid: 'The link is valid. Choose a new password.',
  emailVerified: 'Your e-mail address has been verified.',
} as const;

/** The roles of whoever signs up on their own: they use Verity and look after their organisation. */
const SIGNUP_ROLES = ['standard', 'champion'] as const;

/** Checks the password and opens a session; every refusal looks the same whether or not the e-mail is known. */
export async function login(
  options: AuthDeps & { email: string; password: string; ip?: string; userAgent?: string },
): Promise<{ token: string; user: UserRow }> {
  const { db, config, limits, email } = options;
  const attempt = await limits.login.begin(email, rateLimitSource(options.ip));
  const account = await findAccount(db, eq(users.email, email));
  // verifyPassword spends the same time on a missing hash, so an unknown address is not faster.
  const passwordMatches = await verifyPassword(options.password, account?.user.passwordHash ?? null);
  if (!account || !passwordMatches) {
    await attempt.failed();
    options.log.info({ event: 'login_failed' }, 'sign-in refused: wrong e-mail or password');
    throw catalogued(401, 'invalidCredentials');
  }
  const { user } = account;
  const refusedAnyway =
    Boolean(user.disabledAt || account.organisationDeactivatedAt) || (config.REQUIRE_EMAIL_VERIFICATION && !user.emailVerifiedAt);
  await attempt.succeeded(!refusedAnyway);
  if (user.disabledAt || account.organisationDeactivatedAt) throw catalogued(403, 'accountDisabled');
  if (config.REQUIRE_EMAIL_VERIFICATION && !user.emailVerifiedAt) {
    // A new link, at most one per interval however often they try.
    await sendVerificationLink({ ...options, user });
    throw catalogued(403, 'emailNotVerified');
  }
  const token = await db.transaction((tx) =>
    signInUser({ db: tx, user, method: 'password', policy: sessionPolicy(config), ip: options.ip, userAgent: options.userAgent }),
  );
  options.log.info({ event: 'login', userId: user.id }, 'signed in');
  return { token, user };
}

/**
 * Checks the request, then creates the account and its organisation — or, when the address is
 * taken, quietly e-mails the owner instead — after the answer has gone: the caller answers the
 * same, in the same time, either way, so sign-up cannot reveal who has an account.
 */
export async function signup(options: AuthDeps & { input: SignupInput }): Promise<void> {
  const { input } = options;
  await options.limits.account.signup.consume(input.email);
  const [localPart = ''] = splitEmail(input.email);
  const weakness = passwordWeakness(input.password, [input.first_name, input.surname, localPart]);
  if (weakness) throw validationError([{ loc: ['body', 'password'], msg: weakness }]);
  options.mailer.later('signup', () => createAccountOrNotifyOwner(options));
}

async function createAccountOrNotifyOwner(options: AuthDeps & { input: SignupInput }): Promise<void> {
  const { db, config, input } = options;
  const [, domain = ''] = splitEmail(input.email);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    notifyExistingOwner(options, existing);
    return;
  }

  let user: UserRow;
  try {
    user = await db.transaction(async (tx) => {
      // An organisation that verified the address's domain is asked to let the person join: they
      // hold no role until one of its champions approves. Otherwise they start their own, as its champion.
      const joining = await organisationForDomain(tx, domain);
      const organisation = joining ?? (await createOrganisation({ db: tx, name: domain }));
      const roles = joining ? [] : [...SIGNUP_ROLES];
      const created = await createAccount({
        db: tx,
        organisationId: organisation.id,
        email: input.email,
        firstname: input.first_name,
        surname: input.surname,
        jobTitle: input.job_title,
        password: input.password,
        roles,
        emailVerified: false,
      });
      await recordEvent(tx, {
        kind: 'auth.account_created',
        ...byUserOnOwnAccount(created),
        data: { via: 'sign_up', roles, organisation_created: !joining },
      });
      if (joining) await openJoinRequest({ db: tx, user: created, domain });
      return created;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two sign-ups for one address raced: the loser is treated like any taken address.
    const winner = await findUserByEmail(db, input.email);
    if (winner) notifyExistingOwner(options, winner);
    return;
  }
  options.log.info({ event: 'signup', userId: user.id }, 'account created');
  const code = await createActionCode({ db, config, userId: user.id, purpose: 'verifyEmail' });
  dispatch(
    options,
    verificationEmail({ to: user.email, firstname: user.firstname, appUrl: config.APP_URL, code, ttlHours: config.VERIFY_EMAIL_TTL_HOURS }),
  );
}

export async function signout(options: { db: Database; sessionId: string }): Promise<void> {
  await revokeSession(options.db, options.sessionId);
}

/**
 * E-mails a reset link when the account exists and may sign in. That is done after the answer has
 * gone, so the caller answers the same, in the same time, whether or not there was anything to send.
 */
export async function requestPasswordReset(options: AuthDeps & { email: string }): Promise<void> {
  await options.limits.account.requestPasswordReset.consume(options.email);
  options.mailer.later('password_reset_request', () => sendPasswordReset(options));
}

async function sendPasswordReset(options: AuthDeps & { email: string }): Promise<void> {
  const { db, config, email } = options;
  const account = await findAccount(db, eq(users.email, email));
  if (!account || account.user.disabledAt || account.organisationDeactivatedAt) return;
  const { user } = account;
  // An invited person who has not completed their profile has no password to reset: their way in
  // is the invitation (its page sends a new link), which also tells the inviting champion.
  if (user.passwordHash === null) return;
  const code = await createActionCode({ db, config, userId: user.id, purpose: 'resetPassword' });
  dispatch(
    options,
    passwordResetEmail({
      to: user.email,
      firstname: user.firstname,
      appUrl: config.APP_URL,
      code,
      ttlMinutes: config.RESET_PASSWORD_TTL_MINUTES,
    }),
  );
}

/**
 * Whether a reset link's code would still set a password (live, of an enabled account), without
 * using it up: the reset page asks first, so a bad link never shows the new-password form.
 */
export async function checkResetCode(options: { db: Database; code: string }): Promise<void> {
  const found = await findActionCode({ db: options.db, code: options.code, purpose: 'resetPassword' });
  if (!found) throw catalogued(400, 'invalidActionCode');
  const account = await findAccount(options.db, eq(users.id, found.userId));
  if (!account || account.user.disabledAt || account.organisationDeactivatedAt) throw catalogued(400, 'invalidActionCode');
}

/**
 * Sets a new password with a code from a reset e-mail. Every session ends (whoever knew the old
 * password is signed out) and the address counts as verified, since the link proved the mailbox.
 */
export async function resetPassword(options: AuthDeps & { code: string; newPassword: string }): Promise<void> {
  const { db, config, code, newPassword } = options;
  const found = await findActionCode({ db, code, purpose: 'resetPassword' });
  if (!found) throw catalogued(400, 'invalidActionCode');
  await options.limits.account.resetPassword.consume(found.userId);
  const account = await findAccount(db, eq(users.id, found.userId));
  if (!account || account.user.disabledAt || account.organisationDeactivatedAt) throw catalogued(400, 'invalidActionCode');
  const { user } = account;
  // Checked before the code is used, so a rejected password leaves the link working.
  const weakness = passwordWeakness(newPassword, [user.firstname, user.surname, splitEmail(user.email)[0] ?? '']);
  if (weakness) throw validationError([{ loc: ['body', 'newPassword'], msg: weakness }]);

  const passwordHash = await hashPassword(newPassword);
  const changedAt = new Date();
  const changed = await db.transaction(async (tx) => {
    const consumed = await consumeActionCode({ db: tx, code, purpose: 'resetPassword' });
    if (!consumed || consumed.userId !== user.id) return false;
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? changedAt, updatedAt: changedAt })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id);
    await retireActionCodes({ db: tx, userId: user.id, purpose: 'resetPassword' });
    await recordEvent(tx, {
      kind: 'auth.password_reset',
      ...byUserOnOwnAccount(user),
      data: { email_verified: !user.emailVerifiedAt },
    });
    return true;
  });
  if (!changed) throw catalogued(400, 'invalidActionCode');
  options.log.info({ event: 'password_reset', userId: user.id }, 'password reset; all sessions revoked');
  dispatch(
    options,
    passwordChangedEmail({
      to: user.email,
      firstname: user.firstname,
      appUrl: config.APP_URL,
      supportEmail: config.SUPPORT_EMAIL,
      changedAt,
    }),
  );
}

/** Uses a verification code; the event is recorded only when the address was not verified yet. */
export async function verifyEmail(options: { db: Database; log: FastifyBaseLogger; code: string }): Promise<void> {
  const { code } = options;
  const userId = await options.db.transaction(async (tx) => {
    const consumed = await consumeActionCode({ db: tx, code, purpose: 'verifyEmail' });
    if (!consumed) return null;
    const [user] = await tx
      .select({ organisationId: users.organisationId, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, consumed.userId))
      .limit(1);
    if (user && !user.emailVerifiedAt) {
      const now = new Date();
      await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, consumed.userId));
      await recordEvent(tx, {
        kind: 'auth.email_verified',
        ...byUserOnOwnAccount({ id: consumed.userId, organisationId: user.organisationId }),
        data: {},
      });
    }
    return consumed.userId;
  });
  if (!userId) throw catalogued(400, 'invalidActionCode');
  // A session of theirs elsewhere shows the address verified on its next request.
  identityChanged({ kind: 'user', id: userId });
  options.log.info({ event: 'email_verified', userId }, 'e-mail address verified');
}

function notifyExistingOwner(options: AuthDeps, owner: UserRow): void {
  dispatch(options, registrationAttemptEmail({ to: owner.email, firstname: owner.firstname, appUrl: options.config.APP_URL }));
}

/**
 * Delivery is not awaited: an SMTP round trip would make "account exists" answers measurably
 * slower than "no such account". The mailer records the outcome and logs failures itself, and
 * waits for unfinished deliveries when the app closes.
 */
function dispatch(options: AuthDeps, message: MailMessage): void {
  void options.mailer.send(message);
}

async function findAccount(db: Database, where: SQL) {
  const [row] = await db
    .select({ user: users, organisationDeactivatedAt: organisations.deactivatedAt })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(where)
    .limit(1);
  return row;
}

function splitEmail(email: string): [string, string] {
  const at = email.lastIndexOf('@');
  return [email.slice(0, at), email.slice(at + 1)];
}
