import { and, asc, eq, gte, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { events } from '../db/schema.ts';
import { readEvent } from '../core/events/service.ts';
import type { EventKind, RecordedEventOf, UsageTool } from '../core/events/types.ts';

/**
 * An organisation's events, oldest first and typed, optionally since a time and for one tool or
 * kind. Always scoped to the one organisation (or to the shared library's, for null): no event
 * of another is ever returned.
 */
export async function listEvents<K extends EventKind = EventKind>(options: {
  db: Database;
  organisationId: string | null;
  since?: Date;
  tool?: UsageTool;
  kind?: K;
}): Promise<RecordedEventOf<K>[]> {
  const { db, organisationId } = options;
  const conditions: SQL[] = [organisationId === null ? isNull(events.organisationId) : eq(events.organisationId, organisationId)];
  if (options.since) conditions.push(gte(events.createdAt, options.since));
  if (options.tool) conditions.push(eq(events.tool, options.tool));
  if (options.kind) conditions.push(eq(events.kind, options.kind));
  const rows = await db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.createdAt), asc(events.id));
  // Only rows of the kind asked for were selected.
  return rows.map(readEvent) as RecordedEventOf<K>[];
}
