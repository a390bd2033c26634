import { and, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/connect.ts';
import { reviews, writeDocuments } from '../db/schema.ts';
import { notify } from '../core/notifications/service.ts';
import { defineJob, enqueue, jobHandler } from './definition.ts';
import type { JobHandler } from './worker.ts';
import { WATCH_LAPSE_MS } from './watching.ts';

/**
 * "Your minutes are ready" (or review) only for an author who did not see it finish. A page that
 * follows the work polls its job, and every poll is written down (`watched_at`, jobs/watching.ts).
 * When the work ends, a poll within WATCH_LAPSE_MS means someone is watching: no notice. Otherwise
 * the notice is not sent at once but queued as a job due READY_NOTICE_DELAY_MS later, because a
 * quick job can end before the page that asked for it has loaded and polled even once; when it
 * runs, it is sent only if no poll came after the work ended. Both checks compare two times taken
 * by the database's clock (`now()`), never a server process's, and the notice is a row in the
 * shared job queue, so any process may finish the work and any may send the notice, across
 * restarts (docs/events.md, "Ready notifications").
 */

/** Long enough for the page that started the work to load and poll once on a slow phone. */
export const READY_NOTICE_DELAY_MS = 10_000;

const SUBJECTS = { write: writeDocuments, review: reviews } as const;
export type ReadySubject = keyof typeof SUBJECTS;

const notificationSchema = z.object({
  user_id: z.string().min(1),
  organisation_id: z.string().min(1),
  title: z.string().min(1),
  message: z.string(),
  link: z.string().min(1),
});

export const readyNoticeJob = defineJob(
  'ready_notice',
  z.object({
    subject: z.enum(['write', 'review']),
    id: z.string().min(1),
    /** When the work ended, by the database's clock (ISO 8601). */
    ready_at: z.string().min(1),
    notification: notificationSchema,
  }),
);
export const READY_NOTICE_JOB_KIND = readyNoticeJob.kind;

export interface ReadyNotification {
  userId: string;
  organisationId: string;
  title: string;
  message: string;
  link: string;
}

/**
 * Called in the transaction that marks the work ready: nothing when the author's page is watching
 * now; otherwise the notice, queued to be sent after `delayMs` unless a page sees the work first.
 */
export async function noticeUnlessWatched(options: {
  tx: Database;
  subject: ReadySubject;
  id: string;
  notification: ReadyNotification;
  delayMs?: number;
}): Promise<void> {
  const { tx, subject, id, notification } = options;
  const table = SUBJECTS[subject];
  const lapse = sql`now() - make_interval(secs => ${WATCH_LAPSE_MS / 1000})`;
  const [state] = await tx
    .select({
      watched: sql<boolean>`coalesce(${table.watchedAt} > ${lapse}, false)`,
      now: sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(table)
    .where(eq(table.id, id));
  if (!state || state.watched) return;
  const delayMs = options.delayMs ?? READY_NOTICE_DELAY_MS;
  await enqueue(readyNoticeJob, {
    db: tx,
    maxAttempts: 3,
    runAt: new Date(Date.now() + delayMs),
    payload: {
      subject,
      id,
      ready_at: state.now,
      notification: {
        user_id: notification.userId,
        organisation_id: notification.organisationId,
        title: notification.title,
        message: notification.message,
        link: notification.link,
      },
    },
  });
}

/** Sends a queued notice unless the work was deleted or redone, or a page has seen it since it ended. */
export function readyNoticeJobHandler(): JobHandler {
  return jobHandler(readyNoticeJob, {
    async run({ payload, db }) {
      const table = SUBJECTS[payload.subject];
      const readyAt = new Date(payload.ready_at);
      const [seen] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, payload.id), gte(table.watchedAt, new Date(readyAt.getTime() - WATCH_LAPSE_MS))));
      const [current] = await db.select({ status: table.status }).from(table).where(eq(table.id, payload.id));
      if (seen || current?.status !== 'ready') return { sent: false };
      const { notification } = payload;
      await notify({
        db,
        userId: notification.user_id,
        organisationId: notification.organisation_id,
        title: notification.title,
        message: notification.message,
        link: notification.link,
      });
      return { sent: true };
    },
  });
}
