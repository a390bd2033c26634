import type { Citation } from '@verity/shared';
import { and, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { documents, events } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { currentRequestIp } from '../../lib/request-context.ts';
import { documentVisibleTo } from '../policies/documents.ts';
import { addToUsageRollups } from './rollups.ts';
import { eventSchema, type NewEvent, type RecordedEvent, TOOL_OF_KIND, USAGE_TOOLS } from './types.ts';
import { z } from 'zod';

export type EventRow = typeof events.$inferSelect;

/**
 * Record one event. Pass the transaction that makes the change the event describes, so the two
 * are kept or lost together: services call this explicitly, never through an ORM hook. The body
 * is checked against its kind's schema (unknown fields are refused). For a use of a tool, the
 * documents kept are those the organisation can see (the shared library and its own internal
 * documents; anything else is dropped, so an event never names another organisation's
 * document), with their subdomains; both lists are stored de-duplicated and sorted. Written
 * while serving a request, it keeps the client's address for the audit log.
 */
export async function recordEvent(db: Database, event: NewEvent): Promise<EventRow> {
  const [row] = await recordEvents(db, [event]);
  if (!row) throw new Error('event insert returned nothing');
  return row;
}

/** An event with when it happened and from which address, when it is recorded later than that. */
export type LaterEvent = NewEvent & { at?: Date; ip?: string | null };

/**
 * Record several events in one insert, each checked as recordEvent checks one. `at` dates an
 * event: history replayed into the demo organisation (seed/demo-activity.ts), and events an
 * EventBuffer writes a moment after they happened, with the address of their request (`ip`).
 */
export async function recordEvents(db: Database, batch: readonly LaterEvent[]): Promise<EventRow[]> {
  if (batch.length === 0) return [];
  const visible = await visibleDocumentsOfBatch(db, batch);
  const requestIp = currentRequestIp();
  const rows = batch.map((event) => {
    const body = eventSchema.parse({ kind: event.kind, subject: event.subject, data: event.data });
    const used =
      'documentIds' in event ? distinct(event.documentIds).flatMap((id) => visible.get(`${event.organisationId}:${id}`) ?? []) : [];
    return {
      id: newId(),
      organisationId: event.organisationId,
      actorUserId: event.actorUserId,
      kind: body.kind,
      subjectType: body.subject?.type ?? null,
      subjectId: body.subject?.id ?? null,
      data: body.data,
      tool: TOOL_OF_KIND[body.kind] ?? null,
      documentIds: distinct(used.map((document) => document.id)),
      subdomains: distinct(used.map((document) => document.subdomain)),
      ip: event.ip !== undefined ? event.ip : requestIp,
      ...(event.at ? { createdAt: event.at } : {}),
    };
  });
  // One unit with the rollups it feeds (a savepoint inside the caller's transaction).
  return db.transaction(async (tx) => {
    const written = await tx.insert(events).values(rows).returning();
    await addToUsageRollups(tx, written);
    return written;
  });
}

/**
 * Events of frequent reads that change nothing (a search), written a moment later in batches: one
 * insert and one update of each rollup per batch instead of per request, so a busy organisation's
 * searches do not queue on its rollup rows. Each keeps its time and its request's address. A batch
 * is written `flushMs` after its first event, at once when `maxEvents` are waiting, and when the
 * app closes; a process killed in between loses that moment's events (never a change, since
 * nothing else is in them). A batch that cannot be written is logged (counts only) and dropped.
 */
export interface EventBuffer {
  /**
   * Resolves at once, unless `maxEvents` are already waiting to be written: then once they are,
   * so that requests arriving faster than the database can record them wait (memory stays bounded).
   */
  add(event: NewEvent): Promise<void>;
  /** Writes what is waiting; resolves once it and any batch already being written are stored. */
  flush(): Promise<void>;
  /** Writes what is waiting and takes no more (the app is closing). */
  close(): Promise<void>;
}

// The buffers of the apps running in this process, for flushEventBuffers.
const openBuffers = new Set<EventBuffer>();

/** Writes what every open buffer holds: for tests that compare the database before and after a request. */
export async function flushEventBuffers(): Promise<void> {
  await Promise.all([...openBuffers].map((buffer) => buffer.flush()));
}

export function createEventBuffer(options: { db: Database; log: FastifyBaseLogger; flushMs?: number; maxEvents?: number }): EventBuffer {
  const { db, log, flushMs = 200, maxEvents = 500 } = options;
  let waiting: LaterEvent[] = [];
  // Added and not yet written: waiting, or in a batch being written.
  let unwritten = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await recordEvents(db, batch);
      } catch (error) {
        log.error({ err: error, events: batch.length }, 'a batch of events could not be recorded');
      } finally {
        unwritten -= batch.length;
      }
    });
    return writing;
  };
  const buffer: EventBuffer = {
    add(event) {
      waiting.push({ ...event, at: new Date(), ip: currentRequestIp() });
      unwritten++;
      if (waiting.length >= maxEvents) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
      // More than a batch behind: this request waits for what is being written.
      return unwritten > maxEvents ? writing : Promise.resolve();
    },
    flush,
    close: async () => {
      openBuffers.delete(buffer);
      await flush();
    },
  };
  openBuffers.add(buffer);
  return buffer;
}

