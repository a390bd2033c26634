import { asc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema.ts';
import type { TestApp } from './app.ts';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** Every message recorded for the address, oldest first, once mail still being sent has landed. */
export async function mailTo(t: TestApp, to: string): Promise<OutboxMail[]> {
  await t.mailIdle();
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
}

/** The oobCode of the first action link of this mode in a message's text. */
export function oobCodeIn(text: string, mode: 'verifyEmail' | 'resetPassword'): string {
  const match = text.match(new RegExp(`/auth/action-handler\\?mode=${mode}&oobCode=([A-Za-z0-9_%-]+)`));
  if (!match?.[1]) throw new Error(`no ${mode} link in the message`);
  return decodeURIComponent(match[1]);
}
