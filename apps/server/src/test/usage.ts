import { and, asc, eq, gte, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { usageEvents } from '../db/schema.ts';
import type { UsageEventRow, UsageKind, UsageTool } from '../modules/usage/service.ts';

/**
 * An organisation's usage events, oldest first, optionally since a time and for one tool or kind.
 * Always scoped to the one organisation: no event of another is ever returned.
 */
export async function listUsageEvents(options: {
  db: Database;
  organisationId: string;
  since?: Date;
  tool?: UsageTool;
  kind?: UsageKind;
}): Promise<UsageEventRow[]> {
  const { db, organisationId } = options;
  const conditions: SQL[] = [eq(usageEvents.organisationId, organisationId)];
  if (options.since) conditions.push(gte(usageEvents.createdAt, options.since));
  if (options.tool) conditions.push(eq(usageEvents.tool, options.tool));
  if (options.kind) conditions.push(eq(usageEvents.kind, options.kind));
  return db
    .select()
    .from(usageEvents)
    .where(and(...conditions))
    .orderBy(asc(usageEvents.createdAt), asc(usageEvents.id));
}
