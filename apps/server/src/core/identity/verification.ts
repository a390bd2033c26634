import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { verificationEmail } from '../../mail/templates.ts';
import { createActionCode, lastActionCodeIssuedAt } from './action-codes.ts';
import type { UserRow } from './accounts.ts';

/** However often sign-in or an administrator asks, a person gets at most one new link in this time. */
export const VERIFICATION_RESEND_INTERVAL_MS = 5 * 60_000;

/**
 * E-mails the user a new link to verify their address, unless one went less than the resend
 * interval ago; says whether it sent one. Sign-in uses it, and an administrator's "resend".
 */
export async function sendVerificationLink(options: { db: Database; config: Config; mailer: Mailer; user: UserRow }): Promise<boolean> {
  const { db, config, user } = options;
  const last = await lastActionCodeIssuedAt({ db, userId: user.id, purpose: 'verifyEmail' });
  if (last && Date.now() - last.getTime() < VERIFICATION_RESEND_INTERVAL_MS) return false;
  const code = await createActionCode({ db, config, userId: user.id, purpose: 'verifyEmail' });
  void options.mailer.send(
    verificationEmail({ to: user.email, firstname: user.firstname, appUrl: config.APP_URL, code, ttlHours: config.VERIFY_EMAIL_TTL_HOURS }),
  );
  return true;
}
