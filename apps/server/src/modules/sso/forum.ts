import type { CreateForumUserInput } from '@verity/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import { byUserOnOwnAccount, recordEvent } from '../../core/events/service.ts';
import { createAccount, findUserByEmail, photoUrl, type UserRow } from '../../core/identity/accounts.ts';
import { createOrganisation } from '../../core/identity/organisations.ts';
import { sessionPolicy, signInUser } from '../../core/identity/sessions.ts';
import { sendVerificationLink } from '../../core/identity/verification.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, catalogued, validationError } from '../../lib/errors.ts';
import { passwordWeakness } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { forumAnswerUrl, forumUsername, readForumRequest } from './forum-protocol.ts';

/** A forum-only account can use the forum and its own profile; its champion (or an administrator) can give it more. */
const FORUM_ROLES = ['guest'] as const;

type ForumConfig = Pick<Config, 'APP_URL' | 'DISCOURSE_CONNECT_SECRET' | 'FORUM_URL'>;

function forumSettings(config: ForumConfig): { secret: string; forumUrl: string } {
  if (!config.DISCOURSE_CONNECT_SECRET || !config.FORUM_URL)
    throw new AppError(404, 'The community forum is not configured on this server.');
  return { secret: config.DISCOURSE_CONNECT_SECRET, forumUrl: config.FORUM_URL };
}

/**
 * Answers the forum's sign-in request for the signed-in user: the request is checked, then the
 * browser is sent back to the forum with the signed description of the user. The forum trusts
 * the address only once Verity has verified it (require_activation until then).
 */
export async function connectForum(options: {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  userId: string;
  sso: string;
  sig: string;
}): Promise<string> {
  const { db, config, log } = options;
  const { secret, forumUrl } = forumSettings(config);
  let request: ReturnType<typeof readForumRequest>;
  try {
    request = readForumRequest({ secret, forumUrl, sso: options.sso, sig: options.sig });
  } catch (error) {
    log.info({ event: 'forum_sign_on_refused' }, 'forum sign-in request refused: bad signature, nonce or return address');
    throw error;
  }
  const [user] = await db.select().from(users).where(eq(users.id, options.userId)).limit(1);
  if (!user) throw catalogued(401, 'sessionExpired');
  const requireActivation = user.emailVerifiedAt === null;
  const redirect = forumAnswerUrl(request, secret, {
    externalId: user.externalId,
    email: user.email,
    username: forumUsername(user.email),
    name: `${user.firstname} ${user.surname}`.trim(),
    avatarUrl: user.photoId ? `${config.APP_URL}${photoUrl(user.photoId)}` : null,
    requireActivation,
  });
  await recordEvent(db, { kind: 'auth.forum_signed_on', ...byUserOnOwnAccount(user), data: { require_activation: requireActivation } });
  log.info({ event: 'forum_signed_on', userId: user.id }, 'signed in to the forum');
  return redirect;
}

/**
 * A forum-only account: a guest of a new organisation named as the person gave it (as self sign-up
 * does with the e-mail domain), signed in at once so the forum round trip carries on, and sent a
 * link to verify the address. An address that already has an account is refused: its owner signs
 * in instead (the forum sign-in page offers exactly that).
 */
export async function createForumUser(options: {
  db: Database;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  input: CreateForumUserInput;
  ip?: string;
  userAgent?: string;
}): Promise<{ token: string; user: UserRow }> {
  const { db, config, input } = options;
  forumSettings(config);
  const localPart = input.email.slice(0, input.email.lastIndexOf('@'));
  const weakness = passwordWeakness(input.new_password, [input.first_name, input.last_name, localPart]);
  if (weakness) throw validationError([{ loc: ['body', 'new_password'], msg: weakness }]);
  const taken = () =>
    catalogued(409, 'emailTaken', 'An account with this e-mail address already exists. Sign in with it to continue to the forum.');
  if (await findUserByEmail(db, input.email)) throw taken();

  let created: { token: string; user: UserRow };
  try {
    created = await db.transaction(async (tx) => {
      const organisation = await createOrganisation({ db: tx, name: input.organisation });
      const user = await createAccount({
        db: tx,
        organisationId: organisation.id,
        email: input.email,
        firstname: input.first_name,
        surname: input.last_name,
        jobTitle: input.job_title,
        password: input.new_password,
        roles: [...FORUM_ROLES],
        emailVerified: false,
      });
      await recordEvent(tx, {
        kind: 'auth.account_created',
        ...byUserOnOwnAccount(user),
        data: { via: 'forum', roles: [...FORUM_ROLES], organisation_created: true },
      });
      const token = await signInUser({
        db: tx,
        user,
        method: 'password',
        policy: sessionPolicy(config),
        ip: options.ip,
        userAgent: options.userAgent,
      });
      return { token, user };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  options.log.info({ event: 'signup', via: 'forum', userId: created.user.id }, 'forum account created');
  await sendVerificationLink({ db, config, mailer: options.mailer, user: created.user });
  return created;
}
