import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Role } from '@verity/shared';
import type { Database } from '../../db/connect.ts';
import { organisations, sessions, users } from '../../db/schema.ts';
import { newSecret, sha256 } from '../../lib/ids.ts';
import { byUserOnOwnAccount, recordEvent } from '../events/service.ts';
import { identityCacheOf, identityChanged } from './cache.ts';
import type { AuthContext } from './caller.ts';

/** The answer's message whenever a request opens a session (sign-in, a completed invitation): SPEC's wording. */
export const SIGNED_IN_MESSAGE = 'Login successful';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteDays: number;
}

export type { AuthContext } from './caller.ts';

// last_seen_at is written at most this often, so ordinary reads do not each cost a write.
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(options: {
  db: Database;
  userId: string;
  policy: SessionPolicy;
  ip?: string;
  userAgent?: string;
}): Promise<string> {
  const token = newSecret(32);
  const now = Date.now();
  await options.db.insert(sessions).values({
    id: sha256(token),
    userId: options.userId,
    expiresAt: new Date(now + options.policy.absoluteDays * 86_400_000),
    ip: options.ip ?? null,
    userAgent: options.userAgent?.slice(0, 400) ?? null,
  });
  return token;
}

/** The session lifetimes the configuration sets. */
export function sessionPolicy(config: { SESSION_IDLE_MINUTES: number; SESSION_ABSOLUTE_DAYS: number }): SessionPolicy {
  return { idleMinutes: config.SESSION_IDLE_MINUTES, absoluteDays: config.SESSION_ABSOLUTE_DAYS };
}

/**
 * Signs in a user who has just proved who they are, whichever way (password, a completed
 * invitation, Microsoft, a new forum account): a session, last_login_at and the auth.signed_in
 * event, in the caller's transaction. Returns the session token.
 */
export async function signInUser(options: {
  db: Database;
  user: { id: string; organisationId: string };
  method: 'password' | 'microsoft';
  policy: SessionPolicy;
  ip?: string;
  userAgent?: string;
}): Promise<string> {
  const { db, user } = options;
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  const token = await createSession({ db, userId: user.id, policy: options.policy, ip: options.ip, userAgent: options.userAgent });
  await recordEvent(db, { kind: 'auth.signed_in', ...byUserOnOwnAccount(user), data: { method: options.method } });
  return token;
}

/**
 * The live session for a token, or null when unknown, revoked, idle too long or past its end.
 * Served from the process's memory (cache.ts) while it was read or recorded as used within the
 * last minute; otherwise read, and its use recorded.
 */
export async function resolveSession(options: { db: Database; token: string; policy: SessionPolicy }): Promise<AuthContext | null> {
  const { db, token, policy } = options;
  if (token.length < 20 || token.length > 200) return null;
  const id = sha256(token);
  const cache = identityCacheOf(db);
  const cached = cache?.session(id, Date.now());
  if (cached) {
    const now = Date.now();
    if (cached.expiresAt > now && now - cached.lastSeenAt <= TOUCH_INTERVAL_MS) return cached.context;
  }
  const generation = cache?.generation() ?? 0;
  const [row] = await db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      userId: users.id,
      organisationId: users.organisationId,
      roles: users.roles,
      email: users.email,
      firstname: users.firstname,
      disabledAt: users.disabledAt,
      organisationDeactivatedAt: organisations.deactivatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row || row.revokedAt || row.disabledAt || row.organisationDeactivatedAt) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) return null;
  if (now - row.lastSeenAt.getTime() > policy.idleMinutes * 60_000) return null;
  let lastSeenAt = row.lastSeenAt.getTime();
  if (now - lastSeenAt > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
    lastSeenAt = now;
  }
  const context: AuthContext = {
    sessionId: id,
    userId: row.userId,
    organisationId: row.organisationId,
    roles: row.roles as Role[],
    email: row.email,
    firstname: row.firstname,
  };
  cache?.storeSession(id, { context, lastSeenAt, expiresAt: row.expiresAt.getTime() }, generation);
  return context;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  identityChanged({ kind: 'session', id: sessionId });
}

/** Revoke every session of the user, except `keepSessionId` when given (a password change keeps the current one). */
export async function revokeUserSessions(db: Database, userId: string, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
  identityChanged({ kind: 'user', id: userId });
}