/** The scope of an event a user caused on their own account: they are both the actor and the subject. */
export function byUserOnOwnAccount(user: { id: string; organisationId: string }) {
  return { organisationId: user.organisationId, actorUserId: user.id, subject: { type: 'user', id: user.id } } as const;
}

/** The documents each event's organisation can see among those the batch names, keyed `organisation:document`. */
async function visibleDocumentsOfBatch(db: Database, batch: readonly NewEvent[]) {
  const requested = new Map<string, Set<string>>();
  for (const event of batch) {
    if (!('documentIds' in event) || event.documentIds.length === 0) continue;
    const ids = requested.get(event.organisationId) ?? new Set<string>();
    for (const id of event.documentIds) ids.add(id);
    requested.set(event.organisationId, ids);
  }
  const visible = new Map<string, { id: string; subdomain: string }>();
  for (const [organisationId, ids] of requested) {
    const rows = await db
      .select({ id: documents.id, subdomain: documents.subdomain })
      .from(documents)
      .where(and(inArray(documents.id, [...ids]), documentVisibleTo(organisationId)));
    for (const row of rows) visible.set(`${organisationId}:${row.id}`, row);
  }
  return visible;
}

/**
 * A chat question was answered: one `chat.question_asked` event with the library documents the
 * answer cited (attached files are not library documents). It is written after the answer has
 * been sent, so a failure is logged (ids only, never question or document text) and swallowed:
 * bookkeeping must never break the answer the user is reading.
 */
export async function recordChatQuestion(options: {
  db: Database;
  organisationId: string;
  userId: string;
  sessionId: string;
  citations: readonly Citation[];
  log: FastifyBaseLogger;
}): Promise<void> {
  const { db, organisationId, userId, sessionId, citations, log } = options;
  const documentIds = citations.filter((citation) => citation.source === 'library').map((citation) => citation.document_id);
  try {
    await recordEvent(db, {
      kind: 'chat.question_asked',
      organisationId,
      actorUserId: userId,
      subject: { type: 'chat_session', id: sessionId },
      data: {},
      documentIds,
    });
  } catch (error) {
    // The failed query's parameters are ids and subdomain names only.
    log.error({ err: error, organisationId, userId, sessionId }, 'chat usage event could not be recorded');
  }
}

/** A stored row as its typed event; throws when the row does not match its kind (it was not written by recordEvent). */
export function readEvent(row: EventRow): RecordedEvent {
  const subject = row.subjectType === null || row.subjectId === null ? null : { type: row.subjectType, id: row.subjectId };
  const body = eventSchema.parse({ kind: row.kind, subject, data: row.data });
  return {
    ...body,
    id: row.id,
    organisationId: row.organisationId,
    actorUserId: row.actorUserId,
    tool: storedTool.parse(row.tool),
    documentIds: row.documentIds,
    subdomains: row.subdomains,
    createdAt: row.createdAt,
  };
}

const storedTool = z.enum(USAGE_TOOLS).nullable();

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}
