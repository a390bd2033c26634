import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { actionCodes } from '../../db/schema.ts';
import { newId, newSecret, sha256 } from '../../lib/ids.ts';

export type ActionPurpose = (typeof actionCodes.$inferSelect)['purpose'];

type TtlConfig = Pick<Config, 'VERIFY_EMAIL_TTL_HOURS' | 'RESET_PASSWORD_TTL_MINUTES'>;

function actionCodeTtlMs(config: TtlConfig, purpose: ActionPurpose): number {
  return purpose === 'verifyEmail' ? config.VERIFY_EMAIL_TTL_HOURS * 3_600_000 : config.RESET_PASSWORD_TTL_MINUTES * 60_000;
}

/**
 * A fresh single-use code for the user. Only its SHA-256 is stored, so a copy of the database
 * cannot be used to verify or reset anyone. A new reset code retires the user's earlier unused
 * ones: only the newest e-mail works.
 */
export async function createActionCode(options: {
  db: Database;
  config: TtlConfig;
  userId: string;
  purpose: ActionPurpose;
}): Promise<string> {
  const { db, userId, purpose } = options;
  const code = newSecret(32);
  const now = new Date();
  if (purpose === 'resetPassword') await retireActionCodes({ db, userId, purpose });
  await db.insert(actionCodes).values({
    id: newId(),
    codeHash: sha256(code),
    userId,
    purpose,
    expiresAt: new Date(now.getTime() + actionCodeTtlMs(options.config, purpose)),
    createdAt: now,
  });
  return code;
}

/** The user a live (unused, unexpired) code belongs to, without using it up. */
export async function findActionCode(options: { db: Database; code: string; purpose: ActionPurpose }): Promise<{ userId: string } | null> {
  const [row] = await options.db
    .select({ userId: actionCodes.userId })
    .from(actionCodes)
    .where(liveCode(options.code, options.purpose))
    .limit(1);
  return row ?? null;
}

/**
 * Use the code up. One UPDATE both checks and marks it, so two requests racing with the same
 * code cannot both succeed: the loser gets null.
 */
export async function consumeActionCode(options: {
  db: Database;
  code: string;
  purpose: ActionPurpose;
}): Promise<{ userId: string } | null> {
  const [row] = await options.db
    .update(actionCodes)
    .set({ usedAt: new Date() })
    .where(liveCode(options.code, options.purpose))
    .returning({ userId: actionCodes.userId });
  return row ?? null;
}

/** Mark every unused code of this purpose as used (a newer one replaces them, or the job is done). */
export async function retireActionCodes(options: { db: Database; userId: string; purpose: ActionPurpose }): Promise<void> {
  await options.db
    .update(actionCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(actionCodes.userId, options.userId), eq(actionCodes.purpose, options.purpose), isNull(actionCodes.usedAt)));
}

/** When the user's newest code of this purpose was issued, to throttle re-sends. */
export async function lastActionCodeIssuedAt(options: { db: Database; userId: string; purpose: ActionPurpose }): Promise<Date | null> {
  const [row] = await options.db
    .select({ createdAt: actionCodes.createdAt })
    .from(actionCodes)
    .where(and(eq(actionCodes.userId, options.userId), eq(actionCodes.purpose, options.purpose)))
    .orderBy(desc(actionCodes.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

function liveCode(code: string, purpose: ActionPurpose) {
  return and(
    eq(actionCodes.codeHash, sha256(code)),
    eq(actionCodes.purpose, purpose),
    isNull(actionCodes.usedAt),
    gt(actionCodes.expiresAt, new Date()),
  );
}
