import type { BroadcastInput } from '@verity/shared';
import { and, arrayContains, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { notifications, organisations, users } from '../../db/schema.ts';
import { recordEvent } from '../../core/events/service.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Sends the notification to every active member of the audience (an active account in an active
 * organisation) in one insert, and records the broadcast with how many it reached, in the same
 * transaction. Returns that number.
 */
export async function broadcast(options: { db: Database; adminId: string; input: BroadcastInput }): Promise<number> {
  const { db, adminId, input } = options;
  return db.transaction(async (tx) => {
    if (input.organisation_id) {
      const [organisation] = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, input.organisation_id))
        .limit(1);
      if (!organisation) throw notFound('There is no organisation with that id.');
    }
    const conditions: SQL[] = [isNull(users.disabledAt), isNull(organisations.deactivatedAt)];
    if (input.organisation_id) conditions.push(eq(users.organisationId, input.organisation_id));
    if (input.role) conditions.push(arrayContains(users.roles, [input.role]));
    const recipients = await tx
      .insert(notifications)
      .select(
        tx
          .select({
            // Random enough and unique per row: ids only need to be unique, never guessed.
            id: sql<string>`'ntf_' || md5(random()::text || clock_timestamp()::text || ${users.id})`.as('id'),
            userId: sql<string>`${users.id}`.as('user_id'),
            organisationId: sql<string>`${users.organisationId}`.as('organisation_id'),
            title: sql<string>`${input.title}`.as('title'),
            message: sql<string>`${input.message}`.as('message'),
            link: sql<string | null>`null`.as('link'),
            status: sql<'unread'>`'unread'`.as('status'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(users)
          .innerJoin(organisations, eq(organisations.id, users.organisationId))
          .where(and(...conditions)),
      )
      .returning({ id: notifications.id });
    await recordEvent(tx, {
      kind: 'notifications.broadcast',
      organisationId: input.organisation_id ?? null,
      actorUserId: adminId,
      subject: null,
      data: { title: input.title, audience: input.audience, role: input.role ?? null, recipients: recipients.length },
    });
    return recipients.length;
  });
}
