import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OUTBOX_PAGE_SIZE, type OutboxMessage, type OutboxMessageText, type OutboxResponse, type SystemStatus } from '@verity/shared';
import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { chatEngineFor } from '../../ai/engine.ts';
import type { Config } from '../../config.ts';
import type { Database, DatabaseHandle } from '../../db/connect.ts';
import { jobs, mailOutbox } from '../../db/schema.ts';
import { embeddingSettingsFor, providerSettingsFor } from '../../core/provider/settings.ts';
import { recordEvent } from '../../core/events/service.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { VERSION } from '../../lib/version.ts';

const DAY_MS = 86_400_000;
/** How many of the latest failed jobs the status lists. */
const RECENT_FAILURES = 10;

const shippedMigrations = readdirSync(fileURLToPath(new URL('../../db/migrations/', import.meta.url))).filter((name) =>
  name.endsWith('.sql'),
).length;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

async function databaseStatus(database: DatabaseHandle): Promise<SystemStatus['database']> {
  const { db } = database;
  const [[version], [size], [applied]] = await Promise.all([
    db.execute(sql`select current_setting('server_version') as version`).then(rowsOf<{ version: string }>),
    db.execute(sql`select pg_database_size(current_database())::bigint as bytes`).then(rowsOf<{ bytes: string | number }>),
    db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`).then(rowsOf<{ n: number }>),
  ]);
  return {
    kind: database.kind === 'pglite' ? 'embedded' : 'postgresql',
    size_bytes: size?.bytes === undefined ? null : Number(size.bytes),
    server_version: version?.version ?? 'unknown',
    migrations_applied: Number(applied?.n ?? 0),
    migrations_shipped: shippedMigrations,
  };
}

async function emailStatus(db: Database, config: Config, now: Date): Promise<SystemStatus['email']> {
  const since = new Date(now.getTime() - DAY_MS);
  const [[lastSent], [failed], [kept]] = await Promise.all([
    db
      .select({ at: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.transport, 'smtp'), isNotNull(mailOutbox.sentAt)))
      .orderBy(desc(mailOutbox.sentAt))
      .limit(1),
    db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(isNotNull(mailOutbox.error), gte(mailOutbox.createdAt, since))),
    db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.transport, 'outbox')),
  ]);
  return {
    transport: config.SMTP_URL ? 'smtp' : 'outbox',
    last_sent_at: lastSent?.at?.toISOString() ?? null,
    failed_last_day: Number(failed?.n ?? 0),
    in_outbox: Number(kept?.n ?? 0),
  };
}

async function jobStatus(db: Database, now: Date): Promise<SystemStatus['jobs']> {
  const since = new Date(now.getTime() - DAY_MS);
  const [byStatus, [succeeded], failures] = await Promise.all([
    db.select({ status: jobs.status, n: count() }).from(jobs).groupBy(jobs.status),
    db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.status, 'succeeded'), gte(jobs.updatedAt, since))),
    db
      .select({ id: jobs.id, kind: jobs.kind, error: jobs.error, attempts: jobs.attempts, at: jobs.updatedAt })
      .from(jobs)
      .where(eq(jobs.status, 'failed'))
      .orderBy(desc(jobs.updatedAt))
      .limit(RECENT_FAILURES),
  ]);
  const of = (status: string) => Number(byStatus.find((row) => row.status === status)?.n ?? 0);
  return {
    queued: of('queued'),
    running: of('running'),
    failed: of('failed'),
    succeeded_last_day: Number(succeeded?.n ?? 0),
    recent_failures: failures.map((row) => ({
      id: row.id,
      kind: row.kind,
      error: row.error,
      attempts: row.attempts,
      failed_at: row.at.toISOString(),
    })),
  };
}

/** The installation at a glance: every figure read now, in parallel. */
export async function systemStatus(options: { database: DatabaseHandle; config: Config; now?: Date }): Promise<SystemStatus> {
  const { database, config } = options;
  const now = options.now ?? new Date();
  const provider = providerSettingsFor(config);
  const [databasePart, email, queue] = await Promise.all([
    databaseStatus(database),
    emailStatus(database.db, config, now),
    jobStatus(database.db, now),
  ]);
  return {
    version: VERSION,
    database: databasePart,
    ai: {
      configured: provider !== null,
      engine: chatEngineFor(config).label,
      model: provider?.model ?? null,
      embeddings_model: embeddingSettingsFor(config)?.model ?? null,
    },
    email,
    jobs: queue,
  };
}

function listed(row: typeof mailOutbox.$inferSelect): OutboxMessage {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    created_at: row.createdAt.toISOString(),
    transport: row.transport,
    sent_at: row.sentAt?.toISOString() ?? null,
    failed: row.error !== null,
  };
}

/** The e-mails, newest first, without their text. */
export async function listOutbox(db: Database, page: number): Promise<OutboxResponse> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((page - 1) * OUTBOX_PAGE_SIZE),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  return { messages: rows.map(listed), total: Number(total?.n ?? 0), page, page_size: OUTBOX_PAGE_SIZE };
}

/**
 * The text of a message kept in the outbox (never delivered by SMTP), for the administrator to
 * pass on; the reading is an audit entry, since the text may hold a link that signs someone in.
 */
export async function readOutboxMessage(options: {
  db: Database;
  admin: { userId: string; organisationId: string };
  messageId: string;
}): Promise<OutboxMessageText> {
  const { db, admin } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, options.messageId)).limit(1);
    if (!row) throw notFound('There is no e-mail with that id.');
    if (row.transport !== 'outbox') throw new AppError(409, 'That e-mail was delivered through SMTP; its text is not shown here.');
    await recordEvent(tx, {
      kind: 'mail.outbox_read',
      organisationId: admin.organisationId,
      actorUserId: admin.userId,
      subject: null,
      data: { message_id: row.id, to: row.toAddress },
    });
    return { ...listed(row), text: row.textBody };
  });
}
