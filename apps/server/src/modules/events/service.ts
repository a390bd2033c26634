import type { Citation } from '@verity/shared';
import { and, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { documents, events } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { documentVisibleTo } from '../../policies/documents.ts';
import { eventSchema, type NewEvent, type RecordedEvent, TOOL_OF_KIND, USAGE_TOOLS } from './types.ts';
import { z } from 'zod';

export type EventRow = typeof events.$inferSelect;

/**
 * Record one event. Pass the transaction that makes the change the event describes, so the two
 * are kept or lost together: services call this explicitly, never through an ORM hook. The body
 * is checked against its kind's schema (unknown fields are refused). For a use of a tool, the
 * documents kept are those the organisation can see (the shared library and its own internal
 * documents; anything else is dropped, so an event never names another organisation's
 * document), with their subdomains; both lists are stored de-duplicated and sorted.
 */
export async function recordEvent(db: Database, event: NewEvent): Promise<EventRow> {
  const body = eventSchema.parse({ kind: event.kind, subject: event.subject, data: event.data });
  const tool = TOOL_OF_KIND[body.kind] ?? null;
  const used = 'documentIds' in event ? await visibleDocuments(db, event.organisationId, event.documentIds) : [];
  const [row] = await db
    .insert(events)
    .values({
      id: newId(),
      organisationId: event.organisationId,
      actorUserId: event.actorUserId,
      kind: body.kind,
      subjectType: body.subject?.type ?? null,
      subjectId: body.subject?.id ?? null,
      data: body.data,
      tool,
      documentIds: distinct(used.map((document) => document.id)),
      subdomains: distinct(used.map((document) => document.subdomain)),
    })
    .returning();
  if (!row) throw new Error('event insert returned nothing');
  return row;
}

/** The scope of an event a user caused on their own account: they are both the actor and the subject. */
export function byUserOnOwnAccount(user: { id: string; organisationId: string }) {
  return { organisationId: user.organisationId, actorUserId: user.id, subject: { type: 'user', id: user.id } } as const;
}

async function visibleDocuments(db: Database, organisationId: string, documentIds: readonly string[]) {
  const requested = distinct(documentIds);
  if (requested.length === 0) return [];
  return db
    .select({ id: documents.id, subdomain: documents.subdomain })
    .from(documents)
    .where(and(inArray(documents.id, requested), documentVisibleTo(organisationId)));
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
